/**
 * A merchant withdraws an unpaid charge (dashboard). The interface has no cancel route and lists
 * `pix.charge.cancelled` as subscribable but never sent (interface 6.1): the change is recorded
 * in the outbox for the trail, and no webhook handler listens to it.
 */
import type { Db, Tx } from "../db/client";
import { AppError, notFound } from "../errors";
import type { Charge } from "../generated/prisma/client";
import { recordEvent } from "../outbox/record";
import { CHARGE_TXID_PATTERN } from "./ids";
import { keepRevision } from "./revisions";
import { chargeSnapshot } from "./service";

export async function cancelCharge(db: Db, userId: string, txId: string, now = new Date()): Promise<Charge> {
  if (!CHARGE_TXID_PATTERN.test(txId)) throw notFound("charge not found");
  return db.$transaction(async (tx) => {
    // Locked as payment locks it (charges/payment.ts): a charge is either paid or cancelled, never both.
    const [row] = await tx.$queryRaw<{ tx_id: string }[]>`SELECT tx_id FROM charges WHERE tx_id = ${txId} FOR UPDATE`;
    const found = row ? await tx.charge.findUnique({ where: { txId } }) : null;
    if (!found || found.userId !== userId) throw notFound("charge not found");
    if (found.status !== "created" || found.expiresAt <= now) {
      throw new AppError(
        "CONFLICT",
        "only an unpaid charge that has not expired can be cancelled",
        "txId",
        "CHARGE_NOT_CANCELLABLE",
      );
    }
    return withdrawLockedCharge(tx, txId, now);
  });
}

/**
 * The receiver's withdrawal of a charge its caller has locked and checked (still unpaid, its own):
 * the revision kept, the status `cancelled`, the event recorded. The dashboard's cancel, API Pix
 * `PATCH /cob` and `PATCH /cobv` with REMOVIDA_PELO_USUARIO_RECEBEDOR all end here.
 */
export async function withdrawLockedCharge(tx: Tx, txId: string, now: Date): Promise<Charge> {
  await keepRevision(tx, txId);
  const charge = await tx.charge.update({
    where: { txId },
    data: { status: "cancelled", updatedAt: now, revision: { increment: 1 } },
  });
  await recordEvent(tx, {
    topic: "charge.cancelled",
    accountId: charge.accountId,
    userId: charge.userId,
    entryId: charge.txId,
    payload: chargeSnapshot(charge),
  });
  return charge;
}
