/**
 * The answer of a keyed request: a 2xx is stored (sealed with AES-256-GCM: answers can carry
 * secrets) and replayed for the key's 24 hours; any other answer frees the key, unless an effect
 * committed under it, in which case the lease is released so the next retry rebuilds that
 * effect's answer (docs/decisions/0010).
 *
 * These writes commit synchronously (the main pool), unlike the claim (bookkeepingPool): each is
 * the request's last write, so no later commit of the request carries it to the standby, and the
 * client acts on the answer it was given. Committed asynchronously, a failover in the instant
 * after the answer loses the write: the client has its 2xx (or 4xx) and never retries, and the
 * record stays `in_progress` for its 24 hours — a webhook the client has since deleted can no
 * longer even be rebuilt for a retry (tests/idempotency/answer-durable.test.ts).
 */
import { decryptSecret, encryptSecret } from "../apikeys/secrets";
import { batchedStatement } from "../db/batched";
import { pool } from "../db/pool";
import type { Lease } from "./claim";
import type { Effect } from "./effects";

const SEALED = "sealed:v1:";

export function openResponseBody(stored: string | null): string | null {
  // Unsealed bodies are records written before sealing (gone within 24 h of the upgrade).
  return stored?.startsWith(SEALED) ? decryptSecret(stored.slice(SEALED.length)) : stored;
}

type Completion = { lease: Lease; status: number; body: string; headers: Record<string, string> };

// Every answered keyed POST stores its answer: concurrent ones in one statement (server/db/batched.ts).
// Unnamed, planned for each batch (~0.02 ms per cash-out): named, on the bookkeeping pool's
// generic plans, it cost PostgreSQL 0.70 ms per cash-out under bench:gateway against 0.03
// (BENCH_PG_STATEMENTS=1, 2026-11-24; docs/decisions/0023).
const completeRows = batchedStatement<Completion, void>(async (completions) => {
  await pool().query({
    text: `UPDATE idempotency_records r
        SET state = 'completed', response_status = c.status, response_body = c.body,
            response_headers = c.headers::jsonb, lease_token = NULL, lease_expires_at = NULL
       FROM unnest($1::int[], $2::text[], $3::text[], $4::uuid[], $5::uuid[]) AS c(status, body, headers, id, token)
      WHERE r.id = c.id AND r.lease_token = c.token`,
    values: [
      completions.map((c) => c.status),
      completions.map((c) => c.body),
      completions.map((c) => JSON.stringify(c.headers)),
      completions.map((c) => c.lease.recordId),
      completions.map((c) => c.lease.token),
    ],
  });
  return completions.map(() => undefined);
});

export async function completeIdempotencyKey(
  lease: Lease,
  response: { status: number; body: string; headers: Record<string, string> },
  now = new Date(),
): Promise<void> {
  if (response.status >= 200 && response.status < 300) {
    await completeRows({
      lease,
      status: response.status,
      body: SEALED + encryptSecret(response.body),
      headers: response.headers,
    });
    return;
  }
  // A failure with nothing committed frees the key; after a committed effect the next retry
  // must get that effect's answer, so the claim is released for it instead.
  const deleted = await pool().query(
    "DELETE FROM idempotency_records WHERE id = $1::uuid AND lease_token = $2::uuid AND effect IS NULL",
    [lease.recordId, lease.token],
  );
  if (deleted.rowCount === 0) {
    await pool().query(
      "UPDATE idempotency_records SET lease_expires_at = $1 WHERE id = $2::uuid AND lease_token = $3::uuid",
      [now, lease.recordId, lease.token],
    );
  }
}

/**
 * A completed record's body for a replay: the stored one, or, when the effect was the whole
 * answer (no body stored, ./sink.ts answeredPayout), the door's rebuild of it from the effect.
 */
export async function replayedBody(
  record: { responseBody: string | null; effect: unknown },
  rebuild: (effect: Effect) => Promise<string | null>,
): Promise<string | null> {
  if (record.responseBody !== null) return openResponseBody(record.responseBody);
  return record.effect ? rebuild(record.effect as Effect) : null;
}
