/**
 * What an account sees of its limits (dashboard, /v4/i, CLI): each limit in force, what the
 * current day, month and night used and what is left, and the raises not yet in force.
 */
import type { Db, Tx } from "../db/client";
import type { PixLimitChange } from "../generated/prisma/client";
import { type Limits, limitsClock, limitsInForce, usageAt } from "./limits";
import { periodsAt } from "./periods";

export type LimitsView = {
  at: Date;
  night: boolean;
  nightStart: Date | null;
  nightEnd: Date | null;
  limits: Limits;
  used: { day: bigint; month: bigint; night: bigint };
  /** what one more debit may move now in each period (the night's only by night) */
  remaining: { day: bigint; month: bigint; night: bigint | null; now: bigint };
  pending: PixLimitChange[];
};

const left = (limit: bigint, used: bigint) => (limit > used ? limit - used : 0n);
function min(first: bigint, ...rest: bigint[]): bigint {
  let least = first;
  for (const value of rest) if (value < least) least = value;
  return least;
}

export async function limitsView(db: Db | Tx, accountId: string, at: Date = limitsClock.now()): Promise<LimitsView> {
  const periods = periodsAt(at);
  const limits = await limitsInForce(db, accountId, at);
  const used = await usageAt(db, accountId, periods);
  const day = left(limits.daily, used.day);
  const month = left(limits.monthly, used.month);
  const night = periods.night ? left(limits.nightly, used.night) : null;
  const perTransaction = periods.night
    ? min(limits.per_transaction, limits.nightly_per_transaction)
    : limits.per_transaction;
  const pending = await db.pixLimitChange.findMany({
    where: {
      accountId,
      OR: [{ status: "pending" }, { status: { in: ["scheduled", "approved"] }, effectiveAt: { gt: at } }],
    },
    orderBy: { requestedAt: "desc" },
  });
  return {
    at,
    night: periods.night !== null,
    nightStart: periods.night?.start ?? periods.nextNightStart,
    nightEnd: periods.night?.end ?? null,
    limits,
    used,
    remaining: { day, month, night, now: min(perTransaction, day, month, ...(night === null ? [] : [night])) },
    pending,
  };
}

/** A change's history, newest first. */
export function limitHistory(db: Db | Tx, accountId: string, take = 50): Promise<PixLimitChange[]> {
  return db.pixLimitChange.findMany({ where: { accountId }, orderBy: { requestedAt: "desc" }, take });
}

/** Pending raise requests for the back office, oldest first. */
export function pendingRaises(db: Db | Tx, take = 100) {
  return db.pixLimitChange.findMany({
    where: { status: "pending" },
    orderBy: { requestedAt: "asc" },
    take,
    include: { account: { select: { id: true, name: true, document: true } } },
  });
}
