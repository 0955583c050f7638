/**
 * What a keyed cash-out on the fast path costs the idempotency records: the claim, then the
 * batched cash-out statement that writes the recovery point and completes the record. Nothing is
 * written after the effect (the sink told the door the effect was the whole answer).
 */
import { afterEach, describe, expect, it, vi } from "vitest";
import { bookkeepingPool, pool, probePool } from "../../server/db/pool";
import { post } from "../gateway/support";
import { fundedMerchant, sqlOf } from "../support/fixtures";

afterEach(() => {
  vi.restoreAllMocks();
});

describe("a keyed cash-out's statements", () => {
  it("claims, then commits its effect with its answer: no statement after it", async () => {
    const m = await fundedMerchant(10_000n);
    const sent: string[] = [];
    for (const target of new Set([bookkeepingPool(), pool(), probePool()])) {
      const query = target.query.bind(target);
      vi.spyOn(target, "query").mockImplementation(((config: unknown, values?: unknown) => {
        sent.push(sqlOf(config));
        return query(config as never, values as never);
      }) as never);
    }

    const body = { amount: 1, pix_key: "ana@example.invalid", pix_key_type: "email", external_id: "k-statements" };
    const res = await post(m, "/pix/cash-out", body, { "idempotency-key": "k-statements" });

    expect(res.status).toBe(201);
    const idempotency = sent
      .filter((sql) => /idempotency_records|gateway_cash_out_many/.test(sql))
      .map((sql) => (sql.includes("gateway_cash_out_many") ? "cash-out batch" : sql.trim().split(/\s+/)[0]));
    expect(idempotency).toEqual(["WITH", "cash-out batch"]);
  });
});
