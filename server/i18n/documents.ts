/**
 * What a document made on the server (a statement, a receipt) needs to speak the user's
 * language: next-intl's own translator and formatter over the dashboard's catalogues, in
 * Brasília time. Works where there is no request (the worker), so no `getTranslations`.
 */
import { createFormatter, createTranslator } from "next-intl";
import { type AppLocale, resolveLocale, TIME_ZONE } from "../../i18n/config";
import en from "../../messages/en";
import ptBR from "../../messages/pt-BR";
import { formatBrl } from "../money";

const CATALOGUES: Record<AppLocale, typeof ptBR> = { "pt-BR": ptBR, en };

/** A locale's translator (`t("statements.pdf.title")`) and the formats every document shares. */
export function documentIntl(value: string | null | undefined) {
  const locale = resolveLocale(value);
  const t = createTranslator({ locale, messages: CATALOGUES[locale] });
  const format = createFormatter({ locale, timeZone: TIME_ZONE });
  return {
    locale,
    t,
    /** 25/11/2026 in pt-BR, 11/25/2026 in en. */
    date: (date: Date) => format.dateTime(date, { day: "2-digit", month: "2-digit", year: "numeric" }),
    /** 25/11/2026 14:03 in pt-BR, 11/25/2026 02:03 PM in en. */
    dateTime: (date: Date) =>
      `${format.dateTime(date, { day: "2-digit", month: "2-digit", year: "numeric" })} ${format
        .dateTime(date, { hour: "2-digit", minute: "2-digit" })
        // ICU puts a narrow no-break space before "PM", which the PDFs' standard fonts lack.
        .replace(/\u202f/g, " ")}`,
    /** 11/2026 in both. */
    month: (date: Date) => format.dateTime(date, { month: "2-digit", year: "numeric" }),
    /** R$ 1.234,56 in pt-BR, R$1,234.56 in en; negative with a leading minus. */
    money: (cents: bigint) => formatBrl(cents, locale),
  };
}

export type DocumentIntl = ReturnType<typeof documentIntl>;
