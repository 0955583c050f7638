import type { Tx } from "../db/client";
import { documentKind, onlyDigits } from "../documents/cpf-cnpj";
import { AppError, invalid, notFound } from "../errors";
import type { Account } from "../generated/prisma/client";
import { ACCOUNT_ID_PATTERN, newAccountId } from "./account-id";

export async function createAccount(
  tx: Tx,
  input: { userId: string; name: string; document: string; id?: string; programmeOwnerId?: string },
): Promise<Account> {
  const kind = documentKind(input.document);
  if (!kind) throw invalid("document must be a valid CPF or CNPJ", "document");
  for (let attempt = 0; attempt < 5; attempt++) {
    const id = input.id ?? newAccountId();
    if (await tx.account.findUnique({ where: { id }, select: { id: true } })) continue;
    return tx.account.create({
      data: {
        id,
        userId: input.userId,
        name: input.name,
        document: onlyDigits(input.document),
        personType: kind === "cpf" ? "person" : "company",
        programmeOwnerId: input.programmeOwnerId ?? null,
      },
    });
  }
  throw new AppError("INTERNAL_ERROR", "could not allocate an account number");
}

/**
 * The account, if it exists and belongs to the user. Distinguishes the three answers the
 * interface gives: malformed id (400), unknown (404), someone else's (403).
 */
export async function ownedAccount(tx: Tx, accountId: string, userId: string): Promise<Account> {
  if (!ACCOUNT_ID_PATTERN.test(accountId))
    throw invalid("accountId must be 12 digits", "accountId", "ACCOUNT_NUMBER_INVALID");
  const account = await tx.account.findUnique({ where: { id: accountId } });
  if (!account) throw notFound("account not found");
  if (account.userId !== userId) throw new AppError("FORBIDDEN", "no permission for this account");
  return account;
}

export type Balance = {
  accountId: string;
  /** available + blocked: the money that is the merchant's */
  balanceCents: bigint;
  availableCents: bigint;
  blockedCents: bigint;
  /** on its way out in outgoing payments still processing */
  heldCents: bigint;
};

export function balanceOf(account: Account): Balance {
  return {
    accountId: account.id,
    balanceCents: account.availableCents + account.blockedCents,
    availableCents: account.availableCents,
    blockedCents: account.blockedCents,
    heldCents: account.heldCents,
  };
}

export async function getBalance(tx: Tx, accountId: string, userId: string): Promise<Balance> {
  return balanceOf(await ownedAccount(tx, accountId, userId));
}

export async function accountsOfUser(tx: Tx, userId: string): Promise<Account[]> {
  return tx.account.findMany({ where: { userId }, orderBy: { createdAt: "asc" } });
}
