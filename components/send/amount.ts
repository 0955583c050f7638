/**
 * Amounts as merchants type them: "1.234,56" or "12,5" in pt-BR, "1,234.56" or "12.5" in en, with
 * or without "R$". The locale's decimal separator wins; the other one groups thousands, except
 * when it appears once with one or two digits after it ("12.50" in pt-BR is twelve and a half).
 */
export type AmountError = "required" | "invalid" | "decimals" | "positive";
export type ParsedAmount = { ok: true; cents: bigint; value: number } | { ok: false; error: AmountError };

export function parseAmount(raw: string, locale: string): ParsedAmount {
  const text = raw.replace(/R\$|\s|\u00a0/g, "");
  if (!text) return { ok: false, error: "required" };
  if (!/^[\d.,]+$/.test(text)) return { ok: false, error: "invalid" };

  const decimalMark = locale.startsWith("pt") ? "," : ".";
  const groupMark = decimalMark === "," ? "." : ",";
  let decimalAt = -1;
  const lastDecimal = text.lastIndexOf(decimalMark);
  const lastGroup = text.lastIndexOf(groupMark);
  if (lastDecimal >= 0 && lastGroup >= 0) {
    if (lastGroup > lastDecimal) return { ok: false, error: "invalid" };
    decimalAt = lastDecimal;
  } else if (lastDecimal >= 0) {
    decimalAt = lastDecimal;
  } else if (lastGroup >= 0 && text.indexOf(groupMark) === lastGroup && text.length - lastGroup - 1 <= 2) {
    decimalAt = lastGroup;
  }

  const grouped = decimalAt >= 0 ? text.slice(0, decimalAt) : text;
  if (grouped.includes(groupMark) && !/^\d{1,3}([.,]\d{3})+$/.test(grouped)) return { ok: false, error: "invalid" };
  const whole = grouped.replaceAll(groupMark, "");
  const fraction = decimalAt >= 0 ? text.slice(decimalAt + 1) : "";
  if (!/^\d*$/.test(whole) || !/^\d*$/.test(fraction) || (whole === "" && fraction === "")) {
    return { ok: false, error: "invalid" };
  }
  if (fraction.length > 2) return { ok: false, error: "decimals" };
  const cents = BigInt(whole || "0") * 100n + BigInt(fraction.padEnd(2, "0"));
  if (cents <= 0n) return { ok: false, error: "positive" };
  const value = Number(`${cents / 100n}.${String(cents % 100n).padStart(2, "0")}`);
  return { ok: true, cents, value };
}
