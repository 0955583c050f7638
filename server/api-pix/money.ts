/**
 * Money on the API Pix surface: decimal strings with two places ("10.50", the specification's
 * `\d{1,10}\.\d{2}`), integer centavos inside (server/money.ts holds the surfaces' numbers).
 */
const DECIMAL = /^(\d{1,10})\.(\d{2})$/;

/** The centavos of a decimal string, or null when it is not exactly `\d{1,10}\.\d{2}`. */
export function centsOfDecimal(value: string): bigint | null {
  const match = DECIMAL.exec(value);
  if (!match) return null;
  return BigInt(match[1] as string) * 100n + BigInt(match[2] as string);
}

/** Centavos as the surface writes them ("0.05", "1234.50"). */
export function decimalOfCents(cents: bigint): string {
  const negative = cents < 0n;
  const digits = (negative ? -cents : cents).toString().padStart(3, "0");
  return `${negative ? "-" : ""}${digits.slice(0, -2)}.${digits.slice(-2)}`;
}
