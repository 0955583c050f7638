/**
 * Money crosses the doors as BRL numbers with at most two decimals and lives inside as
 * integer centavos (bigint). These two functions are the only conversions.
 */
import { invalid } from "./errors";

const BRL_TEXT = /^(0|[1-9]\d*)(\.\d{1,2})?$/;

/** Above this a BRL number no longer holds every centavo exactly. */
const MAX_EXACT_CENTS = BigInt(Number.MAX_SAFE_INTEGER);

/**
 * A positive BRL amount to centavos; 400 for zero, negatives, >2 decimals, non-finite, over max.
 * The per-transaction maximum is a business rule the services check (server/accounts/rules.ts).
 */
export function brlToCents(amount: unknown, maxCents = MAX_EXACT_CENTS, field = "amount"): bigint {
  if (typeof amount !== "number" || !Number.isFinite(amount)) throw invalid(`${field} must be a number`, field);
  // String(10.5) is the shortest round-trip form, so "10.50" on the wire reads as "10.5".
  const text = String(amount);
  const match = BRL_TEXT.exec(text);
  if (!match) {
    throw invalid(`${field} must be a positive amount in BRL with at most two decimals`, field, "AMOUNT_MALFORMED");
  }
  const [, whole = "0", fraction = ""] = match;
  const cents = BigInt(whole) * 100n + BigInt(fraction.slice(1).padEnd(2, "0") || "0");
  if (cents <= 0n) throw invalid(`${field} must be greater than zero`, field, "AMOUNT_NOT_POSITIVE");
  if (cents > maxCents)
    throw invalid(`${field} must be at most ${centsToBrl(maxCents).toFixed(2)}`, field, "AMOUNT_ABOVE_LIMIT");
  return cents;
}

/** Centavos to a BRL number (exact for every amount below 2^53 centavos). */
export function centsToBrl(cents: bigint): number {
  const negative = cents < 0n;
  const abs = negative ? -cents : cents;
  const value = Number(`${abs / 100n}.${String(abs % 100n).padStart(2, "0")}`);
  return negative ? -value : value;
}

// Building an Intl.NumberFormat costs about a third of a millisecond: a statement formats 40,000 amounts.
const BRL_FORMATS = new Map<string, Intl.NumberFormat>();

/** "R$ 1.234,56" in pt-BR, "R$1,234.56" in en. */
export function formatBrl(cents: bigint, locale = "pt-BR"): string {
  let format = BRL_FORMATS.get(locale);
  if (!format) {
    format = new Intl.NumberFormat(locale, { style: "currency", currency: "BRL" });
    BRL_FORMATS.set(locale, format);
  }
  return format.format(centsToBrl(cents));
}
