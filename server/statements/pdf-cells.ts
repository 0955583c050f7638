/**
 * The text of the PDF's transaction table, in the statement's language: the chosen columns with
 * signed amounts, then the running balance. A row left out of the balance (failed, processing)
 * says so in the balance column, whichever columns were chosen.
 */
import { maskDocument } from "../documents/cpf-cnpj";
import type { DocumentIntl } from "../i18n/documents";
import { isEntryReason, REASON_MESSAGE_KEYS } from "../ledger/types";
import type { StatementEntry } from "./data";
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

function counterpart(entry: StatementEntry) {
  return entry.type === "credit" ? entry.payer : entry.receiver;
}

function cellText(intl: DocumentIntl, row: StatementRow, column: PdfColumn): string {
  const { entry } = row;
  switch (column) {
    case "dateTime":
      return intl.dateTime(entry.createdAt);
    case "type":
      return entry.type === "credit" || entry.type === "debit" ? intl.t(`ledger.types.${entry.type}`) : entry.type;
    case "description":
      return entry.description ?? reasonLabel(intl, entry.reason);
    case "endToEndId":
      return entry.endToEndId ?? "";
    case "payerReceiver": {
      const party = counterpart(entry);
      if (!party) return "";
      // A third party's document is shown masked; parties are usually stored masked already.
      const document = party.cpfCnpj.includes("*") ? party.cpfCnpj : maskDocument(party.cpfCnpj);
      return `${party.name} (${document})`;
    }
    case "payerBankInfo": {
      const party = counterpart(entry);
      return party
        ? intl.t("statements.pdf.bank", { ispb: party.ispb, agency: party.agency, account: party.accountNumber })
        : "";
    }
    case "grossAmount":
      return intl.money(row.grossCents);
    case "fee":
      return intl.money(row.feeCents);
    case "netAmount":
      return intl.money(row.netCents);
    case "status":
      return statusLabel(intl, entry.status);
    case "balance":
      return row.counted
        ? intl.money(row.balanceCents)
        : intl.t("statements.pdf.table.notCounted", { status: statusLabel(intl, entry.status) });
  }
}

/** One row's cells, in the order of `pdfColumns`. */
export function pdfCells(intl: DocumentIntl, row: StatementRow, columns: PdfColumn[]): string[] {
  return columns.map((column) => cellText(intl, row, column));
}
