/** The worker's side of queued cash-outs: send while DICT quota allows, fail after 2 hours. */
import type { Db } from "../db/client";
import { onlyDigits } from "../documents/cpf-cnpj";
import { AppError } from "../errors";
import { recordReceiver } from "../ledger/annotations";
import { entrySnapshot } from "../ledger/entries";
import { legs } from "../ledger/movements";
import type { Party } from "../ledger/parties";
import type { Entry } from "../ledger/types";
import { release, settle } from "../ledger/verbs";
import { coverOwedMeds } from "../meds/owed";
import { recordEvent } from "../outbox/record";
import { pixRail } from "../pix/current-rail";
import { DICT_QUOTA_GAVE_UP } from "../pix/failure";
import type { KeyResolution } from "../pix/rail";
import { dictQuota, QUEUE_RETRY_MS } from "./cash-out";

export async function processQueuedPayouts(db: Db, now = new Date()): Promise<{ sent: number; failed: number }> {
  return db.$transaction(
    async (tx) => {
      const due = await tx.$queryRaw<{ id: string }[]>`
        SELECT id FROM queued_payouts WHERE status = 'queued' AND next_attempt_at <= ${now}
         ORDER BY next_attempt_at LIMIT 100 FOR UPDATE SKIP LOCKED`;
      let sent = 0;
      let failed = 0;
      const fail = async (id: string, entry: Entry, message: string) => {
        await release(tx, entry, message);
        await coverOwedMeds(tx, entry.accountId);
        await tx.queuedPayout.update({ where: { id }, data: { status: "failed" } });
        failed++;
      };
      for (const { id } of due) {
        const queued = await tx.queuedPayout.findUniqueOrThrow({ where: { id } });
        const entry = (await tx.ledgerEntry.findUniqueOrThrow({ where: { seq: queued.entrySeq } })) as Entry;
        if (queued.expiresAt <= now) {
          await fail(id, entry, DICT_QUOTA_GAVE_UP);
          continue;
        }
        if (!(await dictQuota().consume(queued.userId)).allowed) {
          await tx.queuedPayout.update({
            where: { id },
            data: { attempts: { increment: 1 }, nextAttemptAt: new Date(now.getTime() + QUEUE_RETRY_MS) },
          });
          continue;
        }
        const payer = await tx.account.findUniqueOrThrow({
          where: { id: entry.accountId },
          select: { document: true },
        });
        let resolved: KeyResolution;
        try {
          // the look-up names the end-to-end id the held entry already carries
          resolved = await pixRail().resolveKey(tx, queued.pixKey, queued.pixKeyType, {
            payerDocument: onlyDigits(payer.document),
            endToEndId: entry.endToEndId as string,
          });
        } catch (error) {
          if (!(error instanceof AppError)) throw error;
          if (error.code === "NOT_FOUND" || error.code === "VALIDATION_ERROR") {
            await fail(id, entry, error.message);
          } else {
            // the directory cannot answer now (429, 503): the payout waits its next turn
            const waitMs = Math.max(QUEUE_RETRY_MS, (error.retryAfterSeconds ?? 0) * 1000);
            await tx.queuedPayout.update({
              where: { id },
              data: { attempts: { increment: 1 }, nextAttemptAt: new Date(now.getTime() + waitMs) },
            });
          }
          continue;
        }
        if (resolved.platformAccountId === entry.accountId) {
          // registered to the sender after the payout was queued: refused as the synchronous path refuses it
          await fail(id, entry, "cannot send a PIX to the same account");
          continue;
        }
        await recordReceiver(tx, entry, resolved.receiver);
        if (resolved.platformAccountId) {
          const target = await tx.account.findUniqueOrThrow({ where: { id: resolved.platformAccountId } });
          await settle(tx, entry, {
            legs: legs.transferWithFee(entry.accountId, "held", target.id, entry.grossCents, entry.feeCents),
            entries: [
              {
                id: entry.id,
                endToEndId: entry.endToEndId,
                accountId: target.id,
                userId: target.userId,
                type: "credit",
                reason: "pix_in:credited",
                status: "succeeded",
                grossCents: entry.grossCents,
                payer: entry.payer as Party | null,
                receiver: resolved.receiver,
                pixKey: resolved.key,
                counterpartEntryId: entry.id,
              },
            ],
          });
          await coverOwedMeds(tx, target.id);
        } else {
          await pixRail().submitPayment(tx, {
            entrySeq: entry.seq,
            endToEndId: entry.endToEndId as string,
            accountId: entry.accountId,
            amountCents: entry.grossCents,
            receiver: resolved.receiver,
            pixKey: resolved.key,
            receiverDocument: resolved.receiverDocument ?? null,
            initiation: "DICT",
          });
          // it left the DICT queue and waits for SPI now (pix.payout.processing)
          await recordEvent(tx, {
            topic: "payout.dequeued",
            accountId: entry.accountId,
            userId: entry.userId,
            entryId: entry.id,
            payload: entrySnapshot(entry),
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
