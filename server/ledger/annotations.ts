/**
 * What other capabilities write on an existing entry besides its money and status: the MED
 * opened on it, the receiver a queued payout resolved, the refund that settled against it. The
 * only writes of entry columns outside ledger_post (server/ledger/ledger-writes.test.ts).
 */
import type { Tx } from "../db/client";
import type { Party } from "./parties";
import type { Entry } from "./types";

/** A MED was opened on this received PIX (one at a time: the caller checks `entry.medId`). */
export async function markDisputed(tx: Tx, entry: Pick<Entry, "seq">, med: { id: string; createdAt: Date }) {
  await tx.ledgerEntry.update({ where: { seq: entry.seq }, data: { medId: med.id, medCreatedAt: med.createdAt } });
}

/** Who a held payout goes to, known once its key was resolved (queued payouts resolve it late). */
export async function recordReceiver(tx: Tx, entry: Pick<Entry, "seq">, receiver: Party) {
  await tx.ledgerEntry.update({ where: { seq: entry.seq }, data: { receiver: receiver as object } });
}

/** A refund settled: the credit it refunds names it. */
export async function markRefunded(
  tx: Tx,
  refund: Pick<Entry, "accountId" | "endToEndId"> & { parentEndToEndId: string },
) {
  await tx.ledgerEntry.updateMany({
    where: { accountId: refund.accountId, endToEndId: refund.parentEndToEndId, type: "credit" },
    data: { refundedEndToEndId: refund.endToEndId },
  });
}
