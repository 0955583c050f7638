/**
 * The answer of a request whose effect committed but whose process died before storing it:
 * rebuilt from what the effect created (the recovery point of server/gateway/idempotency.ts),
 * as the route would have written it, for the same merchant only.
 */
import type { Context } from "hono";
import { qrCodePng } from "../charges/qr-image";
import { db } from "../db/client";
import { getGatewayWebhook, secretOf } from "../webhooks/gateway";
import { gatewayWebhookView } from "../webhooks/views";
import type { GatewayEnv } from "./context";
import type { Effect } from "./idempotency";
import { respond } from "./respond";
import { chargeView, payoutView, refundView } from "./views";

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
  }
}
