/**
 * The CSV statement, through the product's one CSV writer (server/exports/csv.ts): the
 * requester's locale, times in America/Sao_Paulo, every amount signed as it moves the balance
 * (credits positive, debits and fees negative, so gross + fee = net on every row). One table per
 * file: each chosen section is its own CSV; with one section the statement is that CSV, with
 * several it is a zip of them (docs/decisions/0025-exports-an-accountant-accepts.md). Transaction rows go out
 * a batch at a time as the keyset pages arrive; nothing accumulates.
 */

import type { AppLocale } from "../../i18n/config";
import { maskDocument } from "../documents/cpf-cnpj";
import { type Cell, csvFile, money } from "../exports/csv";
import { type ExportLabels, exportLabels, labelOf } from "../exports/labels";
import { type ZipEntry, zipStream } from "../exports/zip";
import { saoPauloDate, saoPauloDateTime } from "../time";
import { type StatementWords, statementCell } from "./cell";
import type { PeriodSummary, StatementEntry } from "./data";
import { COLUMN_KEYS, SECTION_KEYS, type StatementOptions } from "./schema";

type Period = { accountId: string; startAt: Date; endAt: Date };

/** How the CSV files write a statement cell: São Paulo times, the export's labels, typed amounts. */
export function csvWords(labels: ExportLabels): StatementWords<Cell> {
  return {
    dateTime: saoPauloDateTime,
    type: (type) => labelOf(labels.types, type),
    reason: (reason) => labelOf(labels.reasons, reason),
    status: (status) => labelOf(labels.statuses, status),
    bank: (party) =>
      `ISPB ${party.ispb} ${labels.bank.agency} ${party.agency} ${labels.bank.account} ${party.accountNumber}`,
    money,
  };
}

async function* rowsOf(rows: readonly (readonly Cell[])[]) {
  yield* rows;
}

function summaryRows(summary: PeriodSummary, period: Period, labels: ExportLabels): Cell[][] {
  const s = labels.summary;
  return [
    [s.holder, summary.holder.name],
    [s.document, maskDocument(summary.holder.document)],
    [s.agency, summary.holder.agency],
    [s.account, period.accountId],
    [s.start, saoPauloDate(period.startAt)],
    [s.end, saoPauloDate(period.endAt)],
    [s.opening, money(summary.openingCents)],
    [s.closing, money(summary.closingCents)],
    [s.in, money(summary.inCents)],
    [s.out, money(-summary.outCents)],
    [s.fees, money(-summary.feeCents)],
    [s.count, summary.count],
    ...(summary.count === 0 ? [[s.empty, null]] : []),
  ];
}

type Context = { summary: PeriodSummary; period: Period; locale: AppLocale };

function sectionFile(
  section: (typeof SECTION_KEYS)[number],
  entries: AsyncIterable<StatementEntry>,
  options: StatementOptions,
  onRow: (rowsWritten: number) => Promise<void>,
  { summary, period, locale }: Context,
): AsyncIterable<string> {
  const labels = exportLabels(locale);
  const c = labels.columns;
  switch (section) {
    case "summary":
      return csvFile(locale, [c.item, c.value], rowsOf(summaryRows(summary, period, labels)));
    case "monthlyTable":
      return csvFile(
        locale,
        [c.month, c.count, c.in, c.out, c.fees],
        rowsOf(summary.months.map((m) => [m.month, m.count, money(m.inCents), money(-m.outCents), money(-m.feeCents)])),
      );
    case "monthSummary":
      return csvFile(
        locale,
        [c.month, c.reason, c.type, c.quantity, c.net],
        rowsOf(
          summary.byReason.map((r) => [
            r.month,
            labelOf(labels.reasons, r.reason),
            labelOf(labels.types, r.type),
            r.count,
            money(r.type === "debit" ? -r.netCents : r.netCents),
          ]),
        ),
      );
    case "transactionTable": {
      const keys = COLUMN_KEYS.filter((k) => options.columns[k]);
      const words = csvWords(labels);
      async function* rows() {
        let written = 0;
        for await (const entry of entries) {
          yield keys.map((k) => statementCell(entry, k, words));
          written++;
          await onRow(written);
        }
      }
      return csvFile(
        locale,
        keys.map((k) => c[k]),
        rows(),
      );
    }
  }
}

export type StatementFile = {
  chunks: AsyncIterable<string | Uint8Array>;
  extension: "csv" | "zip";
  contentType: string;
};

/** The statement's CSV: the one chosen section's table, or a zip with one CSV per chosen section. */
export function csvStatement(
  entries: AsyncIterable<StatementEntry>,
  options: StatementOptions,
  onRow: (rowsWritten: number) => Promise<void>,
  context: Context,
): StatementFile {
  const chosen = SECTION_KEYS.filter((k) => options.sections[k]);
  const files: ZipEntry[] = chosen.map((section) => ({
    name: `${exportLabels(context.locale).files[section]}.csv`,
    chunks: sectionFile(section, entries, options, onRow, context),
  }));
  const only = files.length === 1 ? files[0] : undefined;
  if (only) return { chunks: only.chunks, extension: "csv", contentType: "text/csv; charset=utf-8" };
  return { chunks: zipStream(files), extension: "zip", contentType: "application/zip" };
}
