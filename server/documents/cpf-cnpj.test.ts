import { describe, expect, it } from "vitest";
import { documentKind, isValidCnpj, isValidCpf, maskDocument } from "./cpf-cnpj";

describe("CPF and CNPJ", () => {
  it("accepts valid CPFs with or without punctuation", () => {
    expect(isValidCpf("529.982.247-25")).toBe(true);
    expect(isValidCpf("52998224725")).toBe(true);
  });

  it("rejects wrong check digits, repeated digits and wrong lengths", () => {
    expect(isValidCpf("52998224724")).toBe(false);
    expect(isValidCpf("11111111111")).toBe(false);
    expect(isValidCpf("5299822472")).toBe(false);
  });

  it("validates CNPJs", () => {
    expect(isValidCnpj("11.222.333/0001-81")).toBe(true);
    expect(isValidCnpj("11222333000180")).toBe(false);
    expect(isValidCnpj("00000000000000")).toBe(false);
  });

  it("tells the kind", () => {
    expect(documentKind("52998224725")).toBe("cpf");
    expect(documentKind("11222333000181")).toBe("cnpj");
    expect(documentKind("123")).toBeNull();
  });

  it("masks the middle of a document", () => {
    expect(maskDocument("52998224725")).toBe("***.982.247-**");
    expect(maskDocument("11222333000181")).toBe("11.222.333/****-**");
  });
});
