import { describe, expect, it } from "vitest";
import type { Tx } from "../db/client";
import { EffectSink, writeOn } from "./sink";

const lease = { recordId: "00000000-0000-4000-8000-000000000001", token: "00000000-0000-4000-8000-000000000002" };

/** A transaction whose UPDATE of the claim matches `rows` records. */
const txMatching = (rows: number) => ({ $executeRaw: async () => rows }) as unknown as Tx;

describe("EffectSink", () => {
  it("records in the caller's transaction, and refuses when the claim is no longer this request's", async () => {
    const sink = new EffectSink(lease);
    await expect(sink.record(txMatching(1), { kind: "charge", txId: "T1" })).resolves.toBeUndefined();
    await expect(sink.record(txMatching(0), { kind: "charge", txId: "T1" })).rejects.toMatchObject({
      code: "CONFLICT",
      message: "A request with this Idempotency-Key is still in progress",
    });
    expect(sink.answersRequest).toBe(false);
  });

  it("an answered payout is the batched statement's recovery point, in the request's key case", () => {
    const sink = new EffectSink(lease, "camel");
    expect(sink.answeredPayout({ entryId: "E1", accountId: "100000000001" })).toEqual({
      record_id: lease.recordId,
      token: lease.token,
      effect: { kind: "payout", entryId: "E1", accountId: "100000000001", keyCase: "camel" },
      answer: { status: 201, headers: { "content-type": "application/json" } },
    });
    expect(sink.answersRequest).toBe(true);
  });

  it("writes an answered payout on a plain transaction, fenced by its token", async () => {
    const point = new EffectSink(lease).answeredPayout({ entryId: "E1", accountId: "100000000001" });
    const calls: unknown[][] = [];
    const writer = (rows: unknown[]) => ({
      query: async (_sql: string, params: unknown[]) => {
        calls.push(params);
        return rows;
      },
    });
    await writeOn(writer([{ id: lease.recordId }]), point);
    expect(calls[0]).toEqual([
      JSON.stringify(point.effect),
      lease.recordId,
      lease.token,
      201,
      JSON.stringify(point.answer.headers),
    ]);
    await expect(writeOn(writer([]), point)).rejects.toMatchObject({ code: "CONFLICT" });
  });
});
