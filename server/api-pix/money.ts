/**
 * Money on the API Pix surface: decimal strings with two places ("10.50", at most ten digits
 * before the point) at the door, bigint centavos inside (server/money.ts for the other doors).
 */
export const VALOR_PATTERN = /^\d{1,10}\.\d{2}$/;

/** Centavos as the surface writes them: "0.05", "1234.50". */
export function valorOf(cents: bigint): string {
  const abs = cents < 0n ? -cents : cents;
  return `${cents < 0n ? "-" : ""}${abs / 100n}.${String(abs % 100n).padStart(2, "0")}`;
}

/** A `valor` the schema accepted (VALOR_PATTERN) in centavos. */
export function centsOfValor(valor: string): bigint {
  const [whole = "0", fraction = "00"] = valor.split(".");
  return BigInt(whole) * 100n + BigInt(fraction);
}

/** The centavos of a decimal string, or null when it is not exactly VALOR_PATTERN. */
export function centsOfDecimal(value: string): bigint | null {
  return VALOR_PATTERN.test(value) ? centsOfValor(value) : null;
}
