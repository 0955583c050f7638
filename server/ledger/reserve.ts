/**
 * The settlement account, day by day: the platform's reserve at the Central Bank is the ledger's
 * `spi` bucket (docs/decisions/0004-ledger.md). Every PIX settled with another institution moves
 * it — a PIX in posts its amount negative there, a PIX out or a refund positive — and nothing
 * inside the platform does. The reserve is therefore minus the sum of the `spi` postings; a
 * day's credits are the money that came in, its debits the money that went out.
 *
 * One statement reads the period: what the reserve held before it, and each São Paulo day's
 * movements; the days are folded into opening and closing balances here.
 */
import type { Tx } from "../db/client";
import { invalid } from "../errors";
import { addDays, saoPauloDate, saoPauloDayStart } from "../time";
import { DEFAULT_RESERVE_DAYS, MAX_RESERVE_DAYS, type ReserveQuery } from "./schema";

/** One day's money through the settlement account, in centavos. */
export type ReserveMovement = { day: string; creditsCents: bigint; debitsCents: bigint };

export type ReserveDay = ReserveMovement & { openingCents: bigint; closingCents: bigint };

export type ReserveReport = { from: string; to: string; days: ReserveDay[] };

/**
 * The period a query names: `to` defaults to today in São Paulo (or to `from`, when that is
 * later), `from` to the 30 days ending on `to`. A period a default made too long is refused like
 * one asked for (ReserveQuery).
 */
export function reservePeriod(query: ReserveQuery, now: Date): { from: string; to: string } {
  const today = saoPauloDate(now);
  const to = query.to ?? (query.from && query.from > today ? query.from : today);
  const from = query.from ?? addDays(to, -(DEFAULT_RESERVE_DAYS - 1));
  if (from > to) throw invalid("from must not be after to", "from");
  if (from < addDays(to, -(MAX_RESERVE_DAYS - 1))) throw invalid(`at most ${MAX_RESERVE_DAYS} days at once`, "from");
  return { from, to };
}

/**
 * Every day from `from` to `to`, in order, each opening where the day before closed: a day
 * without movements (absent from `movements`) opens and closes at the same balance.
 */
export function foldReserveDays(
  from: string,
  to: string,
  openingCents: bigint,
  movements: readonly ReserveMovement[],
): ReserveDay[] {
  const byDay = new Map(movements.map((movement) => [movement.day, movement]));
  const days: ReserveDay[] = [];
  let balance = openingCents;
  for (let day = from; day <= to; day = addDays(day, 1)) {
    const creditsCents = byDay.get(day)?.creditsCents ?? 0n;
    const debitsCents = byDay.get(day)?.debitsCents ?? 0n;
    const closingCents = balance + creditsCents - debitsCents;
    days.push({ day, openingCents: balance, creditsCents, debitsCents, closingCents });
    balance = closingCents;
  }
  return days;
}

type Row = { day: string | null; credits: bigint; debits: bigint };

/** The settlement account over a period of São Paulo days (at most MAX_RESERVE_DAYS, see ReserveQuery). */
export async function reserveReport(tx: Tx, query: ReserveQuery, now = new Date()): Promise<ReserveReport> {
  const { from, to } = reservePeriod(query, now);
  const startsAt = new Date(saoPauloDayStart(from) as number);
  const endsAt = new Date(saoPauloDayStart(addDays(to, 1)) as number);
  // The row without a day is everything before the period: the first day's opening balance.
  const rows = await tx.$queryRaw<Row[]>`
    WITH spi AS (
      SELECT created_at, amount_cents FROM ledger_postings
       WHERE account_id IS NULL AND bucket = 'spi' AND created_at < ${endsAt}
    )
    SELECT NULL::text AS day,
           COALESCE(-SUM(amount_cents) FILTER (WHERE amount_cents < 0), 0)::bigint AS credits,
           COALESCE(SUM(amount_cents) FILTER (WHERE amount_cents > 0), 0)::bigint AS debits
      FROM spi WHERE created_at < ${startsAt}
    UNION ALL
    SELECT to_char(created_at AT TIME ZONE 'America/Sao_Paulo', 'YYYY-MM-DD'),
           COALESCE(-SUM(amount_cents) FILTER (WHERE amount_cents < 0), 0)::bigint,
           COALESCE(SUM(amount_cents) FILTER (WHERE amount_cents > 0), 0)::bigint
      FROM spi WHERE created_at >= ${startsAt}
     GROUP BY 1`;
  const before = rows.find((row) => row.day === null);
  const movements = rows.flatMap((row) =>
    row.day === null ? [] : [{ day: row.day, creditsCents: row.credits, debitsCents: row.debits }],
  );
  const openingCents = (before?.credits ?? 0n) - (before?.debits ?? 0n);
  return { from, to, days: foldReserveDays(from, to, openingCents, movements) };
}
