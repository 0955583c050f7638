/**
 * Locales of the dashboard. Safe to import from client and server code alike: no server APIs.
 * The active locale lives in a cookie (no locale segment in the URL).
 */
export const LOCALES = ["pt-BR", "en"] as const;
export type AppLocale = (typeof LOCALES)[number];

export const DEFAULT_LOCALE: AppLocale = "pt-BR";
export const LOCALE_COOKIE = "locale";
/** One year. */
export const LOCALE_COOKIE_MAX_AGE = 60 * 60 * 24 * 365;
/** Dates and times read as the merchant's: Brasília time, whatever the server's zone. */
export const TIME_ZONE = "America/Sao_Paulo";

export function isLocale(value: unknown): value is AppLocale {
  return typeof value === "string" && (LOCALES as readonly string[]).includes(value);
}

export function resolveLocale(value: string | undefined | null): AppLocale {
  return isLocale(value) ? value : DEFAULT_LOCALE;
}
