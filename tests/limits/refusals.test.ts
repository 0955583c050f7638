/**
 * PIX limits refuse with 422 LIMIT_EXCEEDED and the limit's detail code on every door that moves
 * money out, and nothing moves (server/limits, docs/decisions/0059-pix-limits.md).
 */
import { describe, expect, it } from "vitest";
import { limitsClock } from "../../server/limits/limits";
import { post } from "../gateway/support";
import { availableCents, fundedMerchant } from "../support/fixtures";
import { external, internal, limitsSuite, operatorSets } from "./support";

// The surfaces' error bodies carry the code, and the message names the limit (interface 7.1, 7.2);
// the detail code (AppError.reason) is what the dashboard words its message by.
const NAMED = {
  PER_TRANSACTION_LIMIT: "the per-transaction PIX limit",
  DAILY_LIMIT: "the daily PIX limit",
  MONTHLY_LIMIT: "the monthly PIX limit",
  NIGHTLY_PER_TRANSACTION_LIMIT: "the night-time per-transaction PIX limit",
} as const;
const refusedWith = (res: { status: number; json: unknown }, reason: keyof typeof NAMED) => {
  expect(res.status).toBe(422);
  const body = JSON.stringify(res.json);
  expect(body).toContain(NAMED[reason]);
  if (!body.includes('"errors"')) expect(res.json).toMatchObject({ code: "LIMIT_EXCEEDED", status: 422 });
};

describe("PIX limits refuse what moves money out", () => {
  const suite = limitsSuite();

  it("per transaction, on a PIX by key: 422 PER_TRANSACTION_LIMIT, balance unchanged", async () => {
    const shop = await fundedMerchant(100_000n);
    await operatorSets(shop.accountId, { per_transaction: 10_000n });
    const before = await availableCents(shop.accountId);
    const res = await external(shop, 100.01);
    refusedWith(res, "PER_TRANSACTION_LIMIT");
    expect(await availableCents(shop.accountId)).toBe(before);
    expect((await external(shop, 100)).status).toBe(200);
  });

  it("per day, on internal transfers: what was sent today counts", async () => {
    const shop = await fundedMerchant(100_000n);
    await operatorSets(shop.accountId, { daily: 10_000n });
    expect((await internal(shop, suite.receiver, 60)).status).toBe(200);
    const before = await availableCents(shop.accountId);
    refusedWith(await internal(shop, suite.receiver, 40.01), "DAILY_LIMIT");
    expect(await availableCents(shop.accountId)).toBe(before);
    expect(await availableCents(suite.receiver.accountId)).toBeGreaterThanOrEqual(6_000n);
    expect((await internal(shop, suite.receiver, 40)).status).toBe(200);
  });

  it("per month, on the gateway's cash-out", async () => {
    const shop = await fundedMerchant(100_000n);
    await operatorSets(shop.accountId, { monthly: 10_000n });
    const body = (amount: number, id: string) => ({
      amount,
      pix_key: "elis@example.invalid",
      pix_key_type: "email",
      external_id: id,
    });
    expect(
      (await post(shop, "/pix/cash-out", body(70, "m-1"), { "idempotency-key": `m1-${shop.accountId}` })).status,
    ).toBe(201);
    const before = await availableCents(shop.accountId);
    const res = await post(shop, "/pix/cash-out", body(30.01, "m-2"), { "idempotency-key": `m2-${shop.accountId}` });
    refusedWith(res, "MONTHLY_LIMIT");
    expect(await availableCents(shop.accountId)).toBe(before);
  });

  it("at night the night's per-transaction limit applies; by day it does not", async () => {
    const shop = await fundedMerchant(100_000n);
    await operatorSets(shop.accountId, { nightly_per_transaction: 10_000n });
    limitsClock.now = () => new Date("2099-03-10T12:00:00-03:00");
    expect((await external(shop, 150)).status).toBe(200);
    limitsClock.now = () => new Date("2099-03-10T20:00:00-03:00");
    const before = await availableCents(shop.accountId);
    refusedWith(await external(shop, 150), "NIGHTLY_PER_TRANSACTION_LIMIT");
    refusedWith(await internal(shop, suite.receiver, 150), "NIGHTLY_PER_TRANSACTION_LIMIT");
    expect(await availableCents(shop.accountId)).toBe(before);
    limitsClock.now = () => new Date("2099-03-11T05:59:59-03:00");
    refusedWith(await external(shop, 150), "NIGHTLY_PER_TRANSACTION_LIMIT");
    limitsClock.now = () => new Date("2099-03-11T06:00:00-03:00");
    expect((await external(shop, 150)).status).toBe(200);
  });

  it("two concurrent sends that together exceed the day's limit: one is refused", async () => {
    const shop = await fundedMerchant(100_000n);
    await operatorSets(shop.accountId, { daily: 10_000n });
    const results = await Promise.all([internal(shop, suite.receiver, 60), external(shop, 60)]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 422]);
    expect(await availableCents(shop.accountId)).toBe(100_000n - 6_000n);
  });
});
