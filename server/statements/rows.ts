/**
 * The statement's rows as the PDF shows them: amounts signed by direction (debits negative) and
 * the running balance after each row. Only settled entries move the balance, as only they count
 * in the summary's totals; a failed or processing entry is listed with its amounts and leaves the
 * balance as it was. So the opening balance plus every row's amount is the closing balance.
 */
import { signedCents } from "./cell";
import type { StatementEntry } from "./data";

export type StatementRow = {
  entry: StatementEntry;
  /** True for a settled entry: it moves the balance and counts in the totals. */
  counted: boolean;
  grossCents: bigint;
  /** What the fee took from the account: never positive. */
  feeCents: bigint;
  netCents: bigint;
  /** What this row adds to the balance: the signed net when counted, else 0. */
  amountCents: bigint;
  /** The balance after this row. */
  balanceCents: bigint;
};

const isSettled = (entry: StatementEntry) => entry.status === "succeeded";

/** One entry as a row, after a balance of `previousCents`. */
export function statementRow(entry: StatementEntry, previousCents: bigint): StatementRow {
  const counted = isSettled(entry);
  const netCents = signedCents(entry, entry.netCents);
  const amountCents = counted ? netCents : 0n;
  return {
    entry,
    counted,
    grossCents: signedCents(entry, entry.grossCents),
    feeCents: -entry.feeCents,
    netCents,
    amountCents,
    balanceCents: previousCents + amountCents,
  };
}

/** The period's entries, oldest first, as rows with their running balance from `openingCents`. */
export async function* withRunningBalance(
  entries: AsyncIterable<StatementEntry>,
  openingCents: bigint,
): AsyncGenerator<StatementRow> {
  let balance = openingCents;
  for await (const entry of entries) {
    const row = statementRow(entry, balance);
    balance = row.balanceCents;
    yield row;
  }
}
