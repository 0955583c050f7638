/**
 * How an export writes for a person's language: the one place that says which separator and
 * decimal mark a CSV uses, and where the headers and file names come from. pt-BR writes `;` and
 * `1234,56` (what Excel in Portuguese opens as numbers), en writes `,` and `1234.56`. Neither
 * groups thousands, so every spreadsheet reads the amount as one number. Browser-safe; the
 * headers and file names are in ./labels.ts.
 */
import { z } from "zod";

export const EXPORT_LOCALES = ["pt-BR", "en"] as const;
export type ExportLocale = (typeof EXPORT_LOCALES)[number];
/** What an API caller gets without choosing: the platform's own language. */
export const DEFAULT_EXPORT_LOCALE: ExportLocale = "pt-BR";

export const ExportLocaleField = z
  .enum(EXPORT_LOCALES)
  .describe(
    "Language of the file: pt-BR (default) writes `;` between cells and a decimal comma (1234,56); en writes `,` and a decimal point (1234.56). Headers and file names follow it.",
  );

export const CSV_RULES: Record<ExportLocale, { delimiter: string; decimal: string }> = {
  "pt-BR": { delimiter: ";", decimal: "," },
  en: { delimiter: ",", decimal: "." },
};

/** A stored locale read back; anything unknown is the default. */
export function resolveExportLocale(value: string | null | undefined): ExportLocale {
  return (EXPORT_LOCALES as readonly (string | null | undefined)[]).includes(value)
    ? (value as ExportLocale)
    : DEFAULT_EXPORT_LOCALE;
}

/** Centavos as a plain decimal in the locale's mark: "-1234,56" (pt-BR), "-1234.56" (en). */
export function decimalAmount(cents: bigint, locale: ExportLocale): string {
  const negative = cents < 0n;
  const abs = negative ? -cents : cents;
  return `${negative ? "-" : ""}${abs / 100n}${CSV_RULES[locale].decimal}${String(abs % 100n).padStart(2, "0")}`;
}
