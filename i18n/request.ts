import { cookies } from "next/headers";
import { getRequestConfig } from "next-intl/server";
import en from "../messages/en";
import ptBR from "../messages/pt-BR";
import { type AppLocale, LOCALE_COOKIE, resolveLocale, TIME_ZONE } from "./config";

const CATALOGUES: Record<AppLocale, typeof ptBR> = { "pt-BR": ptBR, en };

export default getRequestConfig(async () => {
  const locale = resolveLocale((await cookies()).get(LOCALE_COOKIE)?.value);
  return { locale, timeZone: TIME_ZONE, messages: CATALOGUES[locale] };
});
