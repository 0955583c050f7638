/** How a statement shows an entry: pt-BR labels, São Paulo times, the 2.7 columns. */
import { maskDocument } from "../documents/cpf-cnpj";
import { saoPauloDateTime } from "../time";
import type { StatementEntry } from "./data";
import type { ColumnKey } from "./schema";

export const COLUMN_LABELS: Record<ColumnKey, string> = {
  dateTime: "Data/hora",
  type: "Tipo",
  description: "Descrição",
  endToEndId: "ID fim a fim",
  payerReceiver: "Pagador/recebedor",
  payerBankInfo: "Dados bancários",
  grossAmount: "Valor bruto",
  fee: "Tarifa",
  netAmount: "Valor líquido",
  status: "Status",
};

export const TYPE_LABELS: Record<string, string> = { credit: "Crédito", debit: "Débito" };
export const STATUS_LABELS: Record<string, string> = {
  processing: "Em processamento",
  succeeded: "Concluído",
  failed: "Falhou",
};
export const REASON_LABELS: Record<string, string> = {
  "pix_in:qrcode_paid": "Cobrança paga (QR Code)",
  "pix_in:credited": "Pix recebido",
  "pix_out:processing": "Pix enviado",
  "pix_out:emv_pay": "Pagamento Pix Copia e Cola",
  "pix_in:refunded_processing": "Devolução de Pix recebido",
  "pix_out:refunded_processing": "Devolução de Pix enviado",
  "internal:transfer_out": "Transferência interna enviada",
  "internal:transfer_in": "Transferência interna recebida",
};

function counterpart(entry: StatementEntry) {
  return entry.type === "credit" ? entry.payer : entry.receiver;
}

/** The text of one column for one entry; amounts through `amount`. */
export function cell(entry: StatementEntry, column: ColumnKey, amount: (cents: bigint) => string): string {
  switch (column) {
    case "dateTime":
      return saoPauloDateTime(entry.createdAt);
    case "type":
      return TYPE_LABELS[entry.type] ?? entry.type;
    case "description":
      return entry.description ?? REASON_LABELS[entry.reason] ?? entry.reason;
    case "endToEndId":
      return entry.endToEndId ?? "";
    case "payerReceiver": {
      const party = counterpart(entry);
      if (!party) return "";
      // Parties are stored with the document already masked; mask again only raw digits.
      const document = party.cpfCnpj.includes("*") ? party.cpfCnpj : maskDocument(party.cpfCnpj);
      return `${party.name} (${document})`;
    }
    case "payerBankInfo": {
      const party = counterpart(entry);
      return party ? `ISPB ${party.ispb} Ag ${party.agency} Conta ${party.accountNumber}` : "";
    }
    case "grossAmount":
      return amount(entry.grossCents);
    case "fee":
      return amount(entry.feeCents);
    case "netAmount":
      return amount(entry.netCents);
    case "status":
      return STATUS_LABELS[entry.status] ?? entry.status;
  }
}
