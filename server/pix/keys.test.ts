import { describe, expect, it } from "vitest";
import { inferKeyType, parsePixKey } from "./keys";

describe("PIX keys", () => {
  it.each([
    ["123e4567-e12b-12d1-a456-426655440000", "EVP"],
    ["+5511987654321", "PHONE"],
    ["ana@example.invalid", "EMAIL"],
    ["52998224725", "CPF"],
    ["11222333000181", "CNPJ"],
    ["hello", null],
  ])("infers %s as %s", (key, type) => {
    expect(inferKeyType(key)).toBe(type);
  });

  it("normalises e-mail and EVP keys to lower case", () => {
    expect(parsePixKey(" Ana@Example.INVALID ")).toEqual({ key: "ana@example.invalid", type: "EMAIL" });
  });

  it.each(["52998224724", "+55119", "a@b", `${"x".repeat(70)}@example.invalid`, "11222333000180", "nope"])(
    "refuses the malformed key %s with a 400",
    (key) => {
      expect(() => parsePixKey(key)).toThrow(expect.objectContaining({ status: 400 }));
    },
  );

  it("checks a stated type against the key", () => {
    expect(() => parsePixKey("ana@example.invalid", "PHONE")).toThrow(/phone key/);
  });
});
