/**
 * The delivery log of an account-surface configuration: the same log and replay the gateway's
 * registrations have (server/webhooks/gateway.ts), scoped to a configuration of the caller.
 */
import type { Tx } from "../db/client";
import { notFound } from "../errors";
import type { DeliveryStatus, WebhookDelivery } from "../generated/prisma/client";
import { getWebhookConfig } from "./account-configs";
import { getDelivery, replayDelivery } from "./gateway";

export async function listConfigDeliveries(
  tx: Tx,
  userId: string,
  configId: string,
  filters: { page?: number; limit?: number; status?: DeliveryStatus } = {},
): Promise<{ deliveries: WebhookDelivery[]; total: number }> {
  const config = await getWebhookConfig(tx, userId, configId);
  return deliveryLogPage(tx, { configId: config.id }, filters);
}

/** A page of one webhook's delivery log (a configuration's or a PIX key's), newest first. */
export async function deliveryLogPage(
  tx: Tx,
  owner: { configId: string } | { pixWebhookId: string },
  filters: { page?: number; limit?: number; status?: DeliveryStatus },
): Promise<{ deliveries: WebhookDelivery[]; total: number }> {
  const page = Math.max(1, filters.page ?? 1);
  const limit = Math.min(100, Math.max(1, filters.limit ?? 50));
  const where = { ...owner, ...(filters.status ? { status: filters.status } : {}) };
  const [deliveries, total] = await Promise.all([
    tx.webhookDelivery.findMany({ where, orderBy: { createdAt: "desc" }, skip: (page - 1) * limit, take: limit }),
    tx.webhookDelivery.count({ where }),
  ]);
  return { deliveries, total };
}

/** Sends a finished delivery of one of the caller's configurations again (404 once the configuration is gone). */
export async function replayConfigDelivery(tx: Tx, userId: string, eventId: string, now = new Date()) {
  const delivery = await getDelivery(tx, userId, eventId);
  if (!delivery.configId) throw notFound("delivery not found", "event_id");
  await getWebhookConfig(tx, userId, delivery.configId);
  return replayDelivery(tx, userId, eventId, { now });
}
