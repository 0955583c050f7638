/** The words of every export (headers, labels, file names), from the `fileExports` messages. */

import type { AppLocale } from "../../i18n/config";
import en from "../../messages/en/fileExports.json";
import ptBR from "../../messages/pt-BR/fileExports.json";

export type ExportLabels = typeof ptBR;
const LABELS: Record<AppLocale, ExportLabels> = { "pt-BR": ptBR, en: en satisfies ExportLabels };

export function exportLabels(locale: AppLocale): ExportLabels {
  return LABELS[locale];
}

/** A label of a closed set (statuses, reasons), or the raw value when the set has no word for it. */
export function labelOf(set: Record<string, string>, value: string): string {
  return Object.hasOwn(set, value) ? (set[value] as string) : value;
}

/** "extrato-<parts>.csv" in pt-BR, "statement-<parts>.csv" in en. */
export function exportFileName(
  locale: AppLocale,
  kind: keyof ExportLabels["files"],
  parts: readonly string[],
  extension: string,
): string {
  return `${[LABELS[locale].files[kind], ...parts].join("-")}.${extension}`;
}
