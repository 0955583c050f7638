"use client";

import { TRPCClientError } from "@trpc/client";
import { useTranslations } from "next-intl";

export type ServiceError = { message: string; field: string | null; appCode: string | null; code: string | null };

type ErrorData = {
  code?: string;
  appCode?: string | null;
  field?: string | null;
  zodError?: unknown;
  retryAfterSeconds?: number | null;
};

/** What a procedure's error carries (server/trpc/init.ts), or null for anything else. */
export function errorData(error: unknown): ErrorData | null {
  return error instanceof TRPCClientError ? ((error.data as ErrorData | undefined) ?? {}) : null;
}

/** Features whose service error codes have their own messages (serviceErrors.<scope>.<CODE>). */
export type ErrorScope = "meds";

/** A service error code in the reader's language, for a feature that maps its codes; null when unmapped. */
export function useErrorCodeMessage(scope: ErrorScope) {
  const t = useTranslations("serviceErrors");
  return (code: string | null | undefined): string | null => {
    const key = `${scope}.${code}`;
    return code && t.has(key as never) ? t(key as never) : null;
  };
}

/**
 * A procedure's error as the merchant should read it: the feature's message for the service's code
 * when `scope` maps it, else the service's own message (every AppError carries one), or a plain
 * sentence when the input was malformed (with the field it is about) or the server failed.
 */
export function useServiceError(scope?: ErrorScope) {
  const t = useTranslations("serviceErrors");
  const codeMessage = useErrorCodeMessage(scope ?? "meds");
  return (error: unknown): ServiceError => {
    const data = errorData(error);
    if (!data) return { message: t("generic"), field: null, appCode: null, code: null };
    const code = data.code ?? null;
    const appCode = data.appCode ?? null;
    const mapped = scope && !data.zodError ? codeMessage(appCode) : null;
    if (mapped) return { message: mapped, field: data.field ?? null, appCode, code };
    if (data.zodError) return { message: t("invalidInput"), field: data.field ?? null, appCode, code };
    // A code with its own sentence (serviceErrors.codes) is said in the reader's language.
    if (appCode && t.has(`codes.${appCode}` as "generic")) {
      return { message: t(`codes.${appCode}` as "generic"), field: data.field ?? null, appCode, code };
    }
    if (!code || code === "INTERNAL_SERVER_ERROR" || !(error as Error).message) {
      return { message: t("generic"), field: null, appCode, code };
    }
    return { message: (error as Error).message, field: data.field ?? null, appCode, code };
  };
}

/** Not found, or an id that cannot exist (the service answers 400 for a malformed one). */
export function isMissing(error: unknown): boolean {
  const code = errorData(error)?.code;
  return code === "NOT_FOUND" || code === "BAD_REQUEST";
}
