import { describe, expect, it } from "vitest";
import { SameDocument } from "./schema";

describe("SameDocument", () => {
  it("takes a CPF or CNPJ with right check digits, punctuated or not", () => {
    for (const document of ["529.982.247-25", "52998224725", "11.222.333/0001-81", "11222333000181"]) {
      expect(SameDocument.safeParse(document).success, document).toBe(true);
    }
  });

  it("refuses wrong check digits, repeated digits and other lengths", () => {
    for (const document of ["529.982.247-26", "11222333000182", "11111111111", "123"]) {
      expect(SameDocument.safeParse(document).success, document).toBe(false);
    }
  });
});
