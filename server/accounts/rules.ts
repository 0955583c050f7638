/**
 * The business rules every movement obeys, checked in the services (not the doors), so no new
 * door can skip them: the per-transaction maximum and "the account is active".
 */
import { config } from "../config";
import type { Tx } from "../db/client";
import { AppError, invalid } from "../errors";
import type { Account } from "../generated/prisma/client";
import { centsToBrl } from "../money";
import { ownedAccount } from "./service";

/** 400 for a non-positive amount; `LIMIT_EXCEEDED` (422) above MAX_TRANSACTION_AMOUNT_CENTS. */
export function assertTransactionAmount(amountCents: bigint, field = "amount"): void {
  if (amountCents <= 0n) throw invalid(`${field} must be greater than zero`, field, "AMOUNT_NOT_POSITIVE");
  const max = config().MAX_TRANSACTION_AMOUNT_CENTS;
  if (amountCents > max) {
    throw new AppError(
      "LIMIT_EXCEEDED",
      `${field} exceeds the per-transaction limit of ${centsToBrl(max).toFixed(2)}`,
      field,
      "AMOUNT_ABOVE_LIMIT",
    );
  }
}

/** 403 unless the account can move money. */
export function assertActive(account: Pick<Account, "status">): void {
  if (account.status !== "active")
    throw new AppError("FORBIDDEN", "account is inactive", undefined, "ACCOUNT_INACTIVE");
}

/**
 * 403 unless a movement inside the platform may credit the account: a blocked account receives
 * nothing either (the payer's money stays with the payer).
 */
export function assertCanReceive(account: Pick<Account, "status">, field: string): void {
  if (account.status !== "active")
    throw new AppError("FORBIDDEN", "destination account is inactive", field, "DESTINATION_INACTIVE");
}

/** The user's account that money leaves, checked against both rules. */
export async function spendingAccount(
  tx: Tx,
  accountId: string,
  userId: string,
  amountCents: bigint,
): Promise<Account> {
  assertTransactionAmount(amountCents);
  const account = await ownedAccount(tx, accountId, userId);
  assertActive(account);
  return account;
}
