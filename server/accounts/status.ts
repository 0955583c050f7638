/**
 * An operator blocks or unblocks an account. A blocked account (`inactive`) neither sends nor
 * receives: the movement services refuse it with 403 (server/accounts/rules.ts). The change and
 * its audit record (who, before/after, why) are written in one transaction; the reason of a block
 * stays on the account, for its holder's dashboard to say why.
 */
import type { AuditAction } from "../audit/actions";
import type { AuditActor } from "../audit/log";
import { recordAudit } from "../audit/log";
import type { Db } from "../db/client";
import { AppError, invalid, notFound } from "../errors";
import type { Account } from "../generated/prisma/client";
import { ACCOUNT_ID_PATTERN } from "./account-id";

export type AccountStatusValue = Account["status"];

const ACTION: Record<AccountStatusValue, AuditAction> = { inactive: "account.block", active: "account.unblock" };
const ALREADY: Record<AccountStatusValue, string> = {
  inactive: "account is already blocked",
  active: "account is not blocked",
};

export async function setAccountStatus(
  db: Db,
  input: { accountId: string; status: AccountStatusValue; reason: string; actor: AuditActor },
): Promise<Account> {
  if (!ACCOUNT_ID_PATTERN.test(input.accountId)) throw invalid("accountId must be 12 digits", "accountId");
  const reason = input.reason.trim();
  if (reason.length < 3) throw invalid("reason must have at least 3 characters", "reason");
  return db.$transaction(async (tx) => {
    // The row lock orders concurrent changes: each sees the state the previous one left.
    const [locked] = await tx.$queryRaw<{ status: AccountStatusValue }[]>`
      SELECT status FROM accounts WHERE id = ${input.accountId} FOR UPDATE`;
    if (!locked) throw notFound("account not found");
    if (locked.status === input.status) throw new AppError("CONFLICT", ALREADY[input.status], "accountId");
    const account = await tx.account.update({
      where: { id: input.accountId },
      data: {
        status: input.status,
        statusReason: input.status === "inactive" ? reason : null,
        statusChangedAt: new Date(),
      },
    });
    await recordAudit(tx, {
      actor: input.actor,
      action: ACTION[input.status],
      targetType: "account",
      targetId: account.id,
      before: { status: locked.status },
      after: { status: account.status },
      reason,
    });
    return account;
  });
}

export const blockAccount = (db: Db, input: { accountId: string; reason: string; actor: AuditActor }) =>
  setAccountStatus(db, { ...input, status: "inactive" });

export const unblockAccount = (db: Db, input: { accountId: string; reason: string; actor: AuditActor }) =>
  setAccountStatus(db, { ...input, status: "active" });
