/**
 * Why a PIX out failed, as a code the dashboard explains in the reader's language. The stored
 * failure (ledger_entries.error_message) is English text for the REST surfaces: the payment
 * system's "<reason code>: <text>" (server/transfers/send-pix.ts) or DICT_QUOTA_GAVE_UP
 * (server/payouts/queue.ts). It is read back here, never in the browser.
 */
export const PIX_REASON_CODES = [
  "AB03",
  "AB09",
  "AC03",
  "AC06",
  "AC14",
  "AG03",
  "AM02",
  "AM04",
  "AM09",
  "BE01",
  "BE17",
  "DS04",
  "DS27",
  "ED05",
  "RR04",
] as const;

export const DICT_QUOTA_GAVE_UP = "not sent: DICT quota exceeded for 2 hours";

/** A reason code the dashboard words, the DICT queue giving up, or any other refusal (with its code, if any). */
export type PixFailure = { reason: (typeof PIX_REASON_CODES)[number] | "DICT_QUOTA" | "other"; code: string | null };

export function pixFailure(errorMessage: string | null | undefined): PixFailure | null {
  if (!errorMessage) return null;
  if (errorMessage === DICT_QUOTA_GAVE_UP) return { reason: "DICT_QUOTA", code: null };
  const code = /^([A-Z]{2}\d{2})\b/.exec(errorMessage)?.[1] ?? null;
  return { reason: PIX_REASON_CODES.find((known) => known === code) ?? "other", code };
}
