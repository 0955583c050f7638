/**
 * Accounts of an account programme (BaaS): real ledger accounts whose `programmeOwnerId` is the
 * merchant that runs the programme. Through /v4/i/baas a caller operates the accounts it runs
 * and its own accounts; any other account is a 404, so ids of other programmes are not revealed.
 */
import type { Tx } from "../db/client";
import { invalid, notFound } from "../errors";
import type { Account, PixKey } from "../generated/prisma/client";
import { ACCOUNT_ID_PATTERN } from "./account-id";

export async function operableAccount(tx: Tx, callerId: string, accountId: string): Promise<Account> {
  if (!ACCOUNT_ID_PATTERN.test(accountId)) throw invalid("accountId must be 12 digits", "accountId");
  const account = await tx.account.findFirst({
    where: {
      id: accountId,
      OR: [{ programmeOwnerId: callerId }, { userId: callerId, programmeOwnerId: null }],
    },
  });
  if (!account) throw notFound("account not found", "accountId");
  return account;
}

export type ProgrammeAccount = Account & { pixKeys: PixKey[] };

/** The accounts a merchant's programme runs, newest first, with their keys (current first). */
export async function programmeAccounts(tx: Tx, ownerId: string): Promise<ProgrammeAccount[]> {
  return tx.account.findMany({
    where: { programmeOwnerId: ownerId },
    orderBy: { createdAt: "desc" },
    include: { pixKeys: { orderBy: [{ isCurrent: "desc" }, { createdAt: "asc" }] } },
  });
}
