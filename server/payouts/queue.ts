/** The worker's side of queued cash-outs: send while DICT quota allows, fail after 2 hours. */
import type { Db } from "../db/client";
import { finishEntry, insertEntry } from "../ledger/entries";
import { type Leg, legs, postMovement } from "../ledger/movements";
import type { PixRail } from "../pix/rail";
import { dictQuota, QUEUE_RETRY_MS } from "./cash-out";

export async function processQueuedPayouts(
  db: Db,
  rail: PixRail,
  now = new Date(),
): Promise<{ sent: number; failed: number }> {
  return db.$transaction(
    async (tx) => {
      const due = await tx.$queryRaw<{ id: string }[]>`
        SELECT id FROM queued_payouts WHERE status = 'queued' AND next_attempt_at <= ${now}
         ORDER BY next_attempt_at LIMIT 100 FOR UPDATE SKIP LOCKED`;
      let sent = 0;
      let failed = 0;
      for (const { id } of due) {
        const queued = await tx.queuedPayout.findUniqueOrThrow({ where: { id } });
        const entry = await tx.ledgerEntry.findUniqueOrThrow({ where: { seq: queued.entrySeq } });
        if (queued.expiresAt <= now) {
          if (await finishEntry(tx, entry.seq, "failed", "not sent: DICT quota exceeded for 2 hours")) {
            await postMovement(tx, entry.seq, legs.release(entry.accountId, entry.netCents));
          }
          await tx.queuedPayout.update({ where: { id }, data: { status: "failed" } });
          failed++;
          continue;
        }
        if (!(await dictQuota().consume(queued.userId)).allowed) {
          await tx.queuedPayout.update({
            where: { id },
            data: { attempts: { increment: 1 }, nextAttemptAt: new Date(now.getTime() + QUEUE_RETRY_MS) },
          });
          continue;
        }
        const resolved = await rail.resolveKey(tx, queued.pixKey, queued.pixKeyType);
        await tx.ledgerEntry.update({ where: { seq: entry.seq }, data: { receiver: resolved.receiver as object } });
        if (resolved.platformAccountId && resolved.platformAccountId !== entry.accountId) {
          const target = await tx.account.findUniqueOrThrow({ where: { id: resolved.platformAccountId } });
          await finishEntry(tx, entry.seq, "succeeded");
          await insertEntry(tx, {
            id: entry.id,
            endToEndId: entry.endToEndId,
            accountId: target.id,
            userId: target.userId,
            type: "credit",
            reason: "pix_in:credited",
            status: "succeeded",
            grossCents: entry.grossCents,
            payer: entry.payer as never,
            receiver: resolved.receiver,
            pixKey: resolved.key,
            counterpartEntryId: entry.id,
          });
          const movement: Leg[] = [
            { accountId: entry.accountId, bucket: "held", amountCents: -entry.netCents },
            { accountId: target.id, bucket: "available", amountCents: entry.grossCents },
            ...(entry.feeCents > 0n ? [{ accountId: null, bucket: "fees", amountCents: entry.feeCents } as Leg] : []),
          ];
          await postMovement(tx, entry.seq, movement);
        } else {
          await rail.submitPayment(tx, {
            entrySeq: entry.seq,
            endToEndId: entry.endToEndId as string,
            accountId: entry.accountId,
            amountCents: entry.grossCents,
            receiver: resolved.receiver,
            pixKey: resolved.key,
          });
        }
        await tx.queuedPayout.update({ where: { id }, data: { status: "sent", attempts: { increment: 1 } } });
        sent++;
      }
      return { sent, failed };
    },
    { timeout: 60_000 },
  );
}
