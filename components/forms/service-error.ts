"use client";

import { TRPCClientError } from "@trpc/client";
import { useTranslations } from "next-intl";

export type ServiceError = { message: string; field: string | null; appCode: string | null; code: string | null };

type ErrorData = {
  code?: string;
  appCode?: string | null;
  reason?: string | null;
  field?: string | null;
  zodError?: unknown;
  retryAfterSeconds?: number | null;
};

/** What a procedure's error carries (server/trpc/init.ts), or null for anything else. */
export function errorData(error: unknown): ErrorData | null {
  return error instanceof TRPCClientError ? ((error.data as ErrorData | undefined) ?? {}) : null;
}

/** tRPC codes a procedure answers without a service code (sign-in, admin only, rate limits). */
const TRPC_CODES = ["UNAUTHORIZED", "FORBIDDEN", "NOT_FOUND", "TOO_MANY_REQUESTS", "PAYLOAD_TOO_LARGE"];

/** Features whose codes mean something more precise there (serviceErrors.<scope>.<CODE>). */
export type ErrorScope = "meds";

/** What a feature's sentences name: its limits, as configured (`{megabytes}`, `{files}`). */
export type ScopeValues = Record<string, string | number>;

/**
 * A service error code in the reader's language, for a feature that maps its codes; null when
 * unmapped. `values` fill the sentences' placeholders.
 */
export function useErrorCodeMessage(scope: ErrorScope, values?: ScopeValues) {
  const t = useTranslations("serviceErrors");
  return (code: string | null | undefined): string | null => {
    const key = `${scope}.${code}`;
    return code && t.has(key as never) ? t(key as never, values as never) : null;
  };
}

/**
 * A procedure's error as the merchant should read it, in the merchant's language: the sentence
 * of its reason (server/errors.ts ERROR_REASONS), else of its code in the feature's `scope`, else
 * of its code; never the server's English text. Malformed input names the field it is about.
 * `values` fill the placeholders of the feature's sentences.
 */
export function useServiceError(scope?: ErrorScope, values?: ScopeValues) {
  const translate = useTranslations("serviceErrors");
  // the keys come from the server at run time; `has` checks them before use
  type Key = Parameters<typeof translate>[0];
  const t = (key: string) => translate(key as Key, values as never);
  const has = (key: string) => translate.has(key as Key);
  return (error: unknown): ServiceError => {
    const data = errorData(error);
    if (!data) return { message: t("generic"), field: null, appCode: null, code: null };
    const code = data.code ?? null;
    const appCode = data.appCode ?? null;
    const field = data.field ?? null;
    if (data.zodError) return { message: t("invalidInput"), field, appCode, code };
    if (data.reason && has(`reasons.${data.reason}`)) {
      return { message: t(`reasons.${data.reason}`), field, appCode, code };
    }
    const scoped = scope ? `${scope}.${appCode ?? code}` : null;
    if (scoped && has(scoped)) return { message: t(scoped), field, appCode, code };
    if (appCode && has(`codes.${appCode}`)) return { message: t(`codes.${appCode}`), field, appCode, code };
    if (code && TRPC_CODES.includes(code)) return { message: t(`trpc.${code}`), field: null, appCode, code };
    return { message: t("generic"), field: null, appCode, code };
  };
}

/** Not found, or an id that cannot exist (the service answers 400 for a malformed one). */
export function isMissing(error: unknown): boolean {
  const code = errorData(error)?.code;
  return code === "NOT_FOUND" || code === "BAD_REQUEST";
}
