/**
 * Refunds of received PIX (docs/contract.md): partial or full, up to 90 days after the original,
 * never more than the original across concurrent requests (the original is locked), one at a
 * time per original (409 while one is processing), settled through the rail.
 */
import { spendingAccount } from "../accounts/rules";
import { config } from "../config";
import type { Db, Tx } from "../db/client";
import { inTransaction } from "../db/transaction";
import { AppError, invalid, notFound } from "../errors";
import type { LedgerEntry } from "../generated/prisma/client";
import type { EffectSink } from "../idempotency/sink";
import { END_TO_END_PATTERN, newEndToEndId } from "../ledger/ids";
import type { Party } from "../ledger/parties";
import { hold } from "../ledger/verbs";
import { pixRail } from "../pix/current-rail";
import type { ReturnReason } from "../pix/rail";
import { refundFeeCents } from "../pricing/refunds";
import { REFUND_REASON, REFUNDABLE_REASONS } from "./reasons";

export { REFUND_REASON, REFUNDABLE_REASONS };
export const REFUND_WINDOW_DAYS = 90;
const REFUND_WINDOW_MS = REFUND_WINDOW_DAYS * 24 * 60 * 60 * 1000;

export async function lockOriginal(tx: Tx, userId: string, endToEndId: string): Promise<LedgerEntry> {
  const [row] = await tx.$queryRaw<{ seq: bigint }[]>`
    SELECT ledger_lock_entry(seq) AS seq FROM (
      SELECT seq FROM ledger_entries
       WHERE end_to_end_id = ${endToEndId} AND user_id = ${userId}::uuid AND type = 'credit'
       ORDER BY seq DESC LIMIT 1) original`;
  if (!row) throw notFound("original PIX not found");
  return tx.ledgerEntry.findUniqueOrThrow({ where: { seq: row.seq } });
}

/** What can still be refunded of a received PIX: gross minus refunds processing or done. */
export async function refundableCents(tx: Tx, original: LedgerEntry): Promise<bigint> {
  const refunded = await tx.ledgerEntry.aggregate({
    where: {
      accountId: original.accountId,
      parentEndToEndId: original.endToEndId,
      reason: REFUND_REASON,
      status: { in: ["processing", "succeeded"] },
    },
    _sum: { grossCents: true },
  });
  return original.grossCents - (refunded._sum.grossCents ?? 0n);
}

/** What was refunded (processing or done) of each of these received PIX, by their end-to-end ids. */
export async function refundedCentsOf(tx: Tx, userId: string, endToEndIds: string[]): Promise<Map<string, bigint>> {
  if (endToEndIds.length === 0) return new Map();
  const sums = await tx.ledgerEntry.groupBy({
    by: ["parentEndToEndId"],
    where: {
      userId,
      parentEndToEndId: { in: endToEndIds },
      reason: REFUND_REASON,
      status: { in: ["processing", "succeeded"] },
    },
    _sum: { grossCents: true },
  });
  return new Map(sums.map((sum) => [sum.parentEndToEndId as string, sum._sum.grossCents ?? 0n]));
}

/** Every refund of a received PIX, failed ones included, oldest first. */
export async function refundsOf(tx: Tx, userId: string, original: { accountId: string; endToEndId: string }) {
  return tx.ledgerEntry.findMany({
    where: { userId, accountId: original.accountId, parentEndToEndId: original.endToEndId, reason: REFUND_REASON },
    orderBy: [{ createdAt: "asc" }, { seq: "asc" }],
  });
}

/** `sink`: where a keyed request records the refund, in the refund's transaction (server/idempotency/). */
export async function requestRefund(
  db: Db | Tx,
  input: {
    userId: string;
    endToEndId: string;
    amountCents?: bigint | null;
    description?: string | null;
    now?: Date;
    /** why the money goes back (pacs.004): the merchant's refund (MD06) or a MED's (FR01) */
    returnReason?: Extract<ReturnReason, "MD06" | "FR01">;
  },
  sink?: EffectSink,
): Promise<LedgerEntry> {
  if (!END_TO_END_PATTERN.test(input.endToEndId))
    throw invalid("endToEndId is not a valid end-to-end id", "endToEndId");
  const now = input.now ?? new Date();
  return inTransaction(db, async (tx) => {
    const original = await lockOriginal(tx, input.userId, input.endToEndId);
    if (!REFUNDABLE_REASONS.includes(original.reason) || original.status !== "succeeded") {
      throw new AppError("NOT_REFUNDABLE", "this PIX cannot be refunded", undefined, "NOT_REFUNDABLE_PIX");
    }
    if (now.getTime() - original.createdAt.getTime() > REFUND_WINDOW_MS) {
      throw new AppError(
        "NOT_REFUNDABLE",
        `refunds are possible up to ${REFUND_WINDOW_DAYS} days after the original PIX`,
        undefined,
        "REFUND_WINDOW_CLOSED",
      );
    }
    const inFlight = await tx.ledgerEntry.count({
      where: {
        accountId: original.accountId,
        parentEndToEndId: original.endToEndId,
        reason: REFUND_REASON,
        status: "processing",
      },
    });
    if (inFlight > 0)
      throw new AppError("CONFLICT", "a refund of this PIX is already processing", undefined, "REFUND_IN_PROGRESS");
    const remaining = await refundableCents(tx, original);
    const amount = input.amountCents ?? remaining;
    if (remaining <= 0n || amount > remaining) {
      throw new AppError(
        "NOT_REFUNDABLE",
        `at most ${remaining} centavos of this PIX can still be refunded`,
        "amount",
        "REFUND_ABOVE_REMAINING",
      );
    }
    const account = await spendingAccount(tx, original.accountId, input.userId, amount);
    const feeCents = await refundFeeCents(tx, original, remaining, amount, input.returnReason, now);
    const endToEndId = newEndToEndId("D", config().PLATFORM_ISPB, now);
    const refund = await hold(tx, {
      id: endToEndId,
      endToEndId,
      parentEndToEndId: original.endToEndId,
      accountId: account.id,
      userId: account.userId,
      reason: REFUND_REASON,
      grossCents: amount,
      feeCents,
      description: input.description ?? null,
      payer: original.receiver as Party | null,
      receiver: original.payer as Party | null,
    });
    await pixRail().submitPayment(tx, {
      entrySeq: refund.seq,
      endToEndId,
      accountId: account.id,
      amountCents: amount,
      receiver: original.payer as Party,
      pixKey: null,
      // a pacs.004 of the original, asked by its receiver or decided by a MED
      returnOf: { endToEndId: original.endToEndId as string, reason: input.returnReason ?? "MD06" },
    });
    await sink?.record(tx, { kind: "refund", entryId: refund.id });
    return refund;
  });
}

/** A refund by its own end-to-end id (not the original's). */
export async function getRefund(tx: Tx, userId: string, refundEndToEndId: string): Promise<LedgerEntry> {
  if (!END_TO_END_PATTERN.test(refundEndToEndId))
    throw invalid("endToEndId is not a valid end-to-end id", "endToEndId");
  const refund = await tx.ledgerEntry.findFirst({
    where: { userId, endToEndId: refundEndToEndId, reason: REFUND_REASON },
  });
  if (!refund) throw notFound("refund not found");
  return refund;
}
