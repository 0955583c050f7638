/**
 * The overview's figures, computed by PostgreSQL: per São Paulo day and per kind of movement,
 * over the user's settled (`succeeded`) entries. Nothing is loaded entry by entry; the daily
 * query reads only the covering index (user_id, created_at, status, type, reason, amounts) and
 * the totals are sums of its at most 90 rows (docs/decisions/0017-analytics-reconciliation.md).
 */
import type { Tx } from "../db/client";
import { recurringRevenue } from "../recurrences/dashboard";
import { type Period, periodOf } from "./period";

/** The reasons each figure counts (interface 2.2). */
const RECEIVED = ["pix_in:credited", "pix_in:qrcode_paid"];
const SENT = ["pix_out:processing", "pix_out:emv_pay"];
const CHARGE_PAID = "pix_in:qrcode_paid";
const REFUND_SENT = "pix_in:refunded_processing";

export type DayFigures = { day: string; inCents: bigint; outCents: bigint };
export type Figure = { count: number; totalCents: bigint };
export type TopPayer = { name: string; document: string; count: number; totalCents: bigint };
export type LinkFigure = { linkId: string; description: string; count: number; totalCents: bigint };

export type Analytics = {
  firstDay: string;
  lastDay: string;
  days: DayFigures[];
  totals: {
    moneyIn: Figure;
    moneyOut: Figure;
    chargesPaid: Figure;
    pixReceived: Figure;
    pixSent: Figure;
    refunds: Figure;
    fees: Figure;
  };
  conversion: { created: number; paid: number; averageSecondsToPay: number | null };
  topPayers: TopPayer[];
  /** Charges paid in the period per payment link (docs/decisions/0038), most received first. */
  paymentsByLink: LinkFigure[];
  /** Pix Automático: approved recurrences still running, as monthly revenue (docs/decisions/0046). */
  recurring: Awaited<ReturnType<typeof recurringRevenue>>;
};

type DayRow = {
  day: string;
  in_count: bigint;
  in_cents: bigint;
  out_count: bigint;
  out_cents: bigint;
  charges_count: bigint;
  charges_cents: bigint;
  received_count: bigint;
  received_cents: bigint;
  sent_count: bigint;
  sent_cents: bigint;
  refunds_count: bigint;
  refunds_cents: bigint;
  fees_count: bigint;
  fees_cents: bigint;
};

/**
 * Every day of the period (days without movement as zeros, from generate_series), with money in
 * and out (net amounts: what reached or left the balance) and each kind's count and gross total.
 */
async function dailyRows(tx: Tx, userId: string, period: Period): Promise<DayRow[]> {
  return tx.$queryRaw<DayRow[]>`
    WITH agg AS (
      SELECT date_trunc('day', created_at AT TIME ZONE 'America/Sao_Paulo')::date AS day,
             count(*) FILTER (WHERE type = 'credit') AS in_count,
             coalesce(sum(net_cents) FILTER (WHERE type = 'credit'), 0) AS in_cents,
             count(*) FILTER (WHERE type = 'debit') AS out_count,
             coalesce(sum(net_cents) FILTER (WHERE type = 'debit'), 0) AS out_cents,
             count(*) FILTER (WHERE reason = ${CHARGE_PAID}) AS charges_count,
             coalesce(sum(gross_cents) FILTER (WHERE reason = ${CHARGE_PAID}), 0) AS charges_cents,
             count(*) FILTER (WHERE reason = ANY(${RECEIVED})) AS received_count,
             coalesce(sum(gross_cents) FILTER (WHERE reason = ANY(${RECEIVED})), 0) AS received_cents,
             count(*) FILTER (WHERE reason = ANY(${SENT})) AS sent_count,
             coalesce(sum(gross_cents) FILTER (WHERE reason = ANY(${SENT})), 0) AS sent_cents,
             count(*) FILTER (WHERE reason = ${REFUND_SENT}) AS refunds_count,
             coalesce(sum(gross_cents) FILTER (WHERE reason = ${REFUND_SENT}), 0) AS refunds_cents,
             count(*) FILTER (WHERE fee_cents > 0) AS fees_count,
             coalesce(sum(fee_cents), 0) AS fees_cents
        FROM ledger_entries
       WHERE user_id = ${userId}::uuid
         AND created_at >= ${period.startAt} AND created_at <= ${period.endAt}
         AND status = 'succeeded'
       GROUP BY 1
    )
    SELECT d::date::text AS day,
           coalesce(in_count, 0) AS in_count, coalesce(in_cents, 0)::bigint AS in_cents,
           coalesce(out_count, 0) AS out_count, coalesce(out_cents, 0)::bigint AS out_cents,
           coalesce(charges_count, 0) AS charges_count, coalesce(charges_cents, 0)::bigint AS charges_cents,
           coalesce(received_count, 0) AS received_count, coalesce(received_cents, 0)::bigint AS received_cents,
           coalesce(sent_count, 0) AS sent_count, coalesce(sent_cents, 0)::bigint AS sent_cents,
           coalesce(refunds_count, 0) AS refunds_count, coalesce(refunds_cents, 0)::bigint AS refunds_cents,
           coalesce(fees_count, 0) AS fees_count, coalesce(fees_cents, 0)::bigint AS fees_cents
      FROM generate_series(${period.firstDay}::date, ${period.lastDay}::date, interval '1 day') AS d
      LEFT JOIN agg ON agg.day = d::date
     ORDER BY d`;
}

async function conversion(tx: Tx, userId: string, period: Period): Promise<Analytics["conversion"]> {
  const [row] = await tx.$queryRaw<{ created: bigint; paid: bigint; average: number | null }[]>`
    SELECT count(*) AS created,
           count(*) FILTER (WHERE status = 'paid') AS paid,
           avg(extract(epoch FROM paid_at - created_at)) FILTER (WHERE status = 'paid')::float8 AS average
      FROM charges
     WHERE user_id = ${userId}::uuid AND created_at >= ${period.startAt} AND created_at <= ${period.endAt}`;
  return {
    created: Number(row?.created ?? 0),
    paid: Number(row?.paid ?? 0),
    averageSecondsToPay: row?.average == null ? null : Math.round(row.average),
  };
}

async function topPayers(tx: Tx, userId: string, period: Period, limit: number): Promise<TopPayer[]> {
  const rows = await tx.$queryRaw<{ name: string; document: string; count: bigint; total: bigint }[]>`
    SELECT payer->>'name' AS name, coalesce(payer->>'cpfCnpj', '') AS document,
           count(*) AS count, sum(gross_cents)::bigint AS total
      FROM ledger_entries
     WHERE user_id = ${userId}::uuid
       AND created_at >= ${period.startAt} AND created_at <= ${period.endAt}
       AND status = 'succeeded' AND type = 'credit' AND reason = ANY(${RECEIVED})
       AND payer->>'name' IS NOT NULL
     GROUP BY 1, 2
     ORDER BY total DESC, count DESC, name
     LIMIT ${limit}`;
  return rows.map((r) => ({ name: r.name, document: r.document, count: Number(r.count), totalCents: r.total }));
}

async function paymentsByLink(tx: Tx, userId: string, period: Period, limit: number): Promise<LinkFigure[]> {
  const rows = await tx.$queryRaw<{ id: string; description: string; count: bigint; total: bigint }[]>`
    SELECT l.id, l.description, count(*) AS count, sum(c.amount_cents)::bigint AS total
      FROM charges c JOIN payment_links l ON l.id = c.payment_link_id
     WHERE c.user_id = ${userId}::uuid AND l.user_id = ${userId}::uuid AND c.status = 'paid'
       AND c.paid_at >= ${period.startAt} AND c.paid_at <= ${period.endAt}
     GROUP BY l.id, l.description
     ORDER BY total DESC, count DESC, l.id
     LIMIT ${limit}`;
  return rows.map((r) => ({ linkId: r.id, description: r.description, count: Number(r.count), totalCents: r.total }));
}

const sum = (rows: DayRow[], count: keyof DayRow, cents: keyof DayRow): Figure => ({
  count: rows.reduce((acc, r) => acc + Number(r[count]), 0),
  totalCents: rows.reduce((acc, r) => acc + BigInt(r[cents]), 0n),
});

export async function overviewAnalytics(tx: Tx, userId: string, days: number, now = new Date()): Promise<Analytics> {
  const period = periodOf(days, now);
  const [rows, charges, payers, links, recurring] = await Promise.all([
    dailyRows(tx, userId, period),
    conversion(tx, userId, period),
    topPayers(tx, userId, period, 5),
    paymentsByLink(tx, userId, period, 5),
    recurringRevenue(tx, userId, now),
  ]);
  return {
    firstDay: period.firstDay,
    lastDay: period.lastDay,
    days: rows.map((r) => ({ day: r.day, inCents: BigInt(r.in_cents), outCents: BigInt(r.out_cents) })),
    totals: {
      moneyIn: sum(rows, "in_count", "in_cents"),
      moneyOut: sum(rows, "out_count", "out_cents"),
      chargesPaid: sum(rows, "charges_count", "charges_cents"),
      pixReceived: sum(rows, "received_count", "received_cents"),
      pixSent: sum(rows, "sent_count", "sent_cents"),
      refunds: sum(rows, "refunds_count", "refunds_cents"),
      fees: sum(rows, "fees_count", "fees_cents"),
    },
    conversion: charges,
    topPayers: payers,
    paymentsByLink: links,
    recurring,
  };
}
