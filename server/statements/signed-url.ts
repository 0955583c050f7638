/**
 * reportUrl: an absolute link on APP_URL carrying an expiry and an HMAC over
 * statement id + expiry (server/storage/signed-link.ts). No credentials; 403 once expired or tampered.
 */
import { linkSigner } from "../storage/signed-link";

export const REPORT_URL_TTL_MS = 24 * 60 * 60 * 1000;
export const DOWNLOAD_PATH = "/api/statements";

const signer = linkSigner({
  purpose: "statement-download-v1",
  ttlMs: REPORT_URL_TTL_MS,
  path: (statementId) => `${DOWNLOAD_PATH}/${statementId}/download`,
});

export const reportUrl = (statementId: string, now: Date): string => signer.url(statementId, now);

/** True when the link is genuine and not yet expired. */
export const verifyDownload = (statementId: string, expires: string | null, given: string | null, now: Date) =>
  signer.verify(statementId, expires, given, now);
