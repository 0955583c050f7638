/**
 * The outgoing state machine (docs/pix-network.md): a held payment or return is *submitted*
 * (an outbox event in the hold's transaction), *sent* when the worker has handed it to the rail,
 * and *decided* by the network — settled (the held money leaves) or rejected (it comes back at
 * once, with the reason). Every step is idempotent: a decision that arrives twice, or for a
 * payment already decided, changes nothing.
 */
import type { Db, Tx } from "../db/client";
import { inTransaction } from "../db/transaction";
import { onlyDigits } from "../documents/cpf-cnpj";
import type { LedgerEntry } from "../generated/prisma/client";
import { markRefunded } from "../ledger/annotations";
import type { Party } from "../ledger/parties";
import type { Entry } from "../ledger/types";
import { release, settle } from "../ledger/verbs";
import { coverOwedMeds } from "../meds/owed";
import { REFUND_REASON } from "../refunds/reasons";
import { pixRail } from "./current-rail";
import type { OutgoingDecision, Transmission } from "./rail";
import { rejectionText } from "./reasons";
import type { SubmissionPayload } from "./submission";

/**
 * The worker's handler of `rail.payment_submitted`: hands the payment to the rail (which throws
 * while the network cannot take it: the relay tries again with backoff) and applies a decision
 * the rail knows at once (the sandbox's).
 */
export async function transmitOutgoing(db: Db, payload: SubmissionPayload): Promise<LedgerEntry | null> {
  const entry = (await db.ledgerEntry.findUnique({ where: { seq: BigInt(payload.entrySeq) } })) as Entry | null;
  if (entry?.status !== "processing") return null;
  const kind = payload.returnOf ? "return" : "payment";
  await db.railPayment.createMany({
    data: [
      {
        id: entry.id,
        direction: "outgoing",
        kind,
        state: "submitted",
        accountId: entry.accountId,
        entrySeq: entry.seq,
        amountCents: entry.grossCents,
        originalEndToEndId: payload.returnOf?.endToEndId ?? entry.parentEndToEndId ?? null,
      },
    ],
    skipDuplicates: true,
  });
  const payment = await db.railPayment.findUniqueOrThrow({ where: { id: entry.id } });
  if (payment.state !== "submitted" && payment.state !== "sent") return null;
  const account = await db.account.findUniqueOrThrow({ where: { id: entry.accountId }, select: { document: true } });
  const transmission: Transmission = {
    kind,
    id: entry.id,
    accountId: entry.accountId,
    amountCents: entry.grossCents,
    payer: entry.payer as Party,
    payerDocument: onlyDigits(account.document),
    receiver: entry.receiver as Party,
    receiverDocument: payload.receiverDocument ?? null,
    pixKey: payload.pixKey,
    initiation: payload.initiation ?? (payload.pixKey ? "DICT" : "MANU"),
    txId: entry.entryRef ?? null,
    description: entry.description ?? null,
    returnOf: payload.returnOf ?? null,
    createdAt: entry.createdAt,
  };
  const decision = await pixRail().transmit(db, transmission);
  await db.railPayment.updateMany({
    where: { id: entry.id, state: "submitted" },
    data: { state: "sent", sentAt: new Date(), updatedAt: new Date() },
  });
  return decision ? decideOutgoing(db, decision) : null;
}

/**
 * Applies the network's decision: posts the held money out or gives it back, and records the
 * state. Idempotent; null when nothing changed (unknown id, or already decided).
 */
export async function decideOutgoing(db: Db | Tx, decision: OutgoingDecision): Promise<LedgerEntry | null> {
  return inTransaction(db, async (tx) => {
    const [payment] = await tx.$queryRaw<{ entry_seq: bigint | null; state: string }[]>`
      SELECT entry_seq, state FROM rail_payments
       WHERE id = ${decision.id} AND direction = 'outgoing' FOR UPDATE`;
    if (!payment?.entry_seq || payment.state === "settled" || payment.state === "rejected") return null;
    const entry = (await tx.ledgerEntry.findUnique({ where: { seq: payment.entry_seq } })) as Entry | null;
    const now = new Date();
    if (decision.outcome === "rejected") {
      const text = decision.reasonText || rejectionText(decision.reasonCode);
      await tx.railPayment.update({
        where: { id: decision.id },
        data: { state: "rejected", reasonCode: decision.reasonCode, reasonText: text, decidedAt: now, updatedAt: now },
      });
      if (entry?.status !== "processing") return null;
      // the money is back in the account: what its MEDs still owe is blocked from it
      const released = await release(tx, entry, `${decision.reasonCode}: ${text}`);
      await coverOwedMeds(tx, entry.accountId);
      return released;
    }
    await tx.railPayment.update({
      where: { id: decision.id },
      data: { state: "settled", decidedAt: now, updatedAt: now },
    });
    if (entry?.status !== "processing") return null;
    const settled = await settle(tx, entry);
    if (settled && settled.reason === REFUND_REASON && settled.parentEndToEndId) {
      await markRefunded(tx, { ...settled, parentEndToEndId: settled.parentEndToEndId });
    }
    return settled;
  });
}
