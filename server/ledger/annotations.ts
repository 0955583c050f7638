/**
 * What other capabilities write on an existing entry besides its money and status: the MED
 * opened on it, the receiver a queued payout resolved, the refund that settled against it. The
 * only writes of entry columns outside ledger_post (server/ledger/ledger-writes.test.ts), each
 * through its function (server/ledger/sql/): the platform's role may not UPDATE the ledger's
 * tables itself (docs/decisions/0053). An entry's row lock
 * is taken the same way, by `ledger_lock_entry(seq)` in the caller's query.
 */
import type { Tx } from "../db/client";
import type { Party } from "./parties";
import type { Entry } from "./types";

/** A MED was opened on this received PIX (one at a time: the caller checks `entry.medId`). */
export async function markDisputed(tx: Tx, entry: Pick<Entry, "seq">, med: { id: string; createdAt: Date }) {
  await tx.$executeRaw`SELECT ledger_mark_disputed(${entry.seq}::bigint, ${med.id}::uuid, ${med.createdAt}::timestamptz)`;
}

/** Who a held payout goes to, known once its key was resolved (queued payouts resolve it late). */
export async function recordReceiver(tx: Tx, entry: Pick<Entry, "seq">, receiver: Party) {
  await tx.$executeRaw`SELECT ledger_record_receiver(${entry.seq}::bigint, ${JSON.stringify(receiver)}::jsonb)`;
}

/** A refund settled: the credit it refunds names it. */
export async function markRefunded(
  tx: Tx,
  refund: Pick<Entry, "accountId" | "endToEndId"> & { parentEndToEndId: string },
) {
  await tx.$executeRaw`
    SELECT ledger_mark_refunded(${refund.accountId}, ${refund.parentEndToEndId}, ${refund.endToEndId})`;
}
