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

/**
 * The first locale of ours an Accept-Language header asks for (by weight), else the default:
 * "en-US,en;q=0.9" is en, "pt" or "pt-PT" is pt-BR. Public pages only; the dashboard keeps its cookie.
 */
export function localeFromAcceptLanguage(header: string | null | undefined): AppLocale {
  const asked = (header ?? "")
    .split(",")
    .map((part, index) => {
      const [tag = "", ...params] = part.trim().toLowerCase().split(";");
      const q = params.map((p) => /^\s*q=([0-9.]+)\s*$/.exec(p)?.[1]).find(Boolean);
      return { tag: tag.trim(), q: q === undefined ? 1 : Number(q), index };
    })
    .filter((item) => item.tag && item.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  for (const { tag } of asked) {
    if (tag === "pt" || tag.startsWith("pt-")) return "pt-BR";
    if (tag === "en" || tag.startsWith("en-")) return "en";
  }
  return DEFAULT_LOCALE;
}

/** The request header the proxy sets on public pages with the Accept-Language choice (i18n/request.ts). */
export const ACCEPT_LOCALE_HEADER = "x-accept-locale";
