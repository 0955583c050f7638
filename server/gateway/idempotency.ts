/**
 * Gateway idempotency records (interface 5.1 step 7, section 8): scoped by API key + method +
 * path + key, kept 24 h, only 2xx answers stored and replayed. A second request with the same
 * key while the first is running gets 409 (it does not wait); the same key with another body, 422.
 */
import { createHash, randomUUID } from "node:crypto";
import { config } from "../config";
import type { Db } from "../db/client";
import type { IdempotencyRecord } from "../generated/prisma/client";

export type Claim =
  | { kind: "new"; recordId: string }
  | { kind: "replay"; record: IdempotencyRecord }
  | { kind: "in-progress" }
  | { kind: "mismatch" };

export const requestHash = (body: string | null) =>
  createHash("sha256")
    .update(body ?? "")
    .digest("hex");

export async function claimIdempotencyKey(
  db: Db,
  scope: { apiKeyId: string; method: string; path: string; key: string },
  hash: string,
  now = new Date(),
): Promise<Claim> {
  await db.idempotencyRecord.deleteMany({ where: { ...scope, expiresAt: { lte: now } } });
  const recordId = randomUUID();
  const inserted = await db.$executeRaw`
    INSERT INTO idempotency_records (id, api_key_id, method, path, key, request_hash, state, created_at, expires_at)
    VALUES (${recordId}::uuid, ${scope.apiKeyId}::uuid, ${scope.method}, ${scope.path}, ${scope.key}, ${hash},
            'in_progress', ${now}, ${new Date(now.getTime() + config().IDEMPOTENCY_TTL_MS)})
    ON CONFLICT (api_key_id, method, path, key) DO NOTHING`;
  if (inserted === 1) return { kind: "new", recordId };
  const existing = await db.idempotencyRecord.findUnique({ where: { apiKeyId_method_path_key: scope } });
  if (!existing) return claimIdempotencyKey(db, scope, hash, now);
  if (existing.requestHash !== hash) return { kind: "mismatch" };
  if (existing.state === "in_progress") return { kind: "in-progress" };
  return { kind: "replay", record: existing };
}

export async function completeIdempotencyKey(
  db: Db,
  recordId: string,
  response: { status: number; body: string; headers: Record<string, string> },
): Promise<void> {
  if (response.status >= 200 && response.status < 300) {
    await db.idempotencyRecord.update({
      where: { id: recordId },
      data: {
        state: "completed",
        responseStatus: response.status,
        responseBody: response.body,
        responseHeaders: response.headers,
      },
    });
  } else {
    await db.idempotencyRecord.delete({ where: { id: recordId } });
  }
}

/** The purge job: records past their 24 hours. */
export async function purgeExpiredIdempotencyKeys(db: Db, now = new Date()): Promise<number> {
  return (await db.idempotencyRecord.deleteMany({ where: { expiresAt: { lte: now } } })).count;
}
