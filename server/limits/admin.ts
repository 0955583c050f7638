/**
 * The back office's side of PIX limits (docs/decisions/0059-pix-limits.md): the raises waiting for
 * an operator, one account's limits in force, and the operator's decision (audited by decideRaise).
 */
import type { AuditActor } from "../audit/log";
import type { Db, Tx } from "../db/client";
import { notFound } from "../errors";
import { decideRaise } from "./changes";
import { limitHistory, limitsView } from "./view";

/** An account's limits as its holder sees them, with the account and its latest changes. */
export async function accountLimits(db: Db | Tx, accountId: string) {
  const account = await db.account.findUnique({
    where: { id: accountId },
    select: { id: true, name: true, document: true },
  });
  if (!account) throw notFound("account not found", "accountId");
  const [view, history] = await Promise.all([limitsView(db, accountId), limitHistory(db, accountId, 20)]);
  return { account, ...view, history };
}

/** Approve a pending raise: in force 24 h after the request, or at once if that has passed. */
export function approveRaise(db: Db, input: { id: string; actor: AuditActor }) {
  return db.$transaction((tx) => decideRaise(tx, { changeId: input.id, approve: true, actor: input.actor }));
}

/** Refuse a pending raise, with the reason the audit log keeps: the limit stays as it is. */
export function refuseRaise(db: Db, input: { id: string; reason: string; actor: AuditActor }) {
  return db.$transaction((tx) =>
    decideRaise(tx, { changeId: input.id, approve: false, actor: input.actor, reason: input.reason }),
  );
}
