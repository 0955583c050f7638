import { randomInt } from "node:crypto";

const ALPHANUMERIC = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";

/** `E` (payment) or `D` (refund/return) + ISPB + yyyyMMddHHmm (UTC) + 11 alphanumerics = 32 chars. */
export function newEndToEndId(kind: "E" | "D", ispb: string, now = new Date()): string {
  const stamp = now.toISOString().replace(/[-:T]/g, "").slice(0, 12);
  let suffix = "";
  for (let i = 0; i < 11; i++) suffix += ALPHANUMERIC[randomInt(ALPHANUMERIC.length)];
  return `${kind}${ispb}${stamp}${suffix}`;
}

export { END_TO_END_PATTERN } from "../fields/ids";

export function idempotencyKeyOf(type: string, reason: string, identifier: string): string {
  return `${type}:${reason}:${identifier}`;
}
