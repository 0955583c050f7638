"use client";

import { useTranslations } from "next-intl";
import type { PixFailure } from "@/server/pix/failure";

/** A failed PIX's reason (the view's `failure`, read by the server) in the merchant's language. */
export function usePixFailure() {
  const t = useTranslations("serviceErrors.pixReasons");
  return (failure: PixFailure | null | undefined): string | null => {
    if (!failure) return null;
    return failure.reason === "other" ? t("other", { code: failure.code ?? "—" }) : t(failure.reason);
  };
}
