/**
 * The answer of a request whose effect committed but whose process died before storing it:
 * rebuilt from what the effect created (the recovery point its EffectSink wrote, server/idempotency/),
 * as the route would have written it, for the same merchant only. Also the body of a replay
 * whose record was completed in its effect's transaction, with no body stored (answerFromEffect).
 */
import type { Context } from "hono";
import { qrCodePng } from "../charges/qr-image";
import { batchedStatement } from "../db/batched";
import { db } from "../db/client";
import { probePool } from "../db/pool";
import type { Effect } from "../idempotency/effects";
import { getDelivery, getGatewayWebhook, secretOf } from "../webhooks/gateway";
import { gatewayDeliveryView, gatewayWebhookView } from "../webhooks/views";
import type { GatewayEnv } from "./context";
import { convertKeys, toCamel } from "./key-case";
import { respond } from "./respond";
import { chargeView, createdPayoutView, payoutView, refundView } from "./views";

export async function recoverResponse(c: Context<GatewayEnv>, effect: Effect): Promise<Response | null> {
  const userId = c.get("apiKey").userId;
  switch (effect.kind) {
    case "payout":
    case "refund": {
      const entry = await db().ledgerEntry.findFirst({ where: { id: effect.entryId, userId } });
      if (!entry) return null;
      if (effect.kind === "refund") return respond(c, refundView(entry), 201);
      const queued = await db().queuedPayout.findFirst({ where: { entrySeq: entry.seq, status: "queued" } });
      return queued ? respond(c, payoutView(entry, "queued"), 202) : respond(c, payoutView(entry), 201);
    }
    case "charge": {
      const charge = await db().charge.findFirst({ where: { txId: effect.txId, userId } });
      return charge ? respond(c, chargeView(charge, await qrCodePng(charge.emv)), 201) : null;
    }
    case "webhook": {
      const webhook = await getGatewayWebhook(db(), userId, effect.webhookId);
      return respond(c, gatewayWebhookView(webhook, secretOf(webhook)), 201);
    }
    case "delivery":
      return respond(c, gatewayDeliveryView(await getDelivery(db(), userId, effect.eventId)));
  }
}

type CreatedPayoutRow = {
  id: string;
  end_to_end_id: string | null;
  user_id: string;
  gross_cents: string;
  fee_cents: string;
  external_id: string | null;
  created_at: Date;
};

// Replays of answers completed in their effect's transaction, concurrent ones in one statement
// (server/db/batched.ts), each a probe of the (account_id, id) unique index, planned once per
// connection on the probe pool (server/db/pool.ts).
export const CREATED_PAYOUTS = `
  SELECT i.n, e.id, e.end_to_end_id, e.user_id, e.gross_cents, e.fee_cents, e.external_id, e.created_at
    FROM unnest($1::text[], $2::text[]) WITH ORDINALITY AS i(account_id, entry_id, n)
    CROSS JOIN LATERAL (
      SELECT * FROM ledger_entries e WHERE e.account_id = i.account_id AND e.id = i.entry_id LIMIT 1) e`;

const readCreatedPayout = batchedStatement<{ accountId: string; entryId: string }, CreatedPayoutRow | null>(
  async (items) => {
    const { rows } = await probePool().query<CreatedPayoutRow & { n: string }>({
      name: "created_payouts",
      text: CREATED_PAYOUTS,
      values: [items.map((item) => item.accountId), items.map((item) => item.entryId)],
    });
    const byItem = new Map(rows.map((row) => [Number(row.n), row]));
    return items.map((_, index) => byItem.get(index + 1) ?? null);
  },
);

/**
 * The body of an answer whose record was completed in its effect's transaction, with no body
 * stored (EffectSink.answeredPayout): the payout's view as it was when created, in the key case
 * it was answered in, for the same merchant only. null when it cannot be rebuilt.
 */
export async function answerFromEffect(userId: string, effect: Effect): Promise<string | null> {
  if (effect.kind !== "payout" || !effect.accountId) return null;
  const row = await readCreatedPayout({ accountId: effect.accountId, entryId: effect.entryId });
  if (!row || row.user_id !== userId) return null;
  const view = createdPayoutView({
    id: row.id,
    endToEndId: row.end_to_end_id,
    grossCents: BigInt(row.gross_cents),
    feeCents: BigInt(row.fee_cents),
    externalId: row.external_id,
    createdAt: row.created_at,
  });
  return JSON.stringify(effect.keyCase === "camel" ? convertKeys(view, toCamel) : view);
}
