/** Wire shapes of webhook resources: gateway (snake_case) and account surface (camelCase). */
import type {
  GatewayWebhook,
  PixWebhook,
  WebhookAttempt,
  WebhookConfig,
  WebhookDelivery,
} from "../generated/prisma/client";

/** docs/contract.md, POST /webhooks → `{ id, url, events, secret, allow_insecure, active, created_at }`. */
export function gatewayWebhookView(webhook: GatewayWebhook, secret?: string | null) {
  return {
    id: webhook.id,
    url: webhook.url,
    events: webhook.events,
    // The secret is shown once, at registration; later reads say only whether there is one.
    ...(secret !== undefined ? { secret } : { signed: webhook.secretCiphertext !== null }),
    allow_insecure: webhook.allowInsecure,
    active: webhook.active,
    created_at: webhook.createdAt.toISOString(),
  };
}

/** Interface 2.8 delivery record: event id, status, created time, and what happened so far. */
export function gatewayDeliveryView(delivery: WebhookDelivery, attempts?: WebhookAttempt[]) {
  return {
    id: delivery.id,
    event_id: delivery.id,
    event_type: delivery.eventType,
    status: delivery.status,
    attempts: delivery.attempts,
    next_attempt_at: delivery.status === "pending" ? delivery.nextAttemptAt.toISOString() : null,
    last_attempt_at: delivery.lastAttemptAt?.toISOString() ?? null,
    last_status_code: delivery.lastStatusCode,
    last_error: delivery.lastError,
    manual_replay: delivery.manualReplay,
    delivered_at: delivery.deliveredAt?.toISOString() ?? null,
    created_at: delivery.createdAt.toISOString(),
    payload: delivery.payload,
    ...(attempts
      ? {
          attempt_log: attempts.map((a) => ({
            number: a.number,
            started_at: a.startedAt.toISOString(),
            duration_ms: a.durationMs,
            status_code: a.statusCode,
            error: a.error,
          })),
        }
      : {}),
  };
}

/**
 * docs/contract.md: `{ configId, event, targetUrl, authHeader, active, createdAt, updatedAt }` (+ why
 * it is off). The signing secret is shown once, at creation; later reads say only whether there is one.
 */
export function webhookConfigView(config: WebhookConfig, authHeader: string | null, secret?: string) {
  return {
    configId: config.id,
    event: config.events,
    targetUrl: config.targetUrl,
    authHeader,
    ...(secret !== undefined ? { secret } : { signed: config.secretCiphertext !== null }),
    active: config.active,
    deactivatedReason: config.deactivatedReason,
    createdAt: config.createdAt.getTime(),
    updatedAt: config.updatedAt.getTime(),
  };
}

/** An API Pix webhook as the dashboard shows it: the key, where it posts, since when. */
export function pixWebhookView(webhook: PixWebhook) {
  return {
    webhookId: webhook.id,
    chave: webhook.chave,
    webhookUrl: webhook.webhookUrl,
    createdAt: webhook.createdAt.getTime(),
    updatedAt: webhook.updatedAt.getTime(),
  };
}
