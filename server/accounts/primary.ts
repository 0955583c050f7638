import type { Tx } from "../db/client";
import { notFound } from "../errors";
import type { Account } from "../generated/prisma/client";

/** The gateway speaks for a merchant, not an account: it uses the merchant's first account. */
export async function primaryAccount(tx: Tx, userId: string): Promise<Account> {
  const account = await tx.account.findFirst({ where: { userId }, orderBy: { createdAt: "asc" } });
  if (!account) throw notFound("the merchant has no account", "account");
  return account;
}
