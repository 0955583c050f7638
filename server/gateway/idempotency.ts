/**
 * Gateway idempotency records (interface 5.1 step 7, section 8): scoped by API key + method +
 * path + key, kept 24 h, only 2xx answers stored and replayed. A second request with the same
 * key while the first is running gets 409 (it does not wait); the same key with another body, 422.
 *
 * Atomic phases (docs/decisions/0010): the claim holds a lease (IDEMPOTENCY_LEASE_MS) and a
 * token; the request's effect writes a recovery point into the record inside its own transaction
 * (bindEffect), fenced by the token. A claim whose process died can be taken over once its lease
 * ran out: with a recovery point the committed result is rebuilt and stored; without one the
 * request runs again. Stored answers are sealed (AES-256-GCM): they can carry secrets.
 */
import { createHash, randomUUID } from "node:crypto";
import { decryptSecret, encryptSecret } from "../apikeys/secrets";
import { config } from "../config";
import type { Db, Tx } from "../db/client";
import { AppError } from "../errors";
import type { IdempotencyRecord } from "../generated/prisma/client";

/** What a request created: enough to rebuild its answer (server/gateway/recover.ts). */
export type Effect =
  | { kind: "payout"; entryId: string }
  | { kind: "charge"; txId: string }
  | { kind: "refund"; entryId: string }
  | { kind: "webhook"; webhookId: string };

export type Held = { recordId: string; token: string };

export type Claim =
  | ({ kind: "new" } & Held)
  | ({ kind: "recover"; effect: Effect } & Held)
  | { kind: "replay"; record: IdempotencyRecord }
  | { kind: "in-progress" }
  | { kind: "mismatch" };

export const requestHash = (body: string | null) =>
  createHash("sha256")
    .update(body ?? "")
    .digest("hex");

const leaseEnd = (now: Date) => new Date(now.getTime() + config().IDEMPOTENCY_LEASE_MS);

export async function claimIdempotencyKey(
  db: Db,
  scope: { apiKeyId: string; method: string; path: string; key: string },
  hash: string,
  now = new Date(),
): Promise<Claim> {
  await db.idempotencyRecord.deleteMany({ where: { ...scope, expiresAt: { lte: now } } });
  const recordId = randomUUID();
  const token = randomUUID();
  const inserted = await db.$executeRaw`
    INSERT INTO idempotency_records (id, api_key_id, method, path, key, request_hash, state, created_at, expires_at,
                                     lease_token, lease_expires_at)
    VALUES (${recordId}::uuid, ${scope.apiKeyId}::uuid, ${scope.method}, ${scope.path}, ${scope.key}, ${hash},
            'in_progress', ${now}, ${new Date(now.getTime() + config().IDEMPOTENCY_TTL_MS)}, ${token}::uuid, ${leaseEnd(now)})
    ON CONFLICT (api_key_id, method, path, key) DO NOTHING`;
  if (inserted === 1) return { kind: "new", recordId, token };
  const existing = await db.idempotencyRecord.findUnique({ where: { apiKeyId_method_path_key: scope } });
  if (!existing) return claimIdempotencyKey(db, scope, hash, now);
  if (existing.requestHash !== hash) return { kind: "mismatch" };
  if (existing.state === "completed") return { kind: "replay", record: existing };
  if (existing.leaseExpiresAt && existing.leaseExpiresAt > now) return { kind: "in-progress" };
  // The holder's lease ran out (its process died): take the claim over, once.
  const taken = await db.$executeRaw`
    UPDATE idempotency_records SET lease_token = ${token}::uuid, lease_expires_at = ${leaseEnd(now)}
     WHERE id = ${existing.id}::uuid AND state = 'in_progress'
       AND lease_token IS NOT DISTINCT FROM ${existing.leaseToken}::uuid`;
  if (taken !== 1) return { kind: "in-progress" };
  const held = { recordId: existing.id, token };
  return existing.effect ? { kind: "recover", effect: existing.effect as Effect, ...held } : { kind: "new", ...held };
}

/**
 * Inside the effect's transaction: the recovery point. Refused (so the effect rolls back) when
 * another process has taken the claim over or already recorded an effect.
 */
export async function bindEffect(tx: Tx, held: Held, effect: Effect): Promise<void> {
  const bound = await tx.$executeRaw`
    UPDATE idempotency_records SET effect = ${JSON.stringify(effect)}::jsonb
     WHERE id = ${held.recordId}::uuid AND lease_token = ${held.token}::uuid AND effect IS NULL`;
  if (bound !== 1) throw new AppError("CONFLICT", "A request with this Idempotency-Key is still in progress");
}

const SEALED = "sealed:v1:";

export function openResponseBody(stored: string | null): string | null {
  // Unsealed bodies are records written before sealing (gone within 24 h of the upgrade).
  return stored?.startsWith(SEALED) ? decryptSecret(stored.slice(SEALED.length)) : stored;
}

export async function completeIdempotencyKey(
  db: Db,
  held: Held,
  response: { status: number; body: string; headers: Record<string, string> },
  now = new Date(),
): Promise<void> {
  const where = { id: held.recordId, leaseToken: held.token };
  if (response.status >= 200 && response.status < 300) {
    await db.idempotencyRecord.updateMany({
      where,
      data: {
        state: "completed",
        responseStatus: response.status,
        responseBody: SEALED + encryptSecret(response.body),
        responseHeaders: response.headers,
        leaseToken: null,
        leaseExpiresAt: null,
      },
    });
    return;
  }
  // A failure with nothing committed frees the key; after a committed effect the next retry
  // must get that effect's answer, so the claim is released for it instead.
  const deleted = await db.$executeRaw`
    DELETE FROM idempotency_records
     WHERE id = ${held.recordId}::uuid AND lease_token = ${held.token}::uuid AND effect IS NULL`;
  if (deleted === 0) await db.idempotencyRecord.updateMany({ where, data: { leaseExpiresAt: now } });
}

/** The purge job: records past their 24 hours. */
export async function purgeExpiredIdempotencyKeys(db: Db, now = new Date()): Promise<number> {
  return (await db.idempotencyRecord.deleteMany({ where: { expiresAt: { lte: now } } })).count;
}
