/**
 * reportUrl (decisions.md): an absolute link on APP_URL carrying an expiry and an HMAC over
 * statement id + expiry. No credentials; 403 once expired or tampered.
 */
import { createHmac, timingSafeEqual } from "node:crypto";
import { config } from "../config";

export const REPORT_URL_TTL_MS = 24 * 60 * 60 * 1000;
export const DOWNLOAD_PATH = "/api/statements";

function signingKey(): Buffer {
  // A key of its own, derived from AUTH_SECRET, so a signature here is useless anywhere else.
  return createHmac("sha256", config().AUTH_SECRET).update("statement-download-v1").digest();
}

export function signature(statementId: string, expires: number): string {
  return createHmac("sha256", signingKey()).update(`${statementId}.${expires}`).digest("base64url");
}

export function reportUrl(statementId: string, now: Date): string {
  const expires = now.getTime() + REPORT_URL_TTL_MS;
  const url = new URL(`${DOWNLOAD_PATH}/${statementId}/download`, config().APP_URL);
  url.searchParams.set("expires", String(expires));
  url.searchParams.set("signature", signature(statementId, expires));
  return url.toString();
}

/** True when the link is genuine and not yet expired. */
export function verifyDownload(statementId: string, expires: string | null, given: string | null, now: Date): boolean {
  if (!expires || !given || !/^\d{1,15}$/.test(expires)) return false;
  const expected = Buffer.from(signature(statementId, Number(expires)));
  const actual = Buffer.from(given);
  if (expected.length !== actual.length || !timingSafeEqual(expected, actual)) return false;
  return Number(expires) > now.getTime();
}
