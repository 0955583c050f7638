/**
 * PIX limits on an account's debits (docs/decisions/0059-pix-limits.md): the limits in force at
 * an instant, what the account used of them, and the check every door that moves money out runs
 * inside its debit's transaction.
 */
import { config } from "../config";
import type { Db, Tx } from "../db/client";
import { AppError, type ErrorReason } from "../errors";
import type { PixLimitKind } from "../generated/prisma/client";
import { centsToBrl } from "../money";
import { type Periods, periodsAt } from "./periods";

export type Limits = Record<PixLimitKind, bigint>;

/** The debits limits count: money leaving the account by PIX or to another account (not refunds, fees or MEDs). */
export const LIMITED_REASONS = ["pix_out:processing", "pix_out:emv_pay", "internal:transfer_out"] as const;

/** The instant limits are checked at; tests move it (the ledger keeps the database's clock). */
export const limitsClock = { now: (): Date => new Date() };

/** Advisory-lock namespace: one lock per account serialises its limited debits. */
const LOCK_NAMESPACE = 4502;

export function defaultLimits(): Limits {
  const c = config();
  return {
    per_transaction: c.PIX_LIMIT_PER_TRANSACTION_CENTS,
    daily: c.PIX_LIMIT_DAILY_CENTS,
    monthly: c.PIX_LIMIT_MONTHLY_CENTS,
    nightly_per_transaction: c.PIX_LIMIT_NIGHTLY_PER_TRANSACTION_CENTS,
    nightly: c.PIX_LIMIT_NIGHTLY_CENTS,
  };
}

/** The limits in force at `at`: each the newest change in force by then, else the default. */
export async function limitsInForce(db: Db | Tx, accountId: string, at: Date): Promise<Limits> {
  const rows = await db.$queryRaw<{ kind: PixLimitKind; amount_cents: bigint }[]>`
    SELECT DISTINCT ON (kind) kind, amount_cents FROM pix_limit_changes
     WHERE account_id = ${accountId} AND status IN ('applied', 'scheduled', 'approved') AND effective_at <= ${at}
     ORDER BY kind, effective_at DESC, requested_at DESC`;
  const limits = defaultLimits();
  for (const row of rows) limits[row.kind] = BigInt(row.amount_cents);
  return limits;
}

export type Usage = { day: bigint; month: bigint; night: bigint };

/** What the account's limited debits (succeeded or still processing) used of each period holding `at`. */
export async function usageAt(db: Db | Tx, accountId: string, periods: Periods): Promise<Usage> {
  const nightStart = periods.night?.start ?? periods.dayStart;
  const from = new Date(Math.min(nightStart.getTime(), periods.monthStart.getTime()));
  const [row] = await db.$queryRaw<{ day: bigint; month: bigint; night: bigint }[]>`
    SELECT COALESCE(SUM(gross_cents) FILTER (WHERE created_at >= ${periods.dayStart}), 0)::bigint AS day,
           COALESCE(SUM(gross_cents) FILTER (WHERE created_at >= ${periods.monthStart}), 0)::bigint AS month,
           COALESCE(SUM(gross_cents) FILTER (WHERE created_at >= ${nightStart}), 0)::bigint AS night
      FROM ledger_entries
     WHERE account_id = ${accountId} AND created_at >= ${from} AND type = 'debit'
       AND status IN ('succeeded', 'processing') AND reason = ANY(${[...LIMITED_REASONS]}::text[])`;
  return {
    day: BigInt(row?.day ?? 0),
    month: BigInt(row?.month ?? 0),
    night: periods.night ? BigInt(row?.night ?? 0) : 0n,
  };
}

const MESSAGES: Record<PixLimitKind, string> = {
  per_transaction: "the per-transaction PIX limit",
  daily: "the daily PIX limit",
  monthly: "the monthly PIX limit",
  nightly_per_transaction: "the night-time per-transaction PIX limit",
  nightly: "the night-time PIX limit",
};
export const DETAIL_CODES: Record<PixLimitKind, ErrorReason> = {
  per_transaction: "PER_TRANSACTION_LIMIT",
  daily: "DAILY_LIMIT",
  monthly: "MONTHLY_LIMIT",
  nightly_per_transaction: "NIGHTLY_PER_TRANSACTION_LIMIT",
  nightly: "NIGHTLY_LIMIT",
};

function refuse(kind: PixLimitKind, left: bigint, field: string): never {
  throw new AppError(
    "LIMIT_EXCEEDED",
    `${field} exceeds ${MESSAGES[kind]} (${centsToBrl(left < 0n ? 0n : left).toFixed(2)} left)`,
    field,
    DETAIL_CODES[kind],
  );
}

/** The first limit `amountCents` would break, with what is left of it; null when none. */
export function brokenLimit(
  limits: Limits,
  usage: Usage,
  night: boolean,
  amountCents: bigint,
): { kind: PixLimitKind; left: bigint } | null {
  if (amountCents > limits.per_transaction) return { kind: "per_transaction", left: limits.per_transaction };
  if (night && amountCents > limits.nightly_per_transaction)
    return { kind: "nightly_per_transaction", left: limits.nightly_per_transaction };
  if (usage.day + amountCents > limits.daily) return { kind: "daily", left: limits.daily - usage.day };
  if (night && usage.night + amountCents > limits.nightly)
    return { kind: "nightly", left: limits.nightly - usage.night };
  if (usage.month + amountCents > limits.monthly) return { kind: "monthly", left: limits.monthly - usage.month };
  return null;
}

/**
 * 422 LIMIT_EXCEEDED (detail code naming the limit) unless the debit fits every limit in force.
 * Call inside the debit's transaction, before it posts: the account's advisory lock, held to
 * commit, makes its concurrent debits check one after the other, each seeing those before it.
 */
export async function assertWithinLimits(
  tx: Tx,
  accountId: string,
  amountCents: bigint,
  at: Date = limitsClock.now(),
  field = "amount",
): Promise<void> {
  await tx.$executeRaw`SELECT pg_advisory_xact_lock(${LOCK_NAMESPACE}::int, hashtext(${accountId}))`;
  const periods = periodsAt(at);
  const limits = await limitsInForce(tx, accountId, at);
  const usage = await usageAt(tx, accountId, periods);
  assertFits(limits, usage, periods.night !== null, amountCents, field);
}

/** 422 LIMIT_EXCEEDED for the first limit `amountCents` breaks, given the limits and their use. */
export function assertFits(limits: Limits, usage: Usage, night: boolean, amountCents: bigint, field = "amount"): void {
  const broken = brokenLimit(limits, usage, night, amountCents);
  if (broken) refuse(broken.kind, broken.left, field);
}
