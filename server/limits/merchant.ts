/**
 * PIX limits as the merchant's dashboard reads and changes them (docs/decisions/0059-pix-limits.md):
 * the account checked as the caller's first, then the view, its history and what a raise will
 * take (24 h; above the approval threshold, an operator too).
 */
import { ownedAccount } from "../accounts/service";
import type { AuditActor } from "../audit/log";
import { config } from "../config";
import type { Db, Tx } from "../db/client";
import { inTransaction } from "../db/transaction";
import type { PixLimitChange } from "../generated/prisma/client";
import { changeLimits, RAISE_DELAY_MS } from "./changes";
import { limitsClock } from "./limits";
import type { LimitChanges } from "./schema";
import { limitHistory, limitsView } from "./view";

/**
 * A history row as the merchant sees it: who asked (a member's e-mail, `api:` for the account
 * API), or null for the platform's own change; the operator who decided stays out.
 */
function historyRow(change: PixLimitChange) {
  const byPlatform = change.decidedBy !== null && change.decidedBy === change.requestedBy;
  return {
    id: change.id,
    kind: change.kind,
    amountCents: change.amountCents,
    previousCents: change.previousCents,
    status: change.status,
    requestedAt: change.requestedAt,
    effectiveAt: change.effectiveAt,
    decidedAt: change.decidedAt,
    requestedBy: byPlatform ? null : change.requestedBy.replace(/^merchant:.*/, "api:"),
  };
}

export async function ownLimits(db: Db | Tx, input: { accountId: string; userId: string; at?: Date }) {
  const account = await ownedAccount(db, input.accountId, input.userId);
  const at = input.at ?? limitsClock.now();
  const [view, history] = await Promise.all([limitsView(db, account.id, at), limitHistory(db, account.id)]);
  return {
    accountId: account.id,
    ...view,
    pending: view.pending.map(historyRow),
    history: history.map(historyRow),
    /** a raise above this waits for an operator's approval */
    raiseApprovalCents: config().PIX_LIMIT_RAISE_APPROVAL_CENTS,
    raiseDelayMs: RAISE_DELAY_MS,
  };
}

export type OwnLimits = Awaited<ReturnType<typeof ownLimits>>;

/**
 * The member `actor` lowers limits (at once) or asks to raise them, audited: the changes made,
 * then the limits as they stand.
 */
export function changeOwnLimits(
  db: Db,
  input: { accountId: string; userId: string; actor: AuditActor; changes: LimitChanges },
) {
  return inTransaction(db, async (tx) => {
    const account = await ownedAccount(tx, input.accountId, input.userId);
    const now = limitsClock.now();
    const made = await changeLimits(tx, {
      accountId: account.id,
      changes: input.changes,
      requestedBy: input.actor.email,
      actor: input.actor,
      now,
    });
    return {
      made: made.map(historyRow),
      limits: await ownLimits(tx, { accountId: account.id, userId: input.userId, at: now }),
    };
  });
}
