/**
 * The charges list, newest first, with its filters and search box. The search is read as whatever the text can be: a txId or an externalId
 * (exact), an amount ("R$ 50,00", "50.00"), or part of a description or an externalId, accents
 * and case aside ("cafe" finds "Café"; the trigram index of migration 20261126000600).
 */
import type { Tx } from "../db/client";
import { type Charge, Prisma } from "../generated/prisma/client";
import { amountCentsOf, foldedContains } from "../ledger/search";
import { refundedCentsByCharge } from "./paid";
import type { ChargeStatus } from "./schema";

export type ChargeFilters = { status?: ChargeStatus; accountId?: string; search?: string };

/** Exactly the expression of the charges' trigram index. */
const SEARCHABLE = Prisma.sql`coalesce(description, '') || ' ' || coalesce(external_id, '')`;

function searchCondition(typed: string): Prisma.Sql {
  const text = typed.trim();
  const readings: Prisma.Sql[] = [];
  if (!/\s/.test(text)) readings.push(Prisma.sql`tx_id = ${text}`);
  // an externalId of three characters or more is found by the trigram reading below; the unique
  // (account_id, external_id) index cannot serve a look-up by user (a full index scan)
  if (!/\s/.test(text) && text.length < 3) readings.push(Prisma.sql`external_id = ${text}`);
  const cents = amountCentsOf(text);
  if (cents !== null && cents > 0n) readings.push(Prisma.sql`amount_cents = ${cents}`);
  // three characters at least: the trigram index has nothing to look up for fewer
  if (text.length >= 3) readings.push(foldedContains(SEARCHABLE, text));
  if (readings.length === 0) return Prisma.sql`FALSE`;
  return Prisma.sql`(${Prisma.join(readings, " OR ")})`;
}

/**
 * Every filter of the charges list as one SQL condition, always within the user's immediate
 * charges (due-date charges have their own list, server/charges/due-date/read.ts).
 */
export function chargeCondition(userId: string, filters: ChargeFilters): Prisma.Sql {
  const parts = [Prisma.sql`user_id = ${userId}::uuid`, Prisma.sql`kind = 'cob'`];
  if (filters.status) parts.push(Prisma.sql`status = ${filters.status}::"ChargeStatus"`);
  if (filters.accountId) parts.push(Prisma.sql`account_id = ${filters.accountId}`);
  if (filters.search?.trim()) parts.push(searchCondition(filters.search));
  return Prisma.join(parts, " AND ");
}

/** A page of the user's charges, newest first, each with what was refunded of it. */
export async function listCharges(
  tx: Tx,
  userId: string,
  filters: ChargeFilters & { page: number; limit: number },
): Promise<{ charges: (Charge & { refundedCents: bigint })[]; total: number }> {
  const where = chargeCondition(userId, filters);
  const [page, [count]] = await Promise.all([
    tx.$queryRaw<{ tx_id: string }[]>`
      SELECT tx_id FROM charges WHERE ${where}
       ORDER BY created_at DESC
       LIMIT ${filters.limit} OFFSET ${(filters.page - 1) * filters.limit}`,
    tx.$queryRaw<{ total: number }[]>`SELECT count(*)::int AS total FROM charges WHERE ${where}`,
  ]);
  const ids = page.map((row) => row.tx_id);
  const rows = await tx.charge.findMany({ where: { txId: { in: ids } } });
  const byId = new Map(rows.map((charge) => [charge.txId, charge]));
  const charges = ids.flatMap((id) => byId.get(id) ?? []);
  const refunded = await refundedCentsByCharge(tx, userId, charges);
  return {
    charges: charges.map((charge) => ({ ...charge, refundedCents: refunded.get(charge.txId) ?? 0n })),
    total: count?.total ?? 0,
  };
}
