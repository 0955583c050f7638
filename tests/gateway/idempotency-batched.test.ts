/**
 * Idempotency claims and completions of concurrent requests share one statement each
 * (server/idempotency/, server/db/batched.ts), yet each gets its own answer.
 */
import type { Pool } from "pg";
import { describe, expect, it, vi } from "vitest";
import { db } from "../../server/db/client";
import { bookkeepingPool, closePool, pool } from "../../server/db/pool";
import { completeIdempotencyKey, openResponseBody } from "../../server/idempotency/answer";
import { claimIdempotencyKey, type Lease, requestHash } from "../../server/idempotency/claim";
import { newMerchant, sqlOf } from "../support/fixtures";

describe("batched idempotency statements", () => {
  it("one claim statement for new, replayed, mismatched and duplicate keys", async () => {
    const m = await newMerchant();
    const apiKey = await db().apiKey.findUniqueOrThrow({ where: { clientId: m.clientId } });
    const scope = (key: string) => ({ apiKeyId: apiKey.id, method: "POST", path: "/api/external/pix/cash-out", key });
    const done = await claimIdempotencyKey(scope("ib-done"), requestHash("a"));
    if (done.kind !== "new") throw new Error("expected a new claim");
    await completeIdempotencyKey(done, { status: 201, body: '{"id":"done"}', headers: {} });

    const statements = vi.spyOn(bookkeepingPool(), "query");
    const claims = await Promise.all([
      claimIdempotencyKey(scope("ib-new"), requestHash("b")),
      claimIdempotencyKey(scope("ib-done"), requestHash("a")),
      claimIdempotencyKey(scope("ib-done"), requestHash("other body")),
      claimIdempotencyKey(scope("ib-twice"), requestHash("c")),
      claimIdempotencyKey(scope("ib-twice"), requestHash("c")),
    ]);
    const inserts = statements.mock.calls.filter(([sql]) => sqlOf(sql).includes("INSERT INTO idempotency_records"));
    statements.mockRestore();
    // one batch; the second claim of "ib-twice" could not see the first's row and looked again
    expect(inserts.length).toBe(2);
    expect(claims.map((claim) => claim.kind)).toEqual(["new", "replay", "mismatch", "new", "in-progress"]);
    const replay = claims[1];
    if (replay?.kind !== "replay") throw new Error("expected a replay");
    expect(openResponseBody(replay.record.responseBody)).toBe('{"id":"done"}');
  });

  it("one completion statement: each record gets its own answer, fenced by its token", async () => {
    const m = await newMerchant();
    const apiKey = await db().apiKey.findUniqueOrThrow({ where: { clientId: m.clientId } });
    const scope = (key: string) => ({ apiKeyId: apiKey.id, method: "POST", path: "/api/external/pix/cash-out", key });
    const held = await Promise.all(
      ["ic-1", "ic-2", "ic-3"].map((key) => claimIdempotencyKey(scope(key), requestHash(key))),
    );
    const [one, two, three] = held.map((claim): Lease => {
      if (claim.kind !== "new") throw new Error("expected new claims");
      return claim;
    }) as [Lease, Lease, Lease];
    const stale = { recordId: three.recordId, token: "00000000-0000-4000-8000-000000000000" };

    await Promise.all([
      completeIdempotencyKey(one, { status: 201, body: '{"n":1}', headers: { "content-type": "application/json" } }),
      completeIdempotencyKey(two, { status: 202, body: '{"n":2}', headers: {} }),
      completeIdempotencyKey(stale, { status: 201, body: '{"n":"stale"}', headers: {} }),
    ]);

    const records = await db().idempotencyRecord.findMany({
      where: { id: { in: [one.recordId, two.recordId, three.recordId] } },
    });
    const byId = new Map(records.map((record) => [record.id, record]));
    expect(byId.get(one.recordId)).toMatchObject({ state: "completed", responseStatus: 201, leaseToken: null });
    expect(openResponseBody(byId.get(one.recordId)?.responseBody ?? null)).toBe('{"n":1}');
    expect(byId.get(one.recordId)?.responseHeaders).toEqual({ "content-type": "application/json" });
    expect(byId.get(two.recordId)).toMatchObject({ state: "completed", responseStatus: 202 });
    expect(openResponseBody(byId.get(two.recordId)?.responseBody ?? null)).toBe('{"n":2}');
    expect(byId.get(three.recordId)).toMatchObject({
      state: "in_progress",
      responseBody: null,
      leaseToken: three.token,
    });
  });

  it("claims and answers commit on their own pool without waiting for the WAL flush; effects wait", async () => {
    const setting = async (target: Pool) =>
      (
        await target.query(
          "SELECT current_setting('synchronous_commit') AS commit_mode, current_setting('plan_cache_mode') AS plans",
        )
      ).rows[0];
    expect(bookkeepingPool()).not.toBe(pool());
    expect(await setting(bookkeepingPool())).toEqual({ commit_mode: "off", plans: "force_generic_plan" });
    expect(await setting(pool())).toEqual({ commit_mode: "on", plans: "auto" });

    process.env.BOOKKEEPING_ASYNC_COMMIT = "false";
    const { resetConfigForTests } = await import("../../server/config");
    resetConfigForTests();
    await closePool();
    try {
      expect(bookkeepingPool()).toBe(pool());
    } finally {
      delete process.env.BOOKKEEPING_ASYNC_COMMIT;
      resetConfigForTests();
      await closePool();
    }
  });
});
