import { describe, expect, it } from "vitest";
import { amountText, amountTextToNumber, readAmount } from "./amount";

const reasonOf = (raw: string, locale = "pt-BR") => {
  const result = amountText(locale).safeParse(raw);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  return issue?.code === "custom" ? (issue.params?.fieldError ?? issue.params?.reason) : issue?.code;
};

describe("typed amounts", () => {
  it("reads each locale's separators, with or without R$", () => {
    expect(reasonOf("R$ 1.234,56")).toBe(123_456n);
    expect(reasonOf("12,5")).toBe(1_250n);
    expect(reasonOf("12.345")).toBe(1_234_500n);
    expect(reasonOf("12,345", "en")).toBe(1_234_500n);
    expect(reasonOf("1,234.56", "en")).toBe(123_456n);
    expect(reasonOf("12.5", "en")).toBe(1_250n);
    expect(reasonOf("1.234", "pt-BR")).toBe(123_400n);
  });

  it("keeps one rule per locale: the other locale's decimals are refused, not guessed", () => {
    expect(reasonOf("12.50")).toBe("amountDecimalMark");
    expect(reasonOf("1,5", "en")).toBe("amountDecimalMark");
    expect(reasonOf("1,50", "en")).toBe("amountDecimalMark");
    expect(reasonOf("1,5000", "en")).toBe("amountInvalid");
    expect(reasonOf("1.234.5")).toBe("amountInvalid");
  });

  it("refuses what is not an amount before the amount's own rules", () => {
    expect(amountTextToNumber("  ", "pt-BR")).toBe("amountRequired");
    expect(reasonOf("")).toBe("amountRequired");
    expect(reasonOf("12a")).toBe("amountInvalid");
    expect(reasonOf("1.23,4.5")).toBe("amountInvalid");
    expect(reasonOf("1,234.56")).toBe("amountInvalid");
  });

  it("refuses with the doors' reasons what BrlAmount refuses", () => {
    expect(reasonOf("0,00")).toBe("AMOUNT_NOT_POSITIVE");
    expect(reasonOf("12,345")).toBe("AMOUNT_MALFORMED");
    expect(reasonOf("1.000.000,01")).toBe("AMOUNT_ABOVE_LIMIT");
    expect(reasonOf("1.000.000,00")).toBe(100_000_000n);
  });

  it("names the maximum it refuses above", () => {
    const result = amountText("pt-BR").safeParse("2.000.000,00");
    const issue = result.error?.issues[0];
    expect(issue?.code === "custom" && issue.params?.maxCents).toBe("100000000");
  });

  it("gives the BRL number a procedure takes, or null", () => {
    expect(readAmount("25,90", "pt-BR")).toBe(25.9);
    expect(readAmount("abc", "pt-BR")).toBeNull();
  });
});
