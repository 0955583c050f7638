import { cookies } from "next/headers";
import { getRequestConfig } from "next-intl/server";
import en from "../messages/en";
import ptBR from "../messages/pt-BR";
import { type AppLocale, LOCALE_COOKIE, resolveLocale, TIME_ZONE } from "./config";

const CATALOGUES: Record<AppLocale, typeof ptBR> = { "pt-BR": ptBR, en };

/**
 * `now` is the request's time: relative times ("2 minutes ago") render the same on the server and
 * in the browser's first render, and next-intl has a default instead of falling back (and logging
 * ENVIRONMENT_FALLBACK). Components that keep such a time fresh pass `useNow({ updateInterval })`.
 */
export default getRequestConfig(async () => {
  const locale = resolveLocale((await cookies()).get(LOCALE_COOKIE)?.value);
  return { locale, timeZone: TIME_ZONE, now: new Date(), messages: CATALOGUES[locale] };
});
