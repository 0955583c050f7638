import { describe, expect, it } from "vitest";
import { formatDocument, formatZipCode } from "./document";

describe("Brazilian numbers as people write them", () => {
  it("punctuates a CEP as 00000-000, whatever punctuation it came with", () => {
    expect(formatZipCode("01310100")).toBe("01310-100");
    expect(formatZipCode("01310-100")).toBe("01310-100");
    expect(formatZipCode("01.310-100")).toBe("01310-100");
    expect(formatZipCode("1234")).toBe("1234");
  });

  it("punctuates a CPF and a CNPJ", () => {
    expect(formatDocument("12345678909")).toBe("123.456.789-09");
    expect(formatDocument("11222333000181")).toBe("11.222.333/0001-81");
  });
});
