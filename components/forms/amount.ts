/**
 * Amounts as merchants type them: "1.234,56" or "12,5" in pt-BR, "1,234.56" or "12.5" in en, with
 * or without "R$". Reading the text is the browser's part; what an amount may be (greater than
 * zero, two decimals, the per-transaction maximum) is BrlAmount's, the doors' own schema.
 */
import { z } from "zod";
import { BrlAmount } from "@/server/fields/amount";
import { centsToBrl } from "@/server/money";

/** Keys of `fieldErrors` for text that is not an amount at all. */
export type AmountTextError = "amountRequired" | "amountInvalid";

/**
 * The locale's decimal separator wins; the other one groups thousands, except when it appears
 * once with one or two digits after it ("12.50" in pt-BR is twelve and a half).
 */
export function amountTextToNumber(raw: string, locale: string): number | AmountTextError {
  const text = raw.replace(/R\$|\s|\u00a0/g, "");
  if (!text) return "amountRequired";
  if (!/^[\d.,]+$/.test(text)) return "amountInvalid";

  const decimalMark = locale.startsWith("pt") ? "," : ".";
  const groupMark = decimalMark === "," ? "." : ",";
  const lastDecimal = text.lastIndexOf(decimalMark);
  const lastGroup = text.lastIndexOf(groupMark);
  let decimalAt = lastDecimal;
  if (lastDecimal >= 0 && lastGroup > lastDecimal) return "amountInvalid";
  if (lastDecimal < 0 && lastGroup >= 0 && text.indexOf(groupMark) === lastGroup && text.length - lastGroup - 1 <= 2) {
    decimalAt = lastGroup;
  }

  const grouped = decimalAt >= 0 ? text.slice(0, decimalAt) : text;
  if (grouped.includes(groupMark) && !/^\d{1,3}([.,]\d{3})+$/.test(grouped)) return "amountInvalid";
  const whole = grouped.replaceAll(groupMark, "");
  const fraction = decimalAt >= 0 ? text.slice(decimalAt + 1) : "";
  if (!/^\d*$/.test(whole) || !/^\d*$/.test(fraction) || (whole === "" && fraction === "")) return "amountInvalid";
  return Number(`${whole || "0"}.${fraction || "0"}`);
}

/** A typed amount → centavos (bigint), refused by the same rules and reasons as at the doors. */
export function amountText(locale: string) {
  return z
    .string()
    .transform((raw, ctx) => {
      const value = amountTextToNumber(raw, locale);
      if (typeof value === "number") return value;
      ctx.addIssue({ code: "custom", message: value, input: raw, params: { fieldError: value } });
      return z.NEVER;
    })
    .pipe(BrlAmount);
}

/** The BRL number a procedure takes for a typed amount, or null when the text is not a valid one. */
export function readAmount(raw: string, locale: string): number | null {
  const parsed = amountText(locale).safeParse(raw);
  return parsed.success ? centsToBrl(parsed.data) : null;
}
