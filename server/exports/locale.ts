/**
 * How an export writes for a person's language: the one place that says which separator and
 * decimal mark a CSV uses, and where the headers and file names come from. pt-BR writes `;` and
 * `1234,56` (what Excel in Portuguese opens as numbers), en writes `,` and `1234.56`. Neither
 * groups thousands, so every spreadsheet reads the amount as one number. Browser-safe; the
 * headers and file names are in ./labels.ts.
 */
import { z } from "zod";
import { type AppLocale, LOCALES } from "../../i18n/config";

/** The dashboard's languages (i18n/config.ts); an API caller who chooses none gets its default, pt-BR. */
export const ExportLocaleField = z
  .enum(LOCALES)
  .describe(
    "Language of the file: pt-BR (default) writes `;` between cells and a decimal comma (1234,56); en writes `,` and a decimal point (1234.56). Headers and file names follow it.",
  );

export const CSV_RULES: Record<AppLocale, { delimiter: string; decimal: string }> = {
  "pt-BR": { delimiter: ";", decimal: "," },
  en: { delimiter: ",", decimal: "." },
};

/** Centavos as a plain decimal in the locale's mark: "-1234,56" (pt-BR), "-1234.56" (en). */
export function decimalAmount(cents: bigint, locale: AppLocale): string {
  const negative = cents < 0n;
  const abs = negative ? -cents : cents;
  return `${negative ? "-" : ""}${abs / 100n}${CSV_RULES[locale].decimal}${String(abs % 100n).padStart(2, "0")}`;
}
