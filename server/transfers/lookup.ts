import { ownedAccount } from "../accounts/service";
import type { Tx } from "../db/client";
import { invalid, notFound } from "../errors";
import type { Charge, LedgerEntry } from "../generated/prisma/client";
import { END_TO_END_PATTERN } from "../ledger/ids";
import { REFUND_REASON } from "../refunds/reasons";

export type Transaction =
  | { kind: "charge"; charge: Charge }
  | { kind: "payout"; entry: LedgerEntry }
  | { kind: "refund"; entry: LedgerEntry };

/** One of the merchant's charges (by txId), payouts or refunds (by id or end-to-end id). */
export async function findTransaction(tx: Tx, userId: string, id: string): Promise<Transaction> {
  const charge = await tx.charge.findFirst({ where: { userId, txId: id } });
  if (charge) return { kind: "charge", charge };
  const entry = await tx.ledgerEntry.findFirst({
    where: { userId, type: "debit", OR: [{ id }, { endToEndId: id }] },
    orderBy: { seq: "desc" },
  });
  if (!entry) throw notFound("transaction not found", "id");
  return { kind: entry.reason === REFUND_REASON ? "refund" : "payout", entry };
}

/** An outgoing PIX of one of the user's accounts, by end-to-end id (interface 4.2 status view). */
export async function findOutgoingPix(tx: Tx, userId: string, accountId: string, endToEndId: string) {
  await ownedAccount(tx, accountId, userId);
  if (!END_TO_END_PATTERN.test(endToEndId)) throw invalid("endToEnd is not a valid end-to-end id", "endToEnd");
  const entry = await tx.ledgerEntry.findFirst({
    where: { userId, accountId, endToEndId, type: "debit" },
    orderBy: { seq: "desc" },
  });
  if (!entry) throw notFound("outgoing PIX not found");
  return entry;
}
