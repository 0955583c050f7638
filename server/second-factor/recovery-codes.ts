/**
 * Recovery codes: ten random codes of 10 base32 characters (50 bits) shown once, kept as an
 * HMAC-SHA256 under the server pepper (random codes need no slow hash; the pepper keeps a
 * leaked table useless on its own).
 */
import { createHmac, randomBytes } from "node:crypto";
import { config } from "../config";

export const RECOVERY_CODE_COUNT = 10;
const ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"; // no 0/O, 1/I: read off paper

/** "ABCDE-FGHJK" */
export function newRecoveryCode(): string {
  const bytes = randomBytes(10);
  const chars = [...bytes].map((byte) => ALPHABET[byte % ALPHABET.length]).join("");
  return `${chars.slice(0, 5)}-${chars.slice(5)}`;
}

export function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
}

/** Case, spaces and dashes do not matter. */
export function hashRecoveryCode(code: string, pepper = config().API_KEY_PEPPER): string {
  const normal = code.toUpperCase().replace(/[\s-]/g, "");
  return createHmac("sha256", pepper).update(`recovery:${normal}`).digest("hex");
}
