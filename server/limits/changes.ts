/**
 * Changing an account's limits (docs/decisions/0059-pix-limits.md). The merchant lowers a limit at
 * once and asks to raise one: the raise is in force 24 h after the request, and one above
 * PIX_LIMIT_RAISE_APPROVAL_CENTS only once an operator approved it (and still not before 24 h).
 * An operator sets limits at once. Every change is a row of pix_limit_changes: the history.
 */
import { randomUUID } from "node:crypto";
import { type AuditActor, recordAudit } from "../audit/log";
import { config } from "../config";
import type { Tx } from "../db/client";
import { AppError, invalid, notFound } from "../errors";
import type { PixLimitChange, PixLimitKind } from "../generated/prisma/client";
import { type Limits, limitsClock, limitsInForce } from "./limits";
import { LIMIT_FIELDS, type LimitChanges } from "./schema";

export const RAISE_DELAY_MS = 24 * 60 * 60 * 1000;

export type { LimitChanges } from "./schema";

function validate(changes: LimitChanges): [PixLimitKind, bigint][] {
  const given = Object.entries(changes).filter(([, v]) => v !== undefined) as [PixLimitKind, bigint][];
  if (given.length === 0) throw invalid("name at least one limit to change", "limits");
  const cap = config().MAX_TRANSACTION_AMOUNT_CENTS;
  for (const [kind, cents] of given) {
    if (cents < 0n) throw invalid(`${LIMIT_FIELDS[kind]} must not be negative`, LIMIT_FIELDS[kind]);
    if ((kind === "per_transaction" || kind === "nightly_per_transaction") && cents > cap)
      throw invalid(
        `${LIMIT_FIELDS[kind]} exceeds the platform's per-transaction cap`,
        LIMIT_FIELDS[kind],
        "AMOUNT_ABOVE_LIMIT",
      );
  }
  return given;
}

/** Raises of `kind` not yet in force (pending, or scheduled for later) give way to a newer change. */
async function cancelOpenRaises(tx: Tx, accountId: string, kind: PixLimitKind, now: Date): Promise<void> {
  await tx.pixLimitChange.updateMany({
    where: {
      accountId,
      kind,
      OR: [{ status: "pending" }, { status: { in: ["scheduled", "approved"] }, effectiveAt: { gt: now } }],
    },
    data: { status: "cancelled", decidedAt: now },
  });
}

/** Locks the account's limit changes; answers its organisation (the account's owner). */
async function lockAccount(tx: Tx, accountId: string): Promise<string> {
  const account = await tx.account.findUnique({ where: { id: accountId }, select: { id: true, userId: true } });
  if (!account) throw notFound("account not found", "accountId");
  await tx.$executeRaw`SELECT pg_advisory_xact_lock(4503, hashtext(${accountId}))`;
  return account.userId;
}

/**
 * The merchant's change: each limit given lower than (or equal to) the one in force is applied
 * at once; each higher one becomes a raise request. Both are audited in the organisation's log
 * (limits.lower, limits.raise_request) with `actor`: the member, or the API key; without one
 * (a test's or a seed's change), the organisation itself under `requestedBy`.
 */
export async function changeLimits(
  tx: Tx,
  input: { accountId: string; changes: LimitChanges; requestedBy: string; actor?: AuditActor; now?: Date },
): Promise<PixLimitChange[]> {
  const now = input.now ?? limitsClock.now();
  const given = validate(input.changes);
  const organizationId = await lockAccount(tx, input.accountId);
  const current = await limitsInForce(tx, input.accountId, now);
  const threshold = config().PIX_LIMIT_RAISE_APPROVAL_CENTS;
  const made: PixLimitChange[] = [];
  for (const [kind, cents] of given) {
    await cancelOpenRaises(tx, input.accountId, kind, now);
    const raise = cents > current[kind];
    const status = !raise ? "applied" : cents > threshold ? "pending" : "scheduled";
    made.push(
      await tx.pixLimitChange.create({
        data: {
          id: randomUUID(),
          accountId: input.accountId,
          kind,
          amountCents: cents,
          previousCents: current[kind],
          status,
          requestedBy: input.requestedBy,
          requestedAt: now,
          effectiveAt: raise ? new Date(now.getTime() + RAISE_DELAY_MS) : now,
        },
      }),
    );
  }
  const actor = input.actor ?? { userId: organizationId, email: input.requestedBy };
  await auditMerchantChange(tx, { accountId: input.accountId, organizationId, actor, made });
  return made;
}

/** One row for what was lowered, one for what was asked: the limits before, and after (or asked). */
async function auditMerchantChange(
  tx: Tx,
  input: { accountId: string; organizationId: string; actor: AuditActor; made: PixLimitChange[] },
): Promise<void> {
  const lowered = input.made.filter((change) => change.status === "applied");
  const raises = input.made.filter((change) => change.status !== "applied");
  const record = (action: "limits.lower" | "limits.raise_request", changes: PixLimitChange[], after: unknown) =>
    recordAudit(tx, {
      actor: input.actor,
      action,
      targetType: "account",
      targetId: input.accountId,
      before: Object.fromEntries(changes.map((change) => [change.kind, change.previousCents])),
      after,
      organizationId: input.organizationId,
    });
  if (lowered.length > 0)
    await record("limits.lower", lowered, Object.fromEntries(lowered.map((c) => [c.kind, c.amountCents])));
  if (raises.length > 0)
    await record(
      "limits.raise_request",
      raises,
      Object.fromEntries(
        raises.map((c) => [
          c.kind,
          { changeId: c.id, amountCents: c.amountCents, status: c.status, effectiveAt: c.effectiveAt },
        ]),
      ),
    );
}

/** An operator's change (CLI, back office): every limit given is in force at once, audited. */
export async function setLimits(
  tx: Tx,
  input: { accountId: string; changes: LimitChanges; actor: AuditActor; reason?: string | null; now?: Date },
): Promise<Limits> {
  const now = input.now ?? limitsClock.now();
  const given = validate(input.changes);
  await lockAccount(tx, input.accountId);
  const before = await limitsInForce(tx, input.accountId, now);
  for (const [kind, cents] of given) {
    await cancelOpenRaises(tx, input.accountId, kind, now);
    await tx.pixLimitChange.create({
      data: {
        id: randomUUID(),
        accountId: input.accountId,
        kind,
        amountCents: cents,
        previousCents: before[kind],
        status: "applied",
        requestedBy: input.actor.email,
        requestedAt: now,
        effectiveAt: now,
        decidedBy: input.actor.email,
        decidedAt: now,
      },
    });
  }
  const after = await limitsInForce(tx, input.accountId, now);
  await recordAudit(tx, {
    actor: input.actor,
    action: "limits.set",
    targetType: "account",
    targetId: input.accountId,
    before,
    after,
    reason: input.reason ?? null,
  });
  return after;
}

/**
 * An operator approves or refuses a pending raise. Approved, it is in force 24 h after the
 * request, or at once if that has passed.
 */
export async function decideRaise(
  tx: Tx,
  input: { changeId: string; approve: boolean; actor: AuditActor; reason?: string | null; now?: Date },
): Promise<PixLimitChange> {
  const now = input.now ?? limitsClock.now();
  const change = await tx.pixLimitChange.findUnique({ where: { id: input.changeId } });
  if (!change) throw notFound("limit request not found", "id");
  await lockAccount(tx, change.accountId);
  const fresh = await tx.pixLimitChange.findUniqueOrThrow({ where: { id: change.id } });
  if (fresh.status !== "pending") throw new AppError("CONFLICT", "the limit request is not pending", "id");
  const earliest = new Date(fresh.requestedAt.getTime() + RAISE_DELAY_MS);
  const decided = await tx.pixLimitChange.update({
    where: { id: fresh.id },
    data: {
      status: input.approve ? "approved" : "refused",
      decidedBy: input.actor.email,
      decidedAt: now,
      ...(input.approve ? { effectiveAt: earliest > now ? earliest : now } : {}),
    },
  });
  await recordAudit(tx, {
    actor: input.actor,
    action: input.approve ? "limits.approve" : "limits.refuse",
    targetType: "account",
    targetId: fresh.accountId,
    before: { changeId: fresh.id, kind: fresh.kind, amountCents: fresh.amountCents, status: fresh.status },
    after: { status: decided.status, effectiveAt: decided.effectiveAt },
    reason: input.reason ?? null,
  });
  return decided;
}
