import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { transliterate } from "./transliterate";

describe("transliterate", () => {
  it.each([
    ["São Paulo", "Sao Paulo"],
    ["Brasília", "Brasilia"],
    ["João Conceição", "Joao Conceicao"],
    ["AÇÚCAR & CIA.", "ACUCAR & CIA."],
    ["D'Ávila (filial)", "D'Avila (filial)"],
    ["Straße Æsir Øre Łódź", "Strasse AEsir Ore Lodz"],
    ["  Café\t\n Bar  ", "Cafe Bar"],
    ["Loja 🚀 do Zé", "Loja do Ze"],
    ["東京", ""],
    ['a*b|c;d"e', "abcde"],
  ])("%j → %j", (input, expected) => {
    expect(transliterate(input)).toBe(expected);
  });

  it("truncates without leaving a trailing space", () => {
    expect(transliterate("Padaria e Confeitaria Pão de Açúcar", 25)).toBe("Padaria e Confeitaria Pao");
    expect(transliterate("Rio de Janeiro", 4)).toBe("Rio");
  });

  it("always yields the allowed set within the limit", () => {
    fc.assert(
      fc.property(fc.string({ unit: "binary", maxLength: 60 }), fc.integer({ min: 0, max: 30 }), (input, max) => {
        const output = transliterate(input, max);
        expect(output).toMatch(/^[A-Za-z0-9 .,\-'&/()]*$/);
        expect(output.length).toBeLessThanOrEqual(max);
        expect(output).toBe(output.trim());
        expect(output).not.toMatch(/ {2}/);
      }),
    );
  });

  it("leaves already-clean text unchanged", () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[A-Za-z0-9]+( [A-Za-z0-9]+)*$/), (input) => {
        expect(transliterate(input)).toBe(input);
      }),
    );
  });
});
