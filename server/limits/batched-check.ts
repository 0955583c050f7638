/**
 * The PIX limits check of the gateway's pool fast path (docs/decisions/0059-pix-limits.md): its
 * hold posts in a batch statement of its own, with no place for the account's advisory lock, so
 * the limits and their use are read just before it, without the lock. Concurrent cash-outs' reads
 * go in one statement (server/db/batched.ts), so they reach the batch together as before.
 */
import { batchedStatement } from "../db/batched";
import { pool } from "../db/pool";
import type { PixLimitKind } from "../generated/prisma/client";
import { assertFits, defaultLimits, LIMITED_REASONS, limitsClock } from "./limits";
import { periodsAt } from "./periods";

type Item = { accountId: string; at: Date };
type Row = { n: string; limits: Partial<Record<PixLimitKind, string>>; day: string; month: string; night: string };

const READ_LIMITS_MANY = `
  SELECT i.n, u.day, u.month, u.night,
         (SELECT COALESCE(jsonb_object_agg(l.kind, l.amount_cents::text), '{}'::jsonb) FROM (
            SELECT DISTINCT ON (c.kind) c.kind, c.amount_cents FROM pix_limit_changes c
             WHERE c.account_id = i.account_id AND c.status IN ('applied', 'scheduled', 'approved')
               AND c.effective_at <= i.at
             ORDER BY c.kind, c.effective_at DESC, c.requested_at DESC) l) AS limits
    FROM unnest($1::text[], $2::timestamptz[], $3::timestamptz[], $4::timestamptz[], $5::timestamptz[])
         WITH ORDINALITY AS i(account_id, at, day_start, month_start, night_start, n)
    CROSS JOIN LATERAL (
      SELECT COALESCE(SUM(e.gross_cents) FILTER (WHERE e.created_at >= i.day_start), 0)::bigint AS day,
             COALESCE(SUM(e.gross_cents) FILTER (WHERE e.created_at >= i.month_start), 0)::bigint AS month,
             COALESCE(SUM(e.gross_cents) FILTER (WHERE e.created_at >= i.night_start), 0)::bigint AS night
        FROM ledger_entries e
       WHERE e.account_id = i.account_id AND e.created_at >= LEAST(i.night_start, i.month_start)
         AND e.type = 'debit' AND e.status IN ('succeeded', 'processing') AND e.reason = ANY($6::text[])) u`;

const readLimits = batchedStatement<Item, Row | null>(async (items) => {
  const periods = items.map((item) => periodsAt(item.at));
  const { rows } = await pool().query<Row>({
    name: "cash_out_limits",
    text: READ_LIMITS_MANY,
    values: [
      items.map((item) => item.accountId),
      items.map((item) => item.at),
      periods.map((p) => p.dayStart),
      periods.map((p) => p.monthStart),
      periods.map((p) => p.night?.start ?? p.dayStart),
      [...LIMITED_REASONS],
    ],
  });
  const byItem = new Map(rows.map((row) => [Number(row.n), row]));
  return items.map((_, index) => byItem.get(index + 1) ?? null);
});

/** 422 LIMIT_EXCEEDED unless the debit fits the account's limits as they are read now (no lock). */
export async function checkWithinLimits(accountId: string, amountCents: bigint, at = limitsClock.now()): Promise<void> {
  const row = await readLimits({ accountId, at });
  const limits = defaultLimits();
  for (const [kind, cents] of Object.entries(row?.limits ?? {})) limits[kind as PixLimitKind] = BigInt(cents);
  const night = periodsAt(at).night !== null;
  const usage = {
    day: BigInt(row?.day ?? 0),
    month: BigInt(row?.month ?? 0),
    night: night ? BigInt(row?.night ?? 0) : 0n,
  };
  assertFits(limits, usage, night, amountCents);
}
