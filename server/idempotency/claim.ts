/**
 * Idempotency-Key claims: scoped by API key + method + path + key, kept 24 h. A claim holds a
 * lease (IDEMPOTENCY_LEASE_MS) and a token; a second request with the same key while the lease
 * runs is refused (it does not wait); the same key with another body is a mismatch. A claim
 * whose process died can be taken over once its lease ran out: with a recovery point (the
 * effect sink's write, ./sink.ts) the committed result is rebuilt and stored; without one the
 * request runs again (docs/decisions/0010).
 */
import { createHash, randomUUID } from "node:crypto";
import { config } from "../config";
import { batchedStatement } from "../db/batched";
import type { Db } from "../db/client";
import { bookkeepingPool } from "../db/pool";
import type { IdempotencyRecord } from "../generated/prisma/client";
import type { Effect } from "./effects";

/** A claim this process holds: its record and the token that fences its writes. */
export type Lease = { recordId: string; token: string };

export type Claim =
  | ({ kind: "new" } & Lease)
  | ({ kind: "recover"; effect: Effect } & Lease)
  | { kind: "replay"; record: IdempotencyRecord }
  | { kind: "in-progress" }
  | { kind: "mismatch" };

export const requestHash = (body: string | null) =>
  createHash("sha256")
    .update(body ?? "")
    .digest("hex");

const leaseEnd = (now: Date) => new Date(now.getTime() + config().IDEMPOTENCY_LEASE_MS);

type RecordRow = {
  fresh: boolean;
  id: string | null;
  api_key_id: string;
  method: string;
  path: string;
  key: string;
  request_hash: string;
  state: IdempotencyRecord["state"];
  response_status: number | null;
  response_body: string | null;
  response_headers: IdempotencyRecord["responseHeaders"];
  lease_token: string | null;
  lease_expires_at: Date | null;
  effect: IdempotencyRecord["effect"];
  created_at: Date;
  expires_at: Date;
};

// Runs on every keyed POST, so one statement on the bookkeeping pool for concurrent claims
// (server/db/batched.ts): each claim, or (when its key is taken) the record that holds the key,
// as this statement's snapshot sees it. Two claims of one key in a batch: the second sees no
// record (the first's row is not in the snapshot) and looks again on its own. A named statement,
// parsed and planned once per connection, with the record read by a LATERAL … LIMIT 1 on its
// unique key: named with a plain LEFT JOIN, replays cost PostgreSQL 0.46 ms each instead of 0.13
// under bench:gateway; this way 0.10 (docs/decisions/0023).
const CLAIM_MANY = `
  WITH input AS (
    SELECT * FROM unnest($1::uuid[], $2::uuid[], $3::text[], $4::text[], $5::text[], $6::text[],
                         $7::timestamptz[], $8::timestamptz[], $9::uuid[], $10::timestamptz[])
      WITH ORDINALITY AS t(id, api_key_id, method, path, key, request_hash, created_at, expires_at,
                          lease_token, lease_expires_at, n)
  ), fresh AS (
    INSERT INTO idempotency_records (id, api_key_id, method, path, key, request_hash, state, created_at, expires_at,
                                     lease_token, lease_expires_at)
    SELECT id, api_key_id, method, path, key, request_hash, 'in_progress', created_at, expires_at,
           lease_token, lease_expires_at
      FROM input ORDER BY n
    ON CONFLICT (api_key_id, method, path, key) DO NOTHING
    RETURNING id)
  SELECT i.n, EXISTS (SELECT 1 FROM fresh f WHERE f.id = i.id) AS fresh, r.*
    FROM input i
    LEFT JOIN LATERAL (
      SELECT * FROM idempotency_records r
       WHERE r.api_key_id = i.api_key_id AND r.method = i.method AND r.path = i.path AND r.key = i.key
       LIMIT 1) r ON true`;

type ClaimRow = {
  recordId: string;
  scope: { apiKeyId: string; method: string; path: string; key: string };
  hash: string;
  now: Date;
  expiresAt: Date;
  token: string;
};

const claimRows = batchedStatement<ClaimRow, RecordRow | null>(async (claims) => {
  const column = <T>(pick: (claim: ClaimRow) => T) => claims.map(pick);
  const { rows } = await bookkeepingPool().query<RecordRow & { n: string }>({
    name: "idempotency_claim_many",
    text: CLAIM_MANY,
    values: [
      column((c) => c.recordId),
      column((c) => c.scope.apiKeyId),
      column((c) => c.scope.method),
      column((c) => c.scope.path),
      column((c) => c.scope.key),
      column((c) => c.hash),
      column((c) => c.now),
      column((c) => c.expiresAt),
      column((c) => c.token),
      column((c) => leaseEnd(c.now)),
    ],
  });
  const byClaim = new Map(rows.map((row) => [Number(row.n), row]));
  return claims.map((_, index) => byClaim.get(index + 1) ?? null);
});

const asRecord = (row: RecordRow & { id: string }): IdempotencyRecord => ({
  id: row.id,
  apiKeyId: row.api_key_id,
  method: row.method,
  path: row.path,
  key: row.key,
  requestHash: row.request_hash,
  state: row.state,
  responseStatus: row.response_status,
  responseBody: row.response_body,
  responseHeaders: row.response_headers,
  leaseToken: row.lease_token,
  leaseExpiresAt: row.lease_expires_at,
  effect: row.effect,
  createdAt: row.created_at,
  expiresAt: row.expires_at,
});

export async function claimIdempotencyKey(
  scope: { apiKeyId: string; method: string; path: string; key: string },
  hash: string,
  now = new Date(),
): Promise<Claim> {
  const recordId = randomUUID();
  const token = randomUUID();
  const expiresAt = new Date(now.getTime() + config().IDEMPOTENCY_TTL_MS);
  const row = await claimRows({ recordId, scope, hash, now, expiresAt, token });
  if (row?.fresh) return { kind: "new", recordId, token };
  // Taken by a request this statement could not see yet (it committed meanwhile): look again.
  if (!row?.id) return claimIdempotencyKey(scope, hash, now);
  const existing = asRecord(row as RecordRow & { id: string });
  if (existing.expiresAt <= now) {
    // Past its 24 hours: the key is free again.
    await bookkeepingPool().query("DELETE FROM idempotency_records WHERE id = $1::uuid AND expires_at <= $2", [
      existing.id,
      now,
    ]);
    return claimIdempotencyKey(scope, hash, now);
  }
  if (existing.requestHash !== hash) return { kind: "mismatch" };
  if (existing.state === "completed") return { kind: "replay", record: existing };
  if (existing.leaseExpiresAt && existing.leaseExpiresAt > now) return { kind: "in-progress" };
  // The holder's lease ran out (its process died): take the claim over, once.
  const taken = await bookkeepingPool().query(
    `UPDATE idempotency_records SET lease_token = $1::uuid, lease_expires_at = $2
      WHERE id = $3::uuid AND state = 'in_progress' AND lease_token IS NOT DISTINCT FROM $4::uuid`,
    [token, leaseEnd(now), existing.id, existing.leaseToken],
  );
  if (taken.rowCount !== 1) return { kind: "in-progress" };
  const lease = { recordId: existing.id, token };
  return existing.effect ? { kind: "recover", effect: existing.effect as Effect, ...lease } : { kind: "new", ...lease };
}

/** The purge job: records past their 24 hours. */
export async function purgeExpiredIdempotencyKeys(db: Db, now = new Date()): Promise<number> {
  return (await db.idempotencyRecord.deleteMany({ where: { expiresAt: { lte: now } } })).count;
}
