/**
 * One column of one statement entry, for every format that writes a table of them (the CSV, the
 * ledger CSV, the PDF): what each column shows and how its amount is signed lives here once; a
 * format says only how it writes dates, labels and amounts (`words`).
 */
import { maskDocument } from "../documents/cpf-cnpj";
import type { StatementEntry } from "./data";
import type { ColumnKey } from "./schema";

export type StatementParty = NonNullable<StatementEntry["payer"]>;

/** How one format writes the parts of a cell; `money` gets an amount already signed. */
export type StatementWords<Amount> = {
  dateTime: (at: Date) => string;
  type: (type: string) => string;
  reason: (reason: string) => string;
  status: (status: string) => string;
  bank: (party: StatementParty) => string;
  money: (cents: bigint) => Amount;
};

/** The other side of the entry: who paid a credit, who received a debit. */
function counterpart(entry: StatementEntry) {
  return entry.type === "credit" ? entry.payer : entry.receiver;
}

/** The entry's effect on the balance: + for a credit, − for a debit. */
export const signedCents = (entry: Pick<StatementEntry, "type">, cents: bigint) =>
  entry.type === "credit" ? cents : -cents;

/**
 * `column` of `entry` in `words`: amounts signed as they move the balance (credits positive,
 * debits and fees negative, so gross + fee = net on every row), a third party's document masked.
 */
export function statementCell<Amount>(
  entry: StatementEntry,
  column: ColumnKey,
  words: StatementWords<Amount>,
): string | Amount {
  switch (column) {
    case "dateTime":
      return words.dateTime(entry.createdAt);
    case "type":
      return words.type(entry.type);
    case "description":
      return entry.description ?? words.reason(entry.reason);
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
      return party ? words.bank(party) : "";
    }
    case "grossAmount":
      return words.money(signedCents(entry, entry.grossCents));
    case "fee":
      return words.money(-entry.feeCents);
    case "netAmount":
      return words.money(signedCents(entry, entry.netCents));
    case "status":
      return words.status(entry.status);
  }
}
