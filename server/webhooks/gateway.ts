/**
 * Gateway webhook registrations (POST/GET/DELETE /api/external/webhooks), their deliveries,
 * manual replay and the `webhook.test` event. The gateway's HTTP doors call these; errors are
 * AppErrors whose `field` names the body field (for `{ errors: { <field>: <message> } }`).
 */
import { randomUUID } from "node:crypto";
import { decryptSecret, encryptSecret } from "../apikeys/secrets";
import { config } from "../config";
import type { Tx } from "../db/client";
import { AppError, invalid, notFound } from "../errors";
import type { DeliveryStatus, GatewayWebhook, WebhookAttempt, WebhookDelivery } from "../generated/prisma/client";
import type { EffectSink } from "../idempotency/sink";
import { GATEWAY_EVENT_STATUS, gatewayPayload, isGatewayEvent, unknownEvents } from "./catalog";
import { wakeDeliveries } from "./deliver-signal";
import { MAX_SECRET, MIN_SECRET } from "./schema";
import { newWebhookSecret } from "./signature";
import { type Resolver, validateTargetUrl } from "./ssrf";

export const MAX_WEBHOOKS_PER_USER = 20;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isUuid = (value: string) => UUID.test(value);

/** Values that end up in HTTP headers or signatures: no line breaks or other control characters. */
export function hasControlCharacters(value: string): boolean {
  for (let i = 0; i < value.length; i++) {
    const code = value.charCodeAt(i);
    if (code < 0x20 || code === 0x7f) return true;
  }
  return false;
}

export type RegisterGatewayWebhook = {
  url: string;
  events: string[];
  /** omitted: a random 64-character secret is generated; null: deliveries are `unsigned` */
  secret?: string | null;
  allowInsecure?: boolean;
};

/** `sink`: where a keyed request records the registration, in the caller's transaction (server/idempotency/). */
export type Deps = { resolver?: Resolver; now?: Date; sink?: EffectSink | undefined };

/** Interface 6.1: names outside the gateway catalogue are refused with this exact message. */
export function validateGatewayEvents(events: readonly string[]): string[] {
  const unknown = unknownEvents(events, isGatewayEvent);
  if (unknown.length) throw invalid(`events: contains invalid events: ${unknown.join(", ")}`, "events");
  if (events.length === 0) throw invalid("events: must name at least one event", "events", "EVENTS_REQUIRED");
  return [...new Set(events)];
}

function validateSecret(secret: string | null | undefined): string | null {
  if (secret === undefined) return newWebhookSecret();
  if (secret === null) return null;
  if (secret.length < MIN_SECRET || secret.length > MAX_SECRET) {
    throw invalid(`secret: must be ${MIN_SECRET} to ${MAX_SECRET} characters`, "secret");
  }
  if (hasControlCharacters(secret)) throw invalid("secret: must not contain control characters", "secret");
  return secret;
}

/** Registers a webhook; the secret is returned here and never again. */
export async function registerGatewayWebhook(
  tx: Tx,
  userId: string,
  input: RegisterGatewayWebhook,
  deps: Deps = {},
): Promise<{ webhook: GatewayWebhook; secret: string | null }> {
  const events = validateGatewayEvents(input.events);
  const secret = validateSecret(input.secret);
  const allowInsecure = input.allowInsecure === true;
  const url = await validateTargetUrl(input.url, {
    field: "url",
    insecure: allowInsecure ? "allowed" : "refused",
    allowPrivate: config().WEBHOOK_ALLOW_PRIVATE_TARGETS,
    ...(deps.resolver ? { resolver: deps.resolver } : {}),
  });
  const existing = await tx.gatewayWebhook.count({ where: { userId, deletedAt: null } });
  if (existing >= MAX_WEBHOOKS_PER_USER) {
    throw invalid(`url: at most ${MAX_WEBHOOKS_PER_USER} webhooks can be registered`, "url", "WEBHOOK_LIMIT");
  }
  const webhook = await tx.gatewayWebhook.create({
    data: {
      id: randomUUID(),
      userId,
      url,
      events,
      secretCiphertext: secret === null ? null : encryptSecret(secret),
      allowInsecure,
      ...(deps.now ? { createdAt: deps.now } : {}),
    },
  });
  await deps.sink?.record(tx, { kind: "webhook", webhookId: webhook.id });
  return { webhook, secret };
}

export async function listGatewayWebhooks(tx: Tx, userId: string): Promise<GatewayWebhook[]> {
  return tx.gatewayWebhook.findMany({ where: { userId, deletedAt: null }, orderBy: { createdAt: "desc" } });
}

export async function getGatewayWebhook(tx: Tx, userId: string, webhookId: string): Promise<GatewayWebhook> {
  const webhook = isUuid(webhookId) ? await tx.gatewayWebhook.findUnique({ where: { id: webhookId } }) : null;
  if (!webhook || webhook.userId !== userId || webhook.deletedAt) throw notFound("webhook not found", "id");
  return webhook;
}

/** Removes a registration; its pending deliveries are given up (`failed`, "webhook deleted"). */
export async function deleteGatewayWebhook(tx: Tx, userId: string, webhookId: string, now = new Date()) {
  const webhook = await getGatewayWebhook(tx, userId, webhookId);
  await tx.gatewayWebhook.update({ where: { id: webhook.id }, data: { deletedAt: now, active: false } });
  await tx.webhookDelivery.updateMany({
    where: { gatewayWebhookId: webhook.id, status: "pending" },
    data: { status: "failed", lastError: "webhook deleted", lockedUntil: null },
  });
}

export async function listGatewayDeliveries(
  tx: Tx,
  userId: string,
  webhookId: string,
  filters: { page?: number; limit?: number; status?: DeliveryStatus } = {},
): Promise<{ deliveries: WebhookDelivery[]; total: number }> {
  const webhook = await getGatewayWebhook(tx, userId, webhookId);
  const page = Math.max(1, filters.page ?? 1);
  const limit = Math.min(100, Math.max(1, filters.limit ?? 50));
  const where = { gatewayWebhookId: webhook.id, ...(filters.status ? { status: filters.status } : {}) };
  const [deliveries, total] = await Promise.all([
    tx.webhookDelivery.findMany({ where, orderBy: { createdAt: "desc" }, skip: (page - 1) * limit, take: limit }),
    tx.webhookDelivery.count({ where }),
  ]);
  return { deliveries, total };
}

/** One delivery of the caller (either surface) with its attempts, by event id. */
export async function getDelivery(
  tx: Tx,
  userId: string,
  eventId: string,
): Promise<WebhookDelivery & { attemptLog: WebhookAttempt[] }> {
  const delivery = isUuid(eventId)
    ? await tx.webhookDelivery.findUnique({
        where: { id: eventId },
        include: { attemptLog: { orderBy: { number: "asc" } } },
      })
    : null;
  if (!delivery || delivery.userId !== userId) throw notFound("delivery not found", "event_id");
  return delivery;
}

/**
 * Manual replay by event id (interface 6.2): a failed, expired or delivered delivery goes back to
 * `pending` now, as a manual replay (never expires), with the same event id and a fresh schedule.
 * `sink`: where a keyed request records the replay, in the caller's transaction (server/idempotency/).
 */
export async function replayDelivery(
  tx: Tx,
  userId: string,
  eventId: string,
  { now = new Date(), sink }: { now?: Date; sink?: EffectSink | undefined } = {},
) {
  const delivery = await getDelivery(tx, userId, eventId);
  if (delivery.status === "pending")
    throw new AppError("CONFLICT", "delivery is already pending", "event_id", "DELIVERY_PENDING");
  if (delivery.gatewayWebhookId) await assertTargetLive(tx, delivery.gatewayWebhookId);
  const replayed = await tx.webhookDelivery.updateMany({
    where: { id: delivery.id, status: delivery.status },
    data: {
      status: "pending",
      attempts: 0,
      manualReplay: true,
      nextAttemptAt: now,
      lockedUntil: null,
      lastError: null,
      lastStatusCode: null,
      deliveredAt: null,
    },
  });
  if (replayed.count === 0)
    throw new AppError("CONFLICT", "delivery is already pending", "event_id", "DELIVERY_PENDING");
  await sink?.record(tx, { kind: "delivery", eventId: delivery.id });
  wakeDeliveries();
  return tx.webhookDelivery.findUniqueOrThrow({ where: { id: delivery.id } });
}

async function assertTargetLive(tx: Tx, webhookId: string) {
  const webhook = await tx.gatewayWebhook.findUnique({ where: { id: webhookId } });
  if (!webhook || webhook.deletedAt)
    throw new AppError("CONFLICT", "the webhook of this delivery was deleted", "event_id");
}

/** `webhook.test` (sent only on request, e.g. from the dashboard), to one registration, now. */
export async function sendTestEvent(tx: Tx, userId: string, webhookId: string, now = new Date()) {
  const webhook = await getGatewayWebhook(tx, userId, webhookId);
  const id = randomUUID();
  const delivery = await tx.webhookDelivery.create({
    data: {
      id,
      surface: "gateway",
      userId,
      gatewayWebhookId: webhook.id,
      sourceEventId: null,
      targetKey: `gw:${webhook.id}:webhook.test:${id}`,
      eventType: "webhook.test",
      payload: gatewayPayload(id, "webhook.test", now, {
        id,
        status: GATEWAY_EVENT_STATUS["webhook.test"],
        amount: 0,
        webhook_id: webhook.id,
      }),
      nextAttemptAt: now,
      createdAt: now,
    },
  });
  wakeDeliveries();
  return delivery;
}

/** The signing secret of a registration, for the delivery worker only (never logged). */
export function secretOf(webhook: Pick<GatewayWebhook, "secretCiphertext">): string | null {
  return webhook.secretCiphertext ? decryptSecret(webhook.secretCiphertext) : null;
}
