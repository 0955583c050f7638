import { BrCodeError } from "./errors";

export const MAX_AMOUNT_LENGTH = 13;

const AMOUNT_FORMAT = /^([0-9]+)(?:\.([0-9]{1,2}))?$/;

/**
 * Parses an EMV transaction amount ("10", "10.5", "10.50") into integer
 * centavos. Works on the digits directly so no float rounding can creep in.
 */
export function parseAmountCents(value: string): bigint {
  if (value.length > MAX_AMOUNT_LENGTH) {
    throw new BrCodeError("INVALID_AMOUNT", `amount "${value}" is longer than ${MAX_AMOUNT_LENGTH} characters`);
  }
  const match = AMOUNT_FORMAT.exec(value);
  const units = match?.[1];
  if (units === undefined) {
    throw new BrCodeError(
      "INVALID_AMOUNT",
      `amount "${value}" must be digits with an optional "." and up to 2 decimals`,
    );
  }
  const fraction = (match?.[2] ?? "").padEnd(2, "0");
  const cents = BigInt(units) * 100n + BigInt(fraction);
  if (cents <= 0n) {
    throw new BrCodeError("INVALID_AMOUNT", `amount "${value}" must be greater than zero`);
  }
  return cents;
}

/** Formats centavos as the EMV amount string with two decimals ("1050" cents → "10.50"). */
export function formatAmountCents(cents: bigint): string {
  if (typeof cents !== "bigint" || cents <= 0n) {
    throw new BrCodeError("INVALID_AMOUNT", `amount must be a positive bigint of centavos, got ${String(cents)}`);
  }
  const digits = cents.toString().padStart(3, "0");
  const formatted = `${digits.slice(0, -2)}.${digits.slice(-2)}`;
  if (formatted.length > MAX_AMOUNT_LENGTH) {
    throw new BrCodeError("INVALID_AMOUNT", `amount ${formatted} does not fit in ${MAX_AMOUNT_LENGTH} characters`);
  }
  return formatted;
}
