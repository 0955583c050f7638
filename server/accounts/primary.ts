import { batchedLookup } from "../db/batched";
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

type MerchantAccounts = { primaryId: string; anyActive: boolean };

/**
 * What the gateway asks of a merchant's accounts on every request (step 4: whether any account
 * is active; the first account's id, the one the gateway speaks for), concurrent requests' in one
 * statement (server/db/batched.ts).
 */
export const merchantAccounts = batchedLookup<string, MerchantAccounts>(async (userIds) => {
  const { rows } = await pool().query<{ user_id: string; primary_id: string; any_active: boolean }>(
    `SELECT user_id, (array_agg(id ORDER BY created_at ASC))[1] AS primary_id,
            bool_or(status = 'active') AS any_active
       FROM accounts WHERE user_id = ANY($1::uuid[]) GROUP BY user_id`,
    [userIds],
  );
  return new Map(rows.map((row) => [row.user_id, { primaryId: row.primary_id, anyActive: row.any_active }]));
});
