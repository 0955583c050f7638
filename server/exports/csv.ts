/**
 * The one CSV writer of the product: RFC 4180 (csv-stringify, CRLF), UTF-8 with a BOM so
 * spreadsheet programs read accents, the locale's separator and decimal mark (./locale.ts).
 * Every text cell is defused against formula injection; amounts and counts are typed cells and
 * stay numbers (a negative amount is a number, not a formula). Rows are written a batch at a
 * time as they arrive: nothing accumulates.
 */
import { stringify } from "csv-stringify/sync";
import type { AppLocale } from "../../i18n/config";
import { CSV_RULES, decimalAmount } from "./locale";

/** An amount in centavos, written as a decimal in the locale's mark. */
export type MoneyCell = { cents: bigint };
export type Cell = string | number | MoneyCell | null | undefined;

export const money = (cents: bigint): MoneyCell => ({ cents });

export const BOM = "\uFEFF";
const BATCH = 500;
/** What a spreadsheet reads as the start of a formula (or hides one behind). */
const FORMULA_START = /^[=+\-@\t\r]/;

/** Text a spreadsheet would run as a formula gets a leading apostrophe: shown as typed, never run. */
export function defuse(text: string): string {
  return FORMULA_START.test(text) ? `'${text}` : text;
}

function cellText(cell: Cell, locale: AppLocale): string {
  if (cell === null || cell === undefined) return "";
  if (typeof cell === "number") return String(cell);
  if (typeof cell === "string") return defuse(cell);
  return decimalAmount(cell.cents, locale);
}

/** Records as CSV text (each line ending in CRLF), in the locale's separator. */
export function csvLines(records: readonly (readonly Cell[])[], locale: AppLocale): string {
  return stringify(
    records.map((record) => record.map((cell) => cellText(cell, locale))),
    { delimiter: CSV_RULES[locale].delimiter, record_delimiter: "windows" },
  );
}

/** A whole CSV file: BOM, header, then the rows as they come, a batch at a time. */
export async function* csvFile(
  locale: AppLocale,
  header: readonly string[],
  rows: AsyncIterable<readonly Cell[]>,
): AsyncGenerator<string> {
  yield BOM + csvLines([header], locale);
  let batch: (readonly Cell[])[] = [];
  for await (const row of rows) {
    batch.push(row);
    if (batch.length === BATCH) {
      yield csvLines(batch, locale);
      batch = [];
    }
  }
  if (batch.length > 0) yield csvLines(batch, locale);
}
