/**
 * The text of the PDF's transaction table, in the statement's language: the chosen columns with
 * signed amounts, then the running balance. A row left out of the balance (failed, processing)
 * says so in the balance column, whichever columns were chosen.
 */
import type { DocumentIntl } from "../i18n/documents";
import { isEntryReason, REASON_MESSAGE_KEYS } from "../ledger/types";
import { type StatementWords, statementCell } from "./cell";
import type { StatementRow } from "./rows";
import { COLUMN_KEYS, type ColumnKey, type StatementOptions } from "./schema";

export type PdfColumn = ColumnKey | "balance";

export const AMOUNT_COLUMNS: ReadonlySet<PdfColumn> = new Set(["grossAmount", "fee", "netAmount", "balance"]);

/** The table's columns: the chosen ones in the 2.7 order, then the running balance. */
export function pdfColumns(options: StatementOptions): PdfColumn[] {
  return [...COLUMN_KEYS.filter((k) => options.columns[k]), "balance"];
}

export function columnLabel(intl: DocumentIntl, column: PdfColumn): string {
  return column === "balance"
    ? intl.t("statements.pdf.table.balance")
    : intl.t(`statements.form.columnNames.${column}`);
}

export function reasonLabel(intl: DocumentIntl, reason: string): string {
  return isEntryReason(reason) ? intl.t(`ledger.reasons.${REASON_MESSAGE_KEYS[reason]}`) : reason;
}

export function statusLabel(intl: DocumentIntl, status: string): string {
  return status === "succeeded" || status === "failed" || status === "processing"
    ? intl.t(`ledger.statuses.${status}`)
    : status;
}

/** How the PDF writes a statement cell: the statement's language, dates and money. */
function pdfWords(intl: DocumentIntl): StatementWords<string> {
  return {
    dateTime: intl.dateTime,
    type: (type) => (type === "credit" || type === "debit" ? intl.t(`ledger.types.${type}`) : type),
    reason: (reason) => reasonLabel(intl, reason),
    status: (status) => statusLabel(intl, status),
    bank: (party) =>
      intl.t("statements.pdf.bank", { ispb: party.ispb, agency: party.agency, account: party.accountNumber }),
    money: intl.money,
  };
}

function cellText(intl: DocumentIntl, words: StatementWords<string>, row: StatementRow, column: PdfColumn): string {
  if (column !== "balance") return statementCell(row.entry, column, words);
  return row.counted
    ? intl.money(row.balanceCents)
    : intl.t("statements.pdf.table.notCounted", { status: statusLabel(intl, row.entry.status) });
}

/** One row's cells, in the order of `pdfColumns`. */
export function pdfCells(intl: DocumentIntl, row: StatementRow, columns: PdfColumn[]): string[] {
  const words = pdfWords(intl);
  return columns.map((column) => cellText(intl, words, row, column));
}
