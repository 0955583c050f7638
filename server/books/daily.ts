/**
 * The institution's books, day by day and per account type, read from the postings alone.
 *
 * Each São Paulo day and type has an opening balance, credits, debits, fees and a closing
 * balance (opening + credits − debits). Credits and debits are what moved a balance: an
 * account's postings are netted per ledger transaction first, so money moving between its own
 * buckets (available → held when a PIX out is sent, → blocked by a MED) is neither. `fees` on a
 * customer line is what that type's accounts paid the platform that day (already inside its
 * debits, or taken from its credits); on the fee revenue line, what the platform earned. The
 * settlement reserve (`spi`) is minus its postings, as in server/ledger/reserve.ts.
 *
 * The tie-out, each day: the customers' movement plus the fee revenue's equals the reserve's
 * (every PIX with another institution moves the reserve, and nothing inside the platform does);
 * the same holds for the closing balances (`ledger verify`). A difference is shown, never hidden.
 *
 * One statement reads the period: the balances before it (the row without a day) and each day's
 * movements, grouped by day and type — the platform's buckets through the (account_id, bucket)
 * index, the period through the BRIN index on created_at.
 */
import type { Tx } from "../db/client";
import { reservePeriod } from "../ledger/reserve";
import type { ReserveQuery } from "../ledger/schema";
import { addDays, saoPauloDayStart } from "../time";
import { ACCOUNT_TYPES, type AccountType, CUSTOMER_TYPES } from "./schema";

export type BooksLine = {
  type: AccountType;
  openingCents: bigint;
  creditsCents: bigint;
  debitsCents: bigint;
  feesCents: bigint;
  closingCents: bigint;
};

/** Customers' movement + fee revenue's = the reserve's, for the day and for its closing balances. */
export type TieOut = {
  customersCents: bigint;
  feesCents: bigint;
  reserveCents: bigint;
  differenceCents: bigint;
  closingDifferenceCents: bigint;
};

export type BooksDay = { day: string; lines: BooksLine[]; tieOut: TieOut };
export type BooksReport = { from: string; to: string; days: BooksDay[]; tiesOut: boolean };

type Row = { day: string | null; type: string; credits: bigint; debits: bigint; fees: bigint };

/** The SQL of an account's type, for `accounts a` (null: a platform bucket). */
const ACCOUNT_TYPE_SQL = `CASE WHEN a.programme_owner_id IS NOT NULL THEN 'programme'
                               WHEN a.person_type = 'company' THEN 'company' ELSE 'person' END`;

export function periodBounds(from: string, to: string): { startsAt: Date; endsAt: Date } {
  return {
    startsAt: new Date(saoPauloDayStart(from) as number),
    endsAt: new Date(saoPauloDayStart(addDays(to, 1)) as number),
  };
}

async function readRows(tx: Tx, startsAt: Date, endsAt: Date): Promise<Row[]> {
  // $1 the period's first instant, $2 the instant after it.
  return tx.$queryRawUnsafe<Row[]>(
    `WITH moved AS (
       SELECT to_char(p.created_at AT TIME ZONE 'America/Sao_Paulo', 'YYYY-MM-DD') AS day,
              p.transaction_id, p.account_id,
              CASE WHEN p.account_id IS NULL THEN p.bucket END AS platform,
              SUM(p.amount_cents) AS net
         FROM ledger_postings p
        WHERE p.created_at >= $1 AND p.created_at < $2
        GROUP BY 1, 2, 3, 4
       UNION ALL
       -- before the period only the balance matters: no netting per transaction
       SELECT NULL, NULL, p.account_id, CASE WHEN p.account_id IS NULL THEN p.bucket END, SUM(p.amount_cents)
         FROM ledger_postings p
        WHERE p.created_at < $1
        GROUP BY 3, 4
     ), typed AS (
       SELECT m.day, COALESCE(m.platform, ${ACCOUNT_TYPE_SQL}) AS type,
              CASE WHEN m.platform = 'spi' THEN -m.net ELSE m.net END AS net
         FROM moved m LEFT JOIN accounts a ON a.id = m.account_id
     ), paid AS (
       SELECT to_char(p.created_at AT TIME ZONE 'America/Sao_Paulo', 'YYYY-MM-DD') AS day,
              ${ACCOUNT_TYPE_SQL} AS type, SUM(p.amount_cents) AS fees
         FROM ledger_postings p
         JOIN ledger_entries e ON e.seq = p.entry_seq
         JOIN accounts a ON a.id = e.account_id
        WHERE p.account_id IS NULL AND p.bucket = 'fees' AND p.created_at >= $1 AND p.created_at < $2
        GROUP BY 1, 2
     ), moves AS (
       SELECT day, type,
              COALESCE(SUM(net) FILTER (WHERE net > 0), 0)::bigint AS credits,
              COALESCE(-SUM(net) FILTER (WHERE net < 0), 0)::bigint AS debits
         FROM typed GROUP BY 1, 2
     )
     SELECT COALESCE(m.day, f.day) AS day, COALESCE(m.type, f.type) AS type,
            COALESCE(m.credits, 0)::bigint AS credits, COALESCE(m.debits, 0)::bigint AS debits,
            COALESCE(f.fees, 0)::bigint AS fees
       FROM moves m FULL JOIN paid f ON f.day = m.day AND f.type = m.type`,
    startsAt,
    endsAt,
  );
}

const sumOf = (lines: BooksLine[], types: readonly string[], pick: (line: BooksLine) => bigint) =>
  lines.filter((line) => types.includes(line.type)).reduce((total, line) => total + pick(line), 0n);

export function tieOut(lines: BooksLine[]): TieOut {
  const moved = (line: BooksLine) => line.creditsCents - line.debitsCents;
  const customersCents = sumOf(lines, CUSTOMER_TYPES, moved);
  const feesCents = sumOf(lines, ["fees"], moved);
  const reserveCents = sumOf(lines, ["spi"], moved);
  const closing = (line: BooksLine) => line.closingCents;
  return {
    customersCents,
    feesCents,
    reserveCents,
    differenceCents: customersCents + feesCents - reserveCents,
    closingDifferenceCents:
      sumOf(lines, CUSTOMER_TYPES, closing) + sumOf(lines, ["fees"], closing) - sumOf(lines, ["spi"], closing),
  };
}

/** Every day of the period, each type opening where it closed the day before. */
export function foldBooks(from: string, to: string, rows: readonly Row[]): BooksDay[] {
  const types = [...ACCOUNT_TYPES, ...new Set(rows.map((r) => r.type).filter((t) => !isKnown(t)))] as AccountType[];
  const key = (day: string | null, type: string) => `${day ?? ""}|${type}`;
  const byKey = new Map(rows.map((row) => [key(row.day, row.type), row]));
  const balances = new Map(types.map((type) => [type, opening(byKey.get(key(null, type)))]));
  const days: BooksDay[] = [];
  for (let day = from; day <= to; day = addDays(day, 1)) {
    const lines = types.map((type) => {
      const row = byKey.get(key(day, type));
      const openingCents = balances.get(type) ?? 0n;
      const creditsCents = row?.credits ?? 0n;
      const debitsCents = row?.debits ?? 0n;
      const closingCents = openingCents + creditsCents - debitsCents;
      balances.set(type, closingCents);
      // The fee revenue line's fees are what it earned: its own movement.
      const feesCents = type === "fees" ? creditsCents - debitsCents : type === "spi" ? 0n : (row?.fees ?? 0n);
      return { type, openingCents, creditsCents, debitsCents, feesCents, closingCents };
    });
    days.push({ day, lines, tieOut: tieOut(lines) });
  }
  return days;
}

const isKnown = (type: string): type is AccountType => (ACCOUNT_TYPES as readonly string[]).includes(type);
const opening = (row: Row | undefined) => (row ? row.credits - row.debits : 0n);

/** The books over a period of São Paulo days (the reserve report's period rules). */
export async function dailyBooks(tx: Tx, query: ReserveQuery, now = new Date()): Promise<BooksReport> {
  const { from, to } = reservePeriod(query, now);
  const { startsAt, endsAt } = periodBounds(from, to);
  const days = foldBooks(from, to, await readRows(tx, startsAt, endsAt));
  const tiesOut = days.every((d) => d.tieOut.differenceCents === 0n && d.tieOut.closingDifferenceCents === 0n);
  return { from, to, days, tiesOut };
}
