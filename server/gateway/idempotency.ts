/**
 * Gateway idempotency records (interface 5.1 step 7, section 8): scoped by API key + method +
 * path + key, kept 24 h, only 2xx answers stored and replayed. A second request with the same
 * key while the first is running gets 409 (it does not wait); the same key with another body, 422.
 *
 * Atomic phases (docs/decisions/0010): the claim holds a lease (IDEMPOTENCY_LEASE_MS) and a
 * token; the request's effect writes a recovery point into the record inside its own transaction
 * (bindEffect), fenced by the token. A claim whose process died can be taken over once its lease
 * ran out: with a recovery point the committed result is rebuilt and stored; without one the
 * request runs again. Stored answers are sealed (AES-256-GCM): they can carry secrets. A cash-out
 * on the fast path completes its record in its effect's own transaction instead, with no body:
 * its replays rebuild the answer from the effect (createdPayoutAnswer).
 */
import { createHash, randomUUID } from "node:crypto";
import { decryptSecret, encryptSecret } from "../apikeys/secrets";
import { config } from "../config";
import { batchedStatement } from "../db/batched";
import type { Db, Tx } from "../db/client";
import { bookkeepingPool } from "../db/pool";
import { AppError } from "../errors";
import type { IdempotencyRecord } from "../generated/prisma/client";
import type { LedgerWriter } from "../ledger/apply";
import type { KeyCase } from "./key-case";

/** What a request created: enough to rebuild its answer (server/gateway/recover.ts). */
export type Effect =
  /** accountId and keyCase: written by a payout answered in its effect's transaction */
  | { kind: "payout"; entryId: string; accountId?: string; keyCase?: KeyCase }
  | { kind: "charge"; txId: string }
  | { kind: "refund"; entryId: string }
  | { kind: "webhook"; webhookId: string };

export type Held = { recordId: string; token: string; keyCase?: KeyCase };

/**
 * A recovery point that also completes its record (docs/decisions/0010, "Answered in the
 * effect's transaction"): the status and headers of the answer, no body. The request then has
 * nothing to store after its effect, and a replay rebuilds the body from the effect.
 */
export type AnsweredRecovery = Held & { effect: Effect; answer: { status: number; headers: Record<string, string> } };

const answeredInEffect = new WeakSet<Held>();

/** What a payout created now writes to answer its claim: 201, its view rebuilt from the entry. */
export function createdPayoutAnswer(held: Held, entry: { id: string; accountId: string }): AnsweredRecovery {
  return {
    ...held,
    effect: { kind: "payout", entryId: entry.id, accountId: entry.accountId, keyCase: held.keyCase ?? "snake" },
    answer: { status: 201, headers: { "content-type": "application/json" } },
  };
}

/** Called once the effect that answers `held` has committed: its request stores nothing more. */
export const markAnsweredInEffect = (held: Held) => answeredInEffect.add(held);
export const isAnsweredInEffect = (held: Held) => answeredInEffect.has(held);

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

/**
 * bindEffect on a plain `pg` transaction (the cash-out fast path, server/payouts/fast.ts), which
 * also completes the record with the answer's status and headers.
 */
export async function bindAnsweredEffectOn(writer: LedgerWriter, recovery: AnsweredRecovery): Promise<void> {
  const bound = await writer.query(
    `UPDATE idempotency_records
        SET effect = $1::jsonb, state = 'completed', response_status = $4, response_headers = $5::jsonb,
            lease_token = NULL, lease_expires_at = NULL
      WHERE id = $2::uuid AND lease_token = $3::uuid AND effect IS NULL RETURNING id`,
    [
      JSON.stringify(recovery.effect),
      recovery.recordId,
      recovery.token,
      recovery.answer.status,
      JSON.stringify(recovery.answer.headers),
    ],
  );
  if (bound.length !== 1) throw new AppError("CONFLICT", "A request with this Idempotency-Key is still in progress");
}

const SEALED = "sealed:v1:";

export function openResponseBody(stored: string | null): string | null {
  // Unsealed bodies are records written before sealing (gone within 24 h of the upgrade).
  return stored?.startsWith(SEALED) ? decryptSecret(stored.slice(SEALED.length)) : stored;
}

type Completion = { held: Held; status: number; body: string; headers: Record<string, string> };

// Every answered keyed POST stores its answer: concurrent ones in one statement (server/db/batched.ts).
// Unnamed, planned for each batch (~0.02 ms per cash-out): named, on the bookkeeping pool's
// generic plans, it cost PostgreSQL 0.70 ms per cash-out under bench:gateway against 0.03
// (BENCH_PG_STATEMENTS=1, 2026-11-24; docs/decisions/0023).
const completeRows = batchedStatement<Completion, void>(async (completions) => {
  await bookkeepingPool().query({
    text: `UPDATE idempotency_records r
        SET state = 'completed', response_status = c.status, response_body = c.body,
            response_headers = c.headers::jsonb, lease_token = NULL, lease_expires_at = NULL
       FROM unnest($1::int[], $2::text[], $3::text[], $4::uuid[], $5::uuid[]) AS c(status, body, headers, id, token)
      WHERE r.id = c.id AND r.lease_token = c.token`,
    values: [
      completions.map((c) => c.status),
      completions.map((c) => c.body),
      completions.map((c) => JSON.stringify(c.headers)),
      completions.map((c) => c.held.recordId),
      completions.map((c) => c.held.token),
    ],
  });
  return completions.map(() => undefined);
});

export async function completeIdempotencyKey(
  held: Held,
  response: { status: number; body: string; headers: Record<string, string> },
  now = new Date(),
): Promise<void> {
  if (response.status >= 200 && response.status < 300) {
    await completeRows({
      held,
      status: response.status,
      body: SEALED + encryptSecret(response.body),
      headers: response.headers,
    });
    return;
  }
  // A failure with nothing committed frees the key; after a committed effect the next retry
  // must get that effect's answer, so the claim is released for it instead.
  const deleted = await bookkeepingPool().query(
    "DELETE FROM idempotency_records WHERE id = $1::uuid AND lease_token = $2::uuid AND effect IS NULL",
    [held.recordId, held.token],
  );
  if (deleted.rowCount === 0) {
    await bookkeepingPool().query(
      "UPDATE idempotency_records SET lease_expires_at = $1 WHERE id = $2::uuid AND lease_token = $3::uuid",
      [now, held.recordId, held.token],
    );
  }
}

/** The purge job: records past their 24 hours. */
export async function purgeExpiredIdempotencyKeys(db: Db, now = new Date()): Promise<number> {
  return (await db.idempotencyRecord.deleteMany({ where: { expiresAt: { lte: now } } })).count;
}
