/**
 * The operator overview (/admin): platform totals, the queues that need someone, and the
 * worker's health. Every figure is one SQL aggregate; nothing is loaded row by row.
 */
import type { Db } from "../db/client";
import { type HealthDetail, healthDetail } from "../health/detail";

/** A MED under analysis whose defence deadline is this close (or past) needs an operator. */
export const MED_DEADLINE_WINDOW_MS = 2 * 24 * 60 * 60 * 1000;

export type Flow = { count: number; amountCents: bigint };

export type PlatformTotals = {
  merchants: number;
  accounts: number;
  blockedAccounts: number;
  availableCents: bigint;
  heldCents: bigint;
  blockedCents: bigint;
  /** São Paulo days: today since local midnight; week = today and the six days before. */
  pixIn: { today: Flow; week: Flow };
  pixOut: { today: Flow; week: Flow };
};

export type AttentionQueues = {
  medsNearDeadline: number;
  failedWebhooks: { gateway: number; account: number };
  queuedPayouts: number;
  onboardingUnderReview: number;
};

export type AdminOverview = {
  totals: PlatformTotals;
  queues: AttentionQueues;
  /** the data of the detailed /api/health */
  health: HealthDetail;
  generatedAt: Date;
};

const PIX_IN = ["pix_in:qrcode_paid", "pix_in:credited"];
const PIX_OUT = ["pix_out:processing", "pix_out:emv_pay"];

type TotalsRow = {
  merchants: bigint;
  accounts: bigint;
  blocked_accounts: bigint;
  available: bigint | null;
  held: bigint | null;
  blocked: bigint | null;
};

type FlowRow = {
  in_today: bigint;
  in_today_cents: bigint;
  in_week: bigint;
  in_week_cents: bigint;
  out_today: bigint;
  out_today_cents: bigint;
  out_week: bigint;
  out_week_cents: bigint;
};

export async function platformTotals(db: Db, now = new Date()): Promise<PlatformTotals> {
  const [balances] = await db.$queryRaw<TotalsRow[]>`
    SELECT (SELECT count(*) FROM users WHERE role = 'MERCHANT') AS merchants,
           count(*) AS accounts,
           count(*) FILTER (WHERE status = 'inactive') AS blocked_accounts,
           sum(available_cents)::bigint AS available,
           sum(held_cents)::bigint AS held,
           sum(blocked_cents)::bigint AS blocked
      FROM accounts`;
  // Local midnight in São Paulo, as an instant, so the range reads ledger_entries(created_at).
  const [flows] = await db.$queryRaw<FlowRow[]>`
    WITH bounds AS (
      SELECT date_trunc('day', ${now}::timestamptz AT TIME ZONE 'America/Sao_Paulo') AT TIME ZONE 'America/Sao_Paulo' AS today,
             (date_trunc('day', ${now}::timestamptz AT TIME ZONE 'America/Sao_Paulo') - interval '6 days') AT TIME ZONE 'America/Sao_Paulo' AS week
    ), moves AS (
      SELECT e.created_at, e.gross_cents, e.reason = ANY(${PIX_IN}::text[]) AS incoming
        FROM ledger_entries e, bounds b
       WHERE e.created_at >= b.week AND e.created_at <= ${now}::timestamptz
         AND ((e.reason = ANY(${PIX_IN}::text[]) AND e.status = 'succeeded')
           OR (e.reason = ANY(${PIX_OUT}::text[]) AND e.status <> 'failed'))
    )
    SELECT count(*) FILTER (WHERE incoming AND created_at >= b.today) AS in_today,
           coalesce(sum(gross_cents) FILTER (WHERE incoming AND created_at >= b.today), 0)::bigint AS in_today_cents,
           count(*) FILTER (WHERE incoming) AS in_week,
           coalesce(sum(gross_cents) FILTER (WHERE incoming), 0)::bigint AS in_week_cents,
           count(*) FILTER (WHERE NOT incoming AND created_at >= b.today) AS out_today,
           coalesce(sum(gross_cents) FILTER (WHERE NOT incoming AND created_at >= b.today), 0)::bigint AS out_today_cents,
           count(*) FILTER (WHERE NOT incoming) AS out_week,
           coalesce(sum(gross_cents) FILTER (WHERE NOT incoming), 0)::bigint AS out_week_cents
      FROM moves, bounds b`;
  const flow = (count: bigint, cents: bigint): Flow => ({ count: Number(count), amountCents: cents });
  return {
    merchants: Number(balances?.merchants ?? 0n),
    accounts: Number(balances?.accounts ?? 0n),
    blockedAccounts: Number(balances?.blocked_accounts ?? 0n),
    availableCents: balances?.available ?? 0n,
    heldCents: balances?.held ?? 0n,
    blockedCents: balances?.blocked ?? 0n,
    pixIn: {
      today: flow(flows?.in_today ?? 0n, flows?.in_today_cents ?? 0n),
      week: flow(flows?.in_week ?? 0n, flows?.in_week_cents ?? 0n),
    },
    pixOut: {
      today: flow(flows?.out_today ?? 0n, flows?.out_today_cents ?? 0n),
      week: flow(flows?.out_week ?? 0n, flows?.out_week_cents ?? 0n),
    },
  };
}

type QueueRow = { meds: bigint; gateway_failed: bigint; account_failed: bigint; payouts: bigint; onboarding: bigint };

export async function attentionQueues(db: Db, now = new Date()): Promise<AttentionQueues> {
  const deadline = new Date(now.getTime() + MED_DEADLINE_WINDOW_MS);
  const [row] = await db.$queryRaw<QueueRow[]>`
    SELECT (SELECT count(*) FROM meds WHERE status = 'under_analysis' AND defense_deadline <= ${deadline}) AS meds,
           (SELECT count(*) FROM webhook_deliveries WHERE status = 'failed' AND surface = 'gateway') AS gateway_failed,
           (SELECT count(*) FROM webhook_deliveries WHERE status = 'failed' AND surface = 'account') AS account_failed,
           (SELECT count(*) FROM queued_payouts WHERE status = 'queued') AS payouts,
           (SELECT count(*) FROM onboarding_proposals WHERE status = 'UNDER_REVIEW') AS onboarding`;
  return {
    medsNearDeadline: Number(row?.meds ?? 0n),
    failedWebhooks: { gateway: Number(row?.gateway_failed ?? 0n), account: Number(row?.account_failed ?? 0n) },
    queuedPayouts: Number(row?.payouts ?? 0n),
    onboardingUnderReview: Number(row?.onboarding ?? 0n),
  };
}

export async function adminOverview(db: Db, now = new Date()): Promise<AdminOverview> {
  const [totals, queues, health] = await Promise.all([
    platformTotals(db, now),
    attentionQueues(db, now),
    healthDetail(db, now),
  ]);
  return { totals, queues, health, generatedAt: now };
}
