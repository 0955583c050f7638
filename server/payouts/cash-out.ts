/**
 * Gateway cash-out by key (interface 4.1, 8): each needs a DICT key resolution, and a merchant
 * has 120 a minute. Over the quota the payout is queued — its money held at once — and the
 * worker sends it about every 3 s while quota allows, or fails it after 2 hours.
 */
import { randomUUID } from "node:crypto";
import { ownedAccount } from "../accounts/service";
import { config } from "../config";
import type { Db } from "../db/client";
import type { LedgerEntry, PixKeyType } from "../generated/prisma/client";
import { FixedWindowLimiter } from "../http/rate-limit";
import { assertExternalIdFree, entrySnapshot, insertEntry } from "../ledger/entries";
import { newEndToEndId } from "../ledger/ids";
import { legs, postMovement } from "../ledger/movements";
import { platformParty } from "../ledger/parties";
import { recordEvent } from "../outbox/record";
import { parsePixKey } from "../pix/keys";
import type { PixRail } from "../pix/rail";
import { sendPixToKey } from "../transfers/pix-out";

export const QUEUE_TTL_MS = 2 * 60 * 60 * 1000;
export const QUEUE_RETRY_MS = 3000;

let quota: FixedWindowLimiter | undefined;
/** DICT key resolutions per merchant per minute. */
export function dictQuota(): FixedWindowLimiter {
  quota ??= new FixedWindowLimiter("dict", config().DICT_QUOTA_PER_MINUTE, 60);
  return quota;
}
export function resetDictQuotaForTests(): void {
  quota = undefined;
}

export type CashOut = {
  userId: string;
  accountId: string;
  amountCents: bigint;
  pixKey: string;
  pixKeyType: PixKeyType;
  description?: string | null;
  externalId?: string | null;
};

export async function cashOut(db: Db, rail: PixRail, input: CashOut): Promise<{ queued: boolean; entry: LedgerEntry }> {
  const { key } = parsePixKey(input.pixKey, input.pixKeyType);
  if ((await dictQuota().consume(input.userId)).allowed) {
    return { queued: false, entry: await sendPixToKey(db, rail, { ...input, pixKey: key }) };
  }
  return { queued: true, entry: await queuePayout(db, { ...input, pixKey: key }) };
}

async function queuePayout(db: Db, input: CashOut, now = new Date()): Promise<LedgerEntry> {
  return db.$transaction(async (tx) => {
    const source = await ownedAccount(tx, input.accountId, input.userId);
    await assertExternalIdFree(tx, source.id, input.externalId);
    const endToEndId = newEndToEndId("E", config().PLATFORM_ISPB, now);
    const fee = source.externalFeeCents;
    const entry = await insertEntry(tx, {
      id: endToEndId,
      endToEndId,
      accountId: source.id,
      userId: source.userId,
      type: "debit",
      reason: "pix_out:processing",
      status: "processing",
      grossCents: input.amountCents,
      feeCents: fee,
      pixKey: input.pixKey,
      payer: platformParty(source),
      description: input.description ?? null,
      externalId: input.externalId ?? null,
    });
    await postMovement(tx, entry.seq, legs.hold(source.id, input.amountCents + fee));
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
    return entry;
  });
}
