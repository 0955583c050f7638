"use client";

import { TRPCClientError } from "@trpc/client";
import { useTranslations } from "next-intl";

export type ServiceError = { message: string; field: string | null; appCode: string | null; code: string | null };

/**
 * A procedure's error as the merchant should read it: the service's own message (every AppError
 * carries one), or a plain sentence when the input was malformed or the server failed.
 */
export function useServiceError() {
  const t = useTranslations("serviceErrors");
  return (error: unknown): ServiceError => {
    if (!(error instanceof TRPCClientError)) return { message: t("generic"), field: null, appCode: null, code: null };
    const data = error.data as
      | { code?: string; appCode?: string | null; field?: string | null; zodError?: unknown }
      | undefined;
    const code = data?.code ?? null;
    const appCode = data?.appCode ?? null;
    if (data?.zodError) return { message: t("invalidInput"), field: null, appCode, code };
    if (!code || code === "INTERNAL_SERVER_ERROR" || !error.message) {
      return { message: t("generic"), field: null, appCode, code };
    }
    return { message: error.message, field: data?.field ?? null, appCode, code };
  };
}

/** Not found, or an id that cannot exist (the service answers 400 for a malformed one). */
export function isMissing(error: unknown): boolean {
  const code = error instanceof TRPCClientError ? (error.data as { code?: string } | undefined)?.code : undefined;
  return code === "NOT_FOUND" || code === "BAD_REQUEST";
}
