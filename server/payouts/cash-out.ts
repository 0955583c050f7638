/**
 * Gateway cash-out by key (interface 4.1, 8): each needs a DICT key resolution, and a merchant
 * has 120 a minute. Over the quota the payout is queued — its money held at once — and the
 * worker sends it about every 3 s while quota allows, or fails it after 2 hours.
 */
import { randomUUID } from "node:crypto";
import { assertTransactionAmount, spendingAccount } from "../accounts/rules";
import { config } from "../config";
import type { Db, Tx } from "../db/client";
import { inTransaction } from "../db/transaction";
import { invalid } from "../errors";
import type { LedgerEntry } from "../generated/prisma/client";
import { type FixedWindowLimiter, limiterFor } from "../http/rate-limit";
import type { EffectSink } from "../idempotency/sink";
import { assertExternalIdFree, entrySnapshot } from "../ledger/entries";
import { newEndToEndId } from "../ledger/ids";
import { platformParty } from "../ledger/parties";
import { hold } from "../ledger/verbs";
import { handleOf, type WritePath } from "../ledger/write-path";
import { assertWithinLimits } from "../limits/limits";
import { recordEvent } from "../outbox/record";
import { parsePixKey } from "../pix/keys";
import { pixOutFeeFor } from "../pricing/service";
import { sendPixToKey } from "../transfers/pix-out";
import type { CashOut } from "./cash-out-input";
import { cashOutOnPool, startSourceRead } from "./fast";

export const QUEUE_TTL_MS = 2 * 60 * 60 * 1000;
export const QUEUE_RETRY_MS = 3000;

/** DICT key resolutions per merchant per minute. */
export function dictQuota(): FixedWindowLimiter {
  return limiterFor("dict", config().DICT_QUOTA_PER_MINUTE);
}

/**
 * `sink`: where a keyed request records the payout, in the payout's own transaction on every
 * path. The batch path may take the fast path (server/payouts/fast.ts); the caller's transaction
 * never does.
 */
export async function cashOut(
  path: WritePath,
  input: CashOut,
  sink?: EffectSink,
): Promise<{ queued: boolean; entry: LedgerEntry }> {
  const { key } = parsePixKey(input.pixKey, input.pixKeyType);
  assertTransactionAmount(input.amountCents); // before spending a DICT resolution on it
  const db = handleOf(path);
  const onPool = path.kind === "batch";
  // The fast path's read has no effect: it runs beside the quota check, one round trip less.
  const read = onPool ? startSourceRead({ ...input, pixKey: key }) : null;
  if ((await dictQuota().consume(input.userId)).allowed) {
    const fast = onPool ? await cashOutOnPool({ ...input, pixKey: key }, sink, read) : null;
    return {
      queued: false,
      entry: (fast as LedgerEntry | null) ?? (await sendRecorded(db, { ...input, pixKey: key }, sink)),
    };
  }
  return { queued: true, entry: await queuePayout(db, { ...input, pixKey: key }, sink) };
}

/** The general path: sendPixToKey inside a transaction that also holds the sink's recovery point. */
function sendRecorded(db: Db | Tx, input: CashOut, sink: EffectSink | undefined): Promise<LedgerEntry> {
  if (!sink) return sendPixToKey(db, input);
  return inTransaction(db, async (tx) => {
    const entry = await sendPixToKey(tx, input);
    await sink.record(tx, { kind: "payout", entryId: entry.id });
    return entry;
  });
}

async function queuePayout(db: Db | Tx, input: CashOut, sink?: EffectSink, now = new Date()): Promise<LedgerEntry> {
  return inTransaction(db, async (tx) => {
    const source = await spendingAccount(tx, input.accountId, input.userId, input.amountCents);
    await assertWithinLimits(tx, source.id, input.amountCents);
    // The sender's own keys are ours to know without DICT: refused now, as the synchronous path does.
    const own = await tx.pixKey.findUnique({ where: { key: input.pixKey }, select: { accountId: true } });
    if (own?.accountId === source.id) throw invalid("cannot send a PIX to the same account", "pixKey", "SAME_ACCOUNT");
    await assertExternalIdFree(tx, source.id, input.externalId);
    const endToEndId = newEndToEndId("E", config().PLATFORM_ISPB, now);
    const fee = await pixOutFeeFor(tx, source, input.amountCents);
    const entry = await hold(tx, {
      id: endToEndId,
      endToEndId,
      accountId: source.id,
      userId: source.userId,
      reason: "pix_out:processing",
      grossCents: input.amountCents,
      feeCents: fee,
      pixKey: input.pixKey,
      payer: platformParty(source),
      description: input.description ?? null,
      externalId: input.externalId ?? null,
    });
    await tx.queuedPayout.create({
      data: {
        id: randomUUID(),
        entrySeq: entry.seq,
        userId: source.userId,
        accountId: source.id,
        pixKey: input.pixKey,
        pixKeyType: input.pixKeyType,
        nextAttemptAt: new Date(now.getTime() + QUEUE_RETRY_MS),
        expiresAt: new Date(now.getTime() + QUEUE_TTL_MS),
        createdAt: now,
      },
    });
    await recordEvent(tx, {
      topic: "payout.queued",
      accountId: entry.accountId,
      userId: entry.userId,
      entryId: entry.id,
      payload: entrySnapshot(entry),
    });
    await sink?.record(tx, { kind: "payout", entryId: entry.id });
    return entry;
  });
}
