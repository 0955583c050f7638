/**
 * The delivery worker. A worker claims due pending deliveries with FOR UPDATE SKIP LOCKED, taking
 * a lease (locked_until) and counting the attempt in the same statement; it sends with bounded
 * concurrency and releases each delivery only if its claim still stands (same attempt count).
 * So two workers never send the same attempt, and a worker killed mid-attempt leaves the delivery
 * to be claimed again once the lease runs out (at-least-once). Every time comes from `now`, so
 * tests move the clock through the whole schedule.
 */

import { decryptSecret } from "../apikeys/secrets";
import { config } from "../config";
import type { Db } from "../db/client";
import type { WebhookSurface } from "../generated/prisma/client";
import { logger } from "../logger";
import { pixCallbackUrl } from "./pix-webhooks";
import { type AttemptResult, afterAttempt, isExpired, SCHEDULES } from "./schedule";
import { accountHeaders, apiPixHeaders, bodyOf, gatewayHeaders } from "./signature";
import { defaultSql, type Sql } from "./sql";
import { createTransport, type Transport } from "./transport";

export type Claimed = {
  id: string;
  surface: WebhookSurface;
  userId: string;
  gatewayWebhookId: string | null;
  configId: string | null;
  pixWebhookId: string | null;
  /** API Pix: where under the webhook's URL it goes (`pix`, or `rec`/`cobr` for webhookrec/webhookcobr) */
  callbackPath: "pix" | "rec" | "cobr";
  eventType: string;
  payload: unknown;
  /** this attempt's number (the claim counted it) */
  attempts: number;
  manualReplay: boolean;
  createdAt: Date;
  /** the target, read in the claim's statement */
  url: string | null;
  secretCiphertext: string | null;
  authHeaderCiphertext: string | null;
  /** why the target can no longer receive, if so */
  gone: string | null;
};

export type DeliveryOptions = {
  now?: () => Date;
  concurrency?: number;
  leaseMs?: number;
  transport?: Transport;
  /** only these users' deliveries (tests and benchmarks that share a database) */
  userIds?: string[];
};

type Target = { url: string; secret: string | null; authHeader: string | null } | { gone: string };

const transports = new Map<boolean, Transport>();
export function defaultTransport(): Transport {
  const allowPrivate = config().WEBHOOK_ALLOW_PRIVATE_TARGETS;
  let transport = transports.get(allowPrivate);
  if (!transport) {
    transport = createTransport({ allowPrivate, maxSockets: config().WEBHOOK_DELIVERY_CONCURRENCY });
    transports.set(allowPrivate, transport);
  }
  return transport;
}

const CLAIM = `
  WITH claimed AS (
    UPDATE webhook_deliveries d
       SET locked_until = $2, attempts = d.attempts + 1, last_attempt_at = $1
     WHERE d.id IN (
             SELECT id FROM webhook_deliveries
              WHERE status = 'pending' AND next_attempt_at <= $1
                AND (locked_until IS NULL OR locked_until <= $1)
                AND ($4::uuid[] IS NULL OR user_id = ANY($4::uuid[]))
              ORDER BY next_attempt_at
              LIMIT $3
                FOR UPDATE SKIP LOCKED)
    RETURNING d.*)
  SELECT c.id, c.surface, c.user_id AS "userId", c.gateway_webhook_id AS "gatewayWebhookId",
         c.config_id AS "configId", c.pix_webhook_id AS "pixWebhookId", c.event_type AS "eventType", c.payload,
         COALESCE(r.kind, 'pix') AS "callbackPath",
         c.attempts,
         c.manual_replay AS "manualReplay", c.created_at AS "createdAt",
         COALESCE(g.url, w.target_url, p.webhook_url, r.webhook_url) AS url,
         COALESCE(g.secret_ciphertext, w.secret_ciphertext) AS "secretCiphertext",
         w.auth_header_ciphertext AS "authHeaderCiphertext",
         CASE WHEN c.surface = 'gateway' AND (g.id IS NULL OR g.deleted_at IS NOT NULL OR NOT g.active)
                THEN 'webhook deleted'
              WHEN c.surface = 'account' AND w.id IS NULL THEN 'configuration deleted'
              WHEN c.surface = 'account' AND NOT w.active THEN 'configuration inactive'
              WHEN c.surface = 'api_pix' AND COALESCE(p.user_id, r.user_id) IS DISTINCT FROM c.user_id
                THEN 'webhook deleted'
         END AS gone
    FROM claimed c
    LEFT JOIN gateway_webhooks g ON g.id = c.gateway_webhook_id
    LEFT JOIN webhook_configs w ON w.id = c.config_id
    LEFT JOIN pix_webhooks p ON p.id = c.pix_webhook_id
    LEFT JOIN recurrence_webhooks r ON r.id = c.recurrence_webhook_id`;

/**
 * Claims up to `limit` due deliveries for `leaseMs`, with their targets; each claim counts as the
 * next attempt. `userIds` narrows it (tests and benchmarks sharing a database).
 */
export async function claimDueDeliveries(
  sql: Sql,
  options: { now: Date; limit: number; leaseMs?: number; userIds?: string[] },
): Promise<Claimed[]> {
  const { now, limit } = options;
  const lockedUntil = new Date(now.getTime() + (options.leaseMs ?? config().WEBHOOK_DELIVERY_LEASE_MS));
  const { rows } = await sql.query<Claimed>({
    name: "webhooks_claim",
    text: CLAIM,
    values: [now, lockedUntil, limit, options.userIds ?? null],
  });
  return rows;
}

/** Where a claimed delivery goes (secrets decrypted here, in memory only). */
export function targetOf(claimed: Claimed): Target {
  if (claimed.gone || !claimed.url) return { gone: claimed.gone ?? "target not found" };
  return {
    // API Pix: the specification's callback is `{webhookUrl}/pix` (`/rec`, `/cobr` for the recurrence webhooks).
    url: claimed.surface === "api_pix" ? pixCallbackUrl(claimed.url, claimed.callbackPath) : claimed.url,
    secret: claimed.secretCiphertext ? decryptSecret(claimed.secretCiphertext) : null,
    authHeader: claimed.authHeaderCiphertext ? decryptSecret(claimed.authHeaderCiphertext) : null,
  };
}

/** Ends a claimed delivery without sending (expired, target gone, too many attempts). */
async function closeUnsent(sql: Sql, claimed: Claimed, status: "expired" | "failed", reason: string) {
  // Nothing went out on this claim, so it does not count as an attempt.
  await sql.query(
    `UPDATE webhook_deliveries SET status = $1::"DeliveryStatus", locked_until = NULL, last_error = $2,
            attempts = attempts - 1
      WHERE id = $3::uuid AND attempts = $4 AND status = 'pending'`,
    [status, reason, claimed.id, claimed.attempts],
  );
}

/** One attempt of one claimed delivery: send, record the attempt, release with the next state. */
export async function attemptDelivery(
  sql: Sql,
  claimed: Claimed,
  target: Target | undefined,
  options: { now: () => Date; transport: Transport },
): Promise<AttemptResult | null> {
  const startedAt = options.now();
  const expiryMs = config().WEBHOOK_GATEWAY_EXPIRY_MS;
  if (claimed.attempts > SCHEDULES[claimed.surface].maxAttempts) {
    await closeUnsent(sql, claimed, "failed", "no attempts left");
    return null;
  }
  if (isExpired(claimed, claimed.attempts, startedAt, expiryMs)) {
    await closeUnsent(sql, claimed, "expired", "first attempt would start too late");
    return null;
  }
  if (!target || "gone" in target) {
    await closeUnsent(sql, claimed, "failed", target?.gone ?? "target not found");
    return null;
  }
  const rawBody = bodyOf(claimed.payload);
  const gateway = claimed.surface === "gateway";
  const signed = {
    deliveryId: claimed.id,
    eventType: claimed.eventType,
    timestamp: Math.floor(startedAt.getTime() / 1000),
    rawBody,
    secret: target.secret,
  };
  const headers =
    claimed.surface === "api_pix"
      ? apiPixHeaders(signed)
      : gateway
        ? gatewayHeaders(signed)
        : accountHeaders({ ...signed, authHeader: target.authHeader });
  const timeoutMs = gateway ? config().WEBHOOK_GATEWAY_TIMEOUT_MS : config().WEBHOOK_ACCOUNT_TIMEOUT_MS;
  const sent = await options.transport({ url: target.url, headers, body: rawBody, timeoutMs });
  const ok = sent.statusCode !== null && sent.statusCode >= 200 && sent.statusCode < 300;
  const result: AttemptResult = ok
    ? { ok: true, statusCode: sent.statusCode as number }
    : { ok: false, statusCode: sent.statusCode, error: sent.error ?? "failed" };
  await release(sql, claimed, startedAt, sent.durationMs, result, options.now());
  return result;
}

const RELEASE = `
  WITH released AS (
    UPDATE webhook_deliveries
       SET status = $3::"DeliveryStatus", locked_until = NULL, last_status_code = $4::int, last_error = $5::text,
           next_attempt_at = COALESCE($6::timestamptz, next_attempt_at),
           delivered_at = CASE WHEN $3 = 'delivered' THEN $7::timestamptz ELSE delivered_at END
     WHERE id = $1::uuid AND attempts = $2 AND status = 'pending'
    RETURNING config_id),
  attempt AS (
    INSERT INTO webhook_attempts (delivery_id, number, started_at, duration_ms, status_code, error)
    VALUES ($1::uuid, $2, $8, $9, $4::int, $5::text)),
  streak AS (
    UPDATE webhook_configs SET consecutive_failures = 0
     WHERE $3 = 'delivered' AND id IN (SELECT config_id FROM released) AND consecutive_failures > 0)
  SELECT count(*)::int AS released FROM released`;

/** One statement: release (only if our claim still stands), log the attempt, end a failure streak. */
async function release(
  sql: Sql,
  claimed: Claimed,
  startedAt: Date,
  durationMs: number,
  result: AttemptResult,
  endedAt: Date,
) {
  const next = afterAttempt(claimed.surface, claimed.attempts, result, endedAt);
  const { rows } = await sql.query<{ released: number }>({
    name: "webhooks_release",
    text: RELEASE,
    values: [
      claimed.id,
      claimed.attempts,
      next.status,
      result.statusCode,
      result.ok ? null : result.error,
      next.status === "pending" ? next.nextAttemptAt : null,
      endedAt,
      startedAt,
      durationMs,
    ],
  });
  if (!rows[0] || rows[0].released === 0) {
    logger().warn({ deliveryId: claimed.id, attempt: claimed.attempts }, "webhook claim was lost before release");
    return;
  }
  if (claimed.surface === "account" && claimed.configId && next.status === "failed") {
    await countFailure(sql, claimed.configId, endedAt);
  }
}

/** After WEBHOOK_ACCOUNT_DEACTIVATE_AFTER consecutive failed deliveries an account configuration is deactivated. */
async function countFailure(sql: Sql, configId: string, now: Date) {
  const limit = config().WEBHOOK_ACCOUNT_DEACTIVATE_AFTER;
  const { rows } = await sql.query<{ active: boolean; consecutive_failures: number }>(
    `UPDATE webhook_configs
        SET consecutive_failures = consecutive_failures + 1,
            active = CASE WHEN consecutive_failures + 1 >= $2 THEN false ELSE active END,
            deactivated_reason = CASE WHEN active AND consecutive_failures + 1 >= $2 THEN $3 ELSE deactivated_reason END,
            deactivated_at = CASE WHEN active AND consecutive_failures + 1 >= $2 THEN $4 ELSE deactivated_at END,
            updated_at = CASE WHEN active AND consecutive_failures + 1 >= $2 THEN $4 ELSE updated_at END
      WHERE id = $1::uuid
      RETURNING active, consecutive_failures`,
    [configId, limit, `deactivated after ${limit} consecutive failed deliveries`, now],
  );
  const row = rows[0];
  if (row && !row.active && row.consecutive_failures === limit) {
    logger().warn({ configId, failures: limit }, "webhook configuration deactivated after consecutive failures");
  }
}

/** Starts one attempt per claimed delivery; the promises never reject (a lost attempt's lease runs out). */
export function attemptAll(sql: Sql, claimed: Claimed[], options: { now: () => Date; transport: Transport }) {
  return claimed.map((c) =>
    Promise.resolve()
      .then(() => attemptDelivery(sql, c, targetOf(c), options))
      .catch((error: unknown) => {
        logger().error({ err: error, deliveryId: c.id }, "webhook attempt could not be recorded");
        return null;
      }),
  );
}

/** One pass: claim what is due now (up to `limit`), send it with bounded concurrency, wait for all. */
export async function runDeliveryPass(
  sql: Sql = defaultSql(),
  options: DeliveryOptions & { limit?: number } = {},
): Promise<number> {
  const now = options.now ?? (() => new Date());
  const transport = options.transport ?? defaultTransport();
  const concurrency = options.concurrency ?? config().WEBHOOK_DELIVERY_CONCURRENCY;
  let total = 0;
  let remaining = options.limit ?? 1000;
  while (remaining > 0) {
    const claimed = await claimDueDeliveries(sql, {
      now: now(),
      limit: Math.min(concurrency, remaining),
      ...(options.leaseMs !== undefined ? { leaseMs: options.leaseMs } : {}),
      ...(options.userIds ? { userIds: options.userIds } : {}),
    });
    if (claimed.length === 0) break;
    await Promise.all(attemptAll(sql, claimed, { now, transport }));
    total += claimed.length;
    remaining -= claimed.length;
  }
  return total;
}

/** Account-surface and API Pix delivery records are kept WEBHOOK_ACCOUNT_RETENTION_DAYS (7) days. Deletes in batches. */
export async function purgeAccountDeliveries(db: Db, now = new Date(), batch = 5000): Promise<number> {
  const cutoff = new Date(now.getTime() - config().WEBHOOK_ACCOUNT_RETENTION_DAYS * 24 * 60 * 60 * 1000);
  let purged = 0;
  for (;;) {
    const deleted = await db.$executeRaw`
      DELETE FROM webhook_deliveries
       WHERE id IN (SELECT id FROM webhook_deliveries
                     WHERE surface IN ('account', 'api_pix') AND created_at < ${cutoff}
                     LIMIT ${batch})`;
    purged += deleted;
    if (deleted < batch) return purged;
  }
}
