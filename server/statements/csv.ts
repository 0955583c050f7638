/**
 * The CSV statement: one table, the chosen columns in the 2.7 order, RFC 4180 (csv-stringify,
 * CRLF), UTF-8 with a BOM so spreadsheet programs read accents right, amounts "1234.56", times
 * in America/Sao_Paulo. Rows go out a batch at a time as the keyset pages arrive; nothing
 * accumulates, and the storage pulls (an error on either side stops both).
 */
import { stringify } from "csv-stringify/sync";
import type { StatementEntry } from "./data";
import { COLUMN_LABELS, cell, plainAmount } from "./format";
import { COLUMN_KEYS, type StatementOptions } from "./schema";

const BATCH = 500;

export async function* csvStream(
  entries: AsyncIterable<StatementEntry>,
  options: StatementOptions,
  onRow: (rowsWritten: number) => Promise<void>,
): AsyncGenerator<string> {
  const keys = COLUMN_KEYS.filter((k) => options.columns[k]);
  const columns = keys.map((key) => ({ key, header: COLUMN_LABELS[key] }));
  const format = (records: Record<string, string>[], first: boolean) =>
    stringify(records, { bom: first, header: first, record_delimiter: "windows", columns });
  let batch: Record<string, string>[] = [];
  let first = true;
  let rows = 0;
  for await (const entry of entries) {
    batch.push(Object.fromEntries(keys.map((k) => [k, cell(entry, k, plainAmount)])));
    rows++;
    await onRow(rows);
    if (batch.length === BATCH) {
      yield format(batch, first);
      first = false;
      batch = [];
    }
  }
  if (first || batch.length > 0) yield format(batch, first);
}
