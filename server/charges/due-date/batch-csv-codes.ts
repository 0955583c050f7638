/**
 * What a CSV row's own reading refused (server/charges/due-date/batch-csv.ts), as codes the
 * dashboard says in the person's language; the violation's `razao` is the pt-BR sentence.
 */
export const CSV_ROW_CODES = [
  "TXID_MALFORMED",
  "REQUIRED",
  "DOCUMENT_MALFORMED",
  "NUMBER_MALFORMED",
  "DATE_INVALID",
] as const;
export type CsvRowCode = (typeof CSV_ROW_CODES)[number];
