"use client";

import { useTranslations } from "next-intl";

/** Reason codes of the payment system the dashboard explains in words (server/pix/sandbox-rail.ts). */
export const PIX_REASON_CODES = ["AB03", "AC03", "AC06", "AM02", "BE01"] as const;

/**
 * The key of `serviceErrors.pixReasons` for a failed PIX's stored error message: the payment
 * system's reason code ("AB03: …"), the DICT queue giving up, or any other refusal.
 */
export function pixFailureKey(errorMessage: string): {
  key: (typeof PIX_REASON_CODES)[number] | "DICT_QUOTA" | "other";
  code: string | null;
} {
  const code = /^([A-Z]{2}\d{2})\b/.exec(errorMessage)?.[1] ?? null;
  const known = PIX_REASON_CODES.find((reason) => reason === code);
  if (known) return { key: known, code };
  if (errorMessage.startsWith("not sent: DICT quota")) return { key: "DICT_QUOTA", code: null };
  return { key: "other", code };
}

/** A failed PIX's reason in the merchant's language (never the stored English text). */
export function usePixFailure() {
  const t = useTranslations("serviceErrors.pixReasons");
  return (errorMessage: string | null | undefined): string | null => {
    if (!errorMessage) return null;
    const { key, code } = pixFailureKey(errorMessage);
    return key === "other" ? t("other", { code: code ?? "—" }) : t(key);
  };
}
