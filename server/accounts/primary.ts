import type { Tx } from "../db/client";
import { pool } from "../db/pool";
import { notFound } from "../errors";
import type { Account } from "../generated/prisma/client";

/** The gateway speaks for a merchant, not an account: it uses the merchant's first account. */
export async function primaryAccount(tx: Tx, userId: string): Promise<Account> {
  const account = await tx.account.findFirst({ where: { userId }, orderBy: { createdAt: "asc" } });
  if (!account) throw notFound("the merchant has no account", "account");
  return account;
}

/** The same account's id on the plain pool (the gateway's cash-out, docs/performance.md). */
export async function primaryAccountId(userId: string): Promise<string> {
  const { rows } = await pool().query<{ id: string }>(
    "SELECT id FROM accounts WHERE user_id = $1::uuid ORDER BY created_at ASC LIMIT 1",
    [userId],
  );
  if (!rows[0]) throw notFound("the merchant has no account", "account");
  return rows[0].id;
}
