import { beforeAll, describe, expect, it } from "vitest";
import { resetConfigForTests } from "../../server/config";
import { db } from "../../server/db/client";
import { gatewayApi } from "../../server/gateway/app";
import { purgeExpiredIdempotencyKeys } from "../../server/idempotency/claim";
import { verifyLedger } from "../../server/ledger/verify";
import { dictQuota } from "../../server/payouts/cash-out";
import { processQueuedPayouts } from "../../server/payouts/queue";
import { availableCents, call, fundedMerchant } from "../support/fixtures";
import { apiKeyAuth, get, post } from "./support";

describe("gateway endpoints", () => {
  let m: Awaited<ReturnType<typeof fundedMerchant>>;
  beforeAll(async () => {
    process.env.GATEWAY_RATE_PER_MINUTE = "1000";
    process.env.DICT_QUOTA_PER_MINUTE = "1000";
    resetConfigForTests();
    m = await fundedMerchant(100_000n);
  });

  it("GET /balance", async () => {
    const res = await get(m, "/balance");
    expect(res.json).toEqual({ balance: 1000, blocked_balance: 0, available_balance: 1000 });
    expect(res.headers.get("x-ratelimit-remaining")).toBeNull();
  });

  it("cash-in → 201 with QR image; GET /pix/transactions by tx_id", async () => {
    const res = await post(m, "/pix/cash-in", { amount: 10.5, external_id: "order-9", metadata: { a: 1 } });
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({
      status: "created",
      amount: 10.5,
      external_id: "order-9",
      emv: expect.any(String),
    });
    expect(res.headers.get("x-ratelimit-remaining")).toMatch(/^\d+$/);
    const found = await get(m, `/pix/transactions/${res.json.tx_id}`);
    expect(found.json).toMatchObject({ kind: "charge", tx_id: res.json.tx_id });
  });

  it("cash-out → 201 processing, then the payout by end_to_end_id; refund of a received PIX → 201", async () => {
    const out = await post(m, "/pix/cash-out", {
      amount: 5,
      pix_key: "+5511987654321",
      pix_key_type: "phone",
      external_id: "po-1",
    });
    expect(out.status).toBe(201);
    expect(out.json).toMatchObject({ status: "processing", amount: 5, fee: 0, external_id: "po-1" });
    const found = await get(m, `/pix/transactions/${out.json.end_to_end_id}`);
    expect(found.json).toMatchObject({ kind: "payout", id: out.json.id });
    const mismatch = await post(m, "/pix/cash-out", {
      amount: 1,
      pix_key: "ana@example.invalid",
      pix_key_type: "phone",
    });
    expect(mismatch.status).toBe(400);

    const credit = await db().ledgerEntry.findFirstOrThrow({ where: { accountId: m.accountId, type: "credit" } });
    const refund = await post(m, "/pix/refund", { end_to_end_id: credit.endToEndId, amount: 1 });
    expect(refund.status).toBe(201);
    expect(refund.json).toMatchObject({ original_end_to_end_id: credit.endToEndId, status: "processing", amount: 1 });
    expect((await get(m, "/pix/transactions/NothingHere0000000000000000")).status).toBe(404);
    expect((await get(m, "/pix/transactions/nothing-here")).status).toBe(400);
  });

  it("Idempotency-Key: 50 concurrent requests with one key → one effect; replay; other body → 422; too long → 400", async () => {
    const before = await availableCents(m.accountId);
    const body = { amount: 1, pix_key: "bia@example.invalid", pix_key_type: "email" };
    const results = await Promise.all(
      Array.from({ length: 50 }, () => post(m, "/pix/cash-out", body, { "idempotency-key": "key-50" })),
    );
    // the first runs; the rest either find it in flight (409) or replay its answer (201, same body)
    const created = results.filter((r) => r.status === 201);
    expect(new Set(created.map((r) => r.json.id)).size).toBe(1);
    expect(created.filter((r) => r.headers.get("idempotent-replayed") !== "true")).toHaveLength(1);
    expect(results.every((r) => r.status === 201 || r.status === 409)).toBe(true);
    expect(await availableCents(m.accountId)).toBe(before - 100n);

    const replay = await post(m, "/pix/cash-out", body, { "idempotency-key": "key-50" });
    expect(replay.status).toBe(201);
    expect(replay.json).toEqual(created[0]?.json);
    expect(replay.headers.get("idempotent-replayed")).toBe("true");
    expect(await availableCents(m.accountId)).toBe(before - 100n);

    const other = await post(m, "/pix/cash-out", { ...body, amount: 2 }, { "idempotency-key": "key-50" });
    expect(other.status).toBe(422);
    const long = await post(m, "/pix/cash-out", body, { "idempotency-key": "k".repeat(257) });
    expect(long.status).toBe(400);
    expect(long.json).toEqual({ error: { status: 400, message: "Idempotency-Key must be at most 256 characters" } });
  });

  it("Idempotency-Key: a failed (non-2xx) answer is not stored, so a retry runs again", async () => {
    const poor = await fundedMerchant(50n);
    const body = { amount: 1, pix_key: "bia@example.invalid", pix_key_type: "email" };
    expect((await post(poor, "/pix/cash-out", body, { "idempotency-key": "retry-me" })).status).toBe(422);
    await call(gatewayApi(), "GET", "/api/external/balance", { auth: apiKeyAuth(poor) });
    const { creditIncomingPix } = await import("../../server/transfers/incoming");
    await creditIncomingPix(db(), { userId: poor.userId, accountId: poor.accountId, amountCents: 100n });
    expect((await post(poor, "/pix/cash-out", body, { "idempotency-key": "retry-me" })).status).toBe(201);
    expect(await purgeExpiredIdempotencyKeys(db(), new Date(Date.now() + 25 * 3600_000))).toBeGreaterThan(0);
  });

  it("DICT quota: over it the cash-out is queued (202, money held), sent when quota returns, failed after 2 h", async () => {
    process.env.DICT_QUOTA_PER_MINUTE = "1";
    resetConfigForTests();
    const q = await fundedMerchant(10_000n);
    const first = await post(q, "/pix/cash-out", { amount: 10, pix_key: "ana@example.invalid", pix_key_type: "email" });
    expect(first.status).toBe(201);
    const queued = await post(q, "/pix/cash-out", {
      amount: 20,
      pix_key: "ana@example.invalid",
      pix_key_type: "email",
    });
    expect(queued.status).toBe(202);
    expect(queued.json).toMatchObject({ status: "queued", amount: 20 });
    expect(await availableCents(q.accountId)).toBe(10_000n - 3000n);
    expect(await db().outboxEvent.count({ where: { topic: "payout.queued", entryId: queued.json.id } })).toBe(1);

    // quota still spent: stays queued
    expect(await processQueuedPayouts(db(), new Date(Date.now() + 5000))).toEqual({ sent: 0, failed: 0 });
    await dictQuota().forget(q.userId); // a new minute
    expect(await processQueuedPayouts(db(), new Date(Date.now() + 10_000))).toEqual({ sent: 1, failed: 0 });

    const late = await post(q, "/pix/cash-out", { amount: 30, pix_key: "ana@example.invalid", pix_key_type: "email" });
    expect(late.status).toBe(202);
    const result = await processQueuedPayouts(db(), new Date(Date.now() + 2 * 3600_000 + 1000));
    expect(result.failed).toBe(1);
    const entry = await db().ledgerEntry.findFirstOrThrow({ where: { accountId: q.accountId, id: late.json.id } });
    expect(entry.status).toBe("failed");
    expect(await availableCents(q.accountId)).toBe(10_000n - 3000n);
    expect((await verifyLedger(db())).violations).toEqual([]);
    process.env.DICT_QUOTA_PER_MINUTE = "1000";
    resetConfigForTests();
  });

  it("rate limiter: fixed window per IP, x-ratelimit-remaining on 2xx, 429 with Retry-After: 60", async () => {
    process.env.GATEWAY_RATE_PER_MINUTE = "3";
    resetConfigForTests();
    // a caller address of its own, so that windows kept in Redis by other tests do not count
    const ip = `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.${1 + Math.floor(Math.random() * 250)}`;
    const r = await fundedMerchant(1000n, { ipWhitelist: [ip] });
    const seen: (string | null)[] = [];
    for (let i = 0; i < 3; i++) {
      const res = await call(gatewayApi(), "GET", "/api/external/pix/transactions/NothingHere0000000000000000", {
        auth: apiKeyAuth(r),
        ip,
      });
      expect(res.status).toBe(404);
      seen.push(res.headers.get("x-ratelimit-remaining"));
    }
    expect(seen).toEqual([null, null, null]); // not on non-2xx
    const limited = await call(gatewayApi(), "GET", "/api/external/pix/transactions/unknown", {
      auth: apiKeyAuth(r),
      ip,
    });
    expect(limited.status).toBe(429);
    expect(limited.headers.get("retry-after")).toBe("60");
    expect(limited.json).toEqual({ error: { status: 429, message: "Too many requests" } });
    const balance = await call(gatewayApi(), "GET", "/api/external/balance", { auth: apiKeyAuth(r), ip });
    expect(balance.status).toBe(200); // GET /balance skips the limiter
    process.env.GATEWAY_RATE_PER_MINUTE = "1000";
    resetConfigForTests();
  });
});
