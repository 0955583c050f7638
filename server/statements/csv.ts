/**
 * The CSV statement: one table, the chosen columns in the 2.7 order, RFC 4180 (csv-stringify,
 * CRLF), UTF-8 with a BOM so spreadsheet programs read accents right, amounts "1234.56", times
 * in America/Sao_Paulo. Rows stream from the keyset pages to the storage; nothing accumulates.
 */
import { stringify } from "csv-stringify";
import type { StatementEntry } from "./data";
import { COLUMN_LABELS, cell, plainAmount } from "./format";
import { COLUMN_KEYS, type StatementOptions } from "./schema";

export function csvStream(
  entries: AsyncIterable<StatementEntry>,
  options: StatementOptions,
  onRow: (rowsWritten: number) => Promise<void>,
) {
  const columns = COLUMN_KEYS.filter((k) => options.columns[k]);
  const stringifier = stringify({
    bom: true,
    header: true,
    record_delimiter: "windows",
    columns: columns.map((key) => ({ key, header: COLUMN_LABELS[key] })),
  });
  (async () => {
    let rows = 0;
    for await (const entry of entries) {
      const record = Object.fromEntries(columns.map((k) => [k, cell(entry, k, plainAmount)]));
      if (!stringifier.write(record)) await new Promise((resolve) => stringifier.once("drain", resolve));
      rows++;
      await onRow(rows);
    }
    stringifier.end();
  })().catch((error) => stringifier.destroy(error));
  return stringifier;
}
