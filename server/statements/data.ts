/**
 * What a statement reads from the ledger, with plain SQL on the pg pool: entries in keyset pages
 * (never the whole period in memory), and aggregates computed by PostgreSQL.
 */
import type pg from "pg";
import type { Party } from "../ledger/parties";

export type StatementEntry = {
  seq: string;
  createdAt: Date;
  type: "credit" | "debit";
  reason: string;
  status: string;
  description: string | null;
  /** the merchant's own reference (a charge's order number) */
  externalId: string | null;
  endToEndId: string | null;
  payer: Party | null;
  receiver: Party | null;
  grossCents: bigint;
  feeCents: bigint;
  netCents: bigint;
};

type Period = { accountId: string; startAt: Date; endAt: Date };
/** A pool, or one client holding a snapshot (the PDF reads its summary and rows in one). */
type Queryable = Pick<pg.Pool, "query">;

export const PAGE_ROWS = 1000;

/** Entries of the period, oldest first, fetched PAGE_ROWS at a time by (created_at, seq). */
export async function* periodEntries(pool: Queryable, period: Period, pageRows = PAGE_ROWS) {
  let after: { createdAt: Date; seq: string } | null = null;
  for (;;) {
    const result: pg.QueryResult = await pool.query(
      `SELECT seq::text, created_at, type::text, reason, status::text, coalesce(description, obs) AS description,
              external_id, end_to_end_id, payer, receiver, gross_cents::text, fee_cents::text, net_cents::text
         FROM ledger_entries
        WHERE account_id = $1 AND created_at BETWEEN $2 AND $3
          AND ($4::timestamptz IS NULL OR (created_at, seq) > ($4, $5::bigint))
        ORDER BY created_at, seq
        LIMIT $6`,
      [period.accountId, period.startAt, period.endAt, after?.createdAt ?? null, after?.seq ?? "0", pageRows],
    );
    for (const row of result.rows) {
      yield {
        seq: row.seq,
        createdAt: row.created_at,
        type: row.type,
        reason: row.reason,
        status: row.status,
        description: row.description,
        externalId: row.external_id,
        endToEndId: row.end_to_end_id,
        payer: row.payer,
        receiver: row.receiver,
        grossCents: BigInt(row.gross_cents),
        feeCents: BigInt(row.fee_cents),
        netCents: BigInt(row.net_cents),
      } satisfies StatementEntry;
    }
    if (result.rows.length < pageRows) return;
    const last = result.rows[result.rows.length - 1];
    after = { createdAt: last.created_at, seq: last.seq };
  }
}

export async function countEntries(pool: pg.Pool, period: Period): Promise<number> {
  const result = await pool.query<{ n: number }>(
    "SELECT count(*)::int AS n FROM ledger_entries WHERE account_id = $1 AND created_at BETWEEN $2 AND $3",
    [period.accountId, period.startAt, period.endAt],
  );
  return result.rows[0]?.n ?? 0;
}

/**
 * `count` is every entry listed; `settledCount` the entries the money totals add up (settled
 * ones), `failedCount` and `processingCount` the others, listed but left out of the totals.
 */
type Counts = { count: number; settledCount: number; failedCount: number; processingCount: number };
export type MonthTotals = Counts & { month: string; inCents: bigint; outCents: bigint; feeCents: bigint };
export type ReasonTotals = Counts & { month: string; reason: string; type: string; netCents: bigint };

/** Opening + inCents − outCents = closing: balances are of settled entries, like the totals. */
export type PeriodSummary = Counts & {
  holder: { name: string; document: string; agency: string };
  openingCents: bigint;
  closingCents: bigint;
  inCents: bigint;
  outCents: bigint;
  feeCents: bigint;
  months: MonthTotals[];
  byReason: ReasonTotals[];
};

const SIGNED_NET = "CASE WHEN type = 'credit' THEN net_cents ELSE -net_cents END";
const MONTH = "to_char(created_at AT TIME ZONE 'America/Sao_Paulo', 'YYYY-MM')";
const COUNTS = `count(*)::int AS count,
  count(*) FILTER (WHERE status = 'succeeded')::int AS settled_count,
  count(*) FILTER (WHERE status = 'failed')::int AS failed_count,
  count(*) FILTER (WHERE status = 'processing')::int AS processing_count`;
// Only settled movements count in totals; credits bring net in, debits take net (gross + fee) out.
const TOTALS = `${COUNTS},
  coalesce(sum(net_cents) FILTER (WHERE type = 'credit' AND status = 'succeeded'), 0)::text AS in_cents,
  coalesce(sum(net_cents) FILTER (WHERE type = 'debit' AND status = 'succeeded'), 0)::text AS out_cents,
  coalesce(sum(fee_cents) FILTER (WHERE status = 'succeeded'), 0)::text AS fee_cents`;

export async function periodSummary(pool: Queryable, period: Period): Promise<PeriodSummary> {
  const args = [period.accountId, period.startAt, period.endAt];
  // One after another: the PDF passes a single client, on which concurrent queries are deprecated.
  const holder = await pool.query("SELECT name, document, agency FROM accounts WHERE id = $1", [period.accountId]);
  // The balance a statement shows is the sum of the settled entries' signed net amounts, so it
  // ties out with the totals and the running balance row by row (docs/decisions/0011).
  const balances = await pool.query(
    `SELECT coalesce(sum(${SIGNED_NET}) FILTER (WHERE created_at < $2), 0)::text AS opening,
              coalesce(sum(${SIGNED_NET}), 0)::text AS closing
         FROM ledger_entries WHERE account_id = $1 AND created_at <= $3 AND status = 'succeeded'`,
    args,
  );
  const totals = await pool.query(
    `SELECT ${TOTALS} FROM ledger_entries WHERE account_id = $1 AND created_at BETWEEN $2 AND $3`,
    args,
  );
  const months = await pool.query(
    `SELECT ${MONTH} AS month, ${TOTALS} FROM ledger_entries
        WHERE account_id = $1 AND created_at BETWEEN $2 AND $3 GROUP BY 1 ORDER BY 1`,
    args,
  );
  const byReason = await pool.query(
    `SELECT ${MONTH} AS month, reason, type::text, ${COUNTS},
              coalesce(sum(net_cents) FILTER (WHERE status = 'succeeded'), 0)::text AS net_cents
         FROM ledger_entries WHERE account_id = $1 AND created_at BETWEEN $2 AND $3
        GROUP BY 1, 2, 3 ORDER BY 1, 2, 3`,
    args,
  );
  const t = totals.rows[0];
  const counts = (r: Record<string, number>): Counts => ({
    count: r.count ?? 0,
    settledCount: r.settled_count ?? 0,
    failedCount: r.failed_count ?? 0,
    processingCount: r.processing_count ?? 0,
  });
  return {
    holder: holder.rows[0],
    openingCents: BigInt(balances.rows[0].opening),
    closingCents: BigInt(balances.rows[0].closing),
    inCents: BigInt(t.in_cents),
    outCents: BigInt(t.out_cents),
    feeCents: BigInt(t.fee_cents),
    ...counts(t),
    months: months.rows.map((r) => ({
      month: r.month,
      ...counts(r),
      inCents: BigInt(r.in_cents),
      outCents: BigInt(r.out_cents),
      feeCents: BigInt(r.fee_cents),
    })),
    byReason: byReason.rows.map((r) => ({
      month: r.month,
      reason: r.reason,
      type: r.type,
      ...counts(r),
      netCents: BigInt(r.net_cents),
    })),
  };
}
