/**
 * Amounts as merchants type them: "1.234,56" or "12,5" in pt-BR, "1,234.56" or "12.5" in en, with
 * or without "R$". Reading the text is the browser's part; what an amount may be (greater than
 * zero, two decimals, the per-transaction maximum) is BrlAmount's, the doors' own schema.
 */
import { z } from "zod";
import { BrlAmount } from "@/server/fields/amount";
import { centsToBrl } from "@/server/money";

/** Keys of `fieldErrors` for text that is not an amount at all, or uses the other locale's decimal mark. */
export type AmountTextError = "amountRequired" | "amountInvalid" | "amountDecimalMark";

/** How each locale writes an amount: one rule each, shown to the person as a hint ("1.234,56"). */
export function amountMarks(locale: string): { decimal: "," | "."; group: "." | "," } {
  return locale.startsWith("pt") ? { decimal: ",", group: "." } : { decimal: ".", group: "," };
}

/**
 * One rule per locale: the locale's decimal mark separates the centavos, the other mark only
 * groups thousands (three digits after each). So "12.345" is twelve thousand in pt-BR and "12,345"
 * is twelve thousand in en; "12.50" in pt-BR and "1,5" in en are refused as the other locale's
 * decimals, never guessed.
 */
export function amountTextToNumber(raw: string, locale: string): number | AmountTextError {
  const text = raw.replace(/R\$|\s|\u00a0/g, "");
  if (!text) return "amountRequired";
  if (!/^[\d.,]+$/.test(text)) return "amountInvalid";

  const { decimal, group } = amountMarks(locale);
  const decimalAt = text.lastIndexOf(decimal);
  if (decimalAt >= 0 && text.indexOf(decimal) !== decimalAt) return "amountInvalid";
  const grouped = decimalAt >= 0 ? text.slice(0, decimalAt) : text;
  const fraction = decimalAt >= 0 ? text.slice(decimalAt + 1) : "";
  if (fraction.includes(group)) return "amountInvalid";
  if (grouped.includes(group) && !/^\d{1,3}([.,]\d{3})+$/.test(grouped)) {
    // "12.50" typed in pt-BR, "1,5" in en: the other locale's decimals
    return decimalAt < 0 && /^\d+[.,]\d{1,2}$/.test(grouped) ? "amountDecimalMark" : "amountInvalid";
  }
  const whole = grouped.replaceAll(group, "");
  if (!/^\d*$/.test(whole) || !/^\d*$/.test(fraction) || (whole === "" && fraction === "")) return "amountInvalid";
  return Number(`${whole || "0"}.${fraction || "0"}`);
}

/** A number typed in the locale's marks (an amount, a percentage), not yet checked as one. */
export function localeNumberText(locale: string) {
  return z.string().transform((raw, ctx) => {
    const value = amountTextToNumber(raw, locale);
    if (typeof value === "number") return value;
    ctx.addIssue({ code: "custom", message: value, input: raw, params: { fieldError: value } });
    return z.NEVER;
  });
}

/** A typed amount → centavos (bigint), refused by the same rules and reasons as at the doors. */
export function amountText(locale: string) {
  return localeNumberText(locale).pipe(BrlAmount);
}

/** The BRL number a procedure takes for a typed amount, or null when the text is not a valid one. */
export function readAmount(raw: string, locale: string): number | null {
  const parsed = amountText(locale).safeParse(raw);
  return parsed.success ? centsToBrl(parsed.data) : null;
}
