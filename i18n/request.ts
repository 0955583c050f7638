import { cookies, headers } from "next/headers";
import { getRequestConfig } from "next-intl/server";
import en from "../messages/en";
import ptBR from "../messages/pt-BR";
import { ACCEPT_LOCALE_HEADER, type AppLocale, LOCALE_COOKIE, resolveLocale, TIME_ZONE } from "./config";

const CATALOGUES: Record<AppLocale, typeof ptBR> = { "pt-BR": ptBR, en };

/**
 * `now` is the request's time: relative times ("2 minutes ago") render the same on the server and
 * in the browser's first render, and next-intl has a default instead of falling back (and logging
 * ENVIRONMENT_FALLBACK). Components that keep such a time fresh pass `useNow({ updateInterval })`.
 */
export default getRequestConfig(async () => {
  // the cookie (the switch's choice); on public pages without one, the proxy's Accept-Language pick
  const chosen = (await cookies()).get(LOCALE_COOKIE)?.value ?? (await headers()).get(ACCEPT_LOCALE_HEADER);
  const locale = resolveLocale(chosen);
  return { locale, timeZone: TIME_ZONE, now: new Date(), messages: CATALOGUES[locale] };
});
