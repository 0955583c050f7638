/**
 * The settlement account's days as CSV (the back office's download of its reserve page): the
 * same rows as the page, headers and file name in the reader's language, amounts in its decimal
 * mark (server/exports/).
 */
import type { AppLocale } from "../../i18n/config";
import type { Tx } from "../db/client";
import { type Cell, csvFile, money } from "../exports/csv";
import { exportFileName, exportLabels } from "../exports/labels";
import { reserveReport } from "../ledger/reserve";
import type { ReserveQuery } from "../ledger/schema";

export async function reserveCsv(
  tx: Tx,
  query: ReserveQuery,
  locale: AppLocale,
  now = new Date(),
): Promise<{ fileName: string; body: AsyncGenerator<string> }> {
  const report = await reserveReport(tx, query, now);
  const c = exportLabels(locale).columns;
  const header = [c.day, c.opening, c.in, c.out, c.closing];
  async function* rows(): AsyncGenerator<Cell[]> {
    for (const d of report.days) {
      yield [d.day, money(d.openingCents), money(d.creditsCents), money(d.debitsCents), money(d.closingCents)];
    }
  }
  return {
    fileName: exportFileName(locale, "reserve", [report.from, report.to], "csv"),
    body: csvFile(locale, header, rows()),
  };
}
