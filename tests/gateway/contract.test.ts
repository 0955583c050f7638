/** Contract fixes of the gateway (interface 4.1, 6.1, 8): each one's observable behaviour. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "../../server/db/client";
import { verifyLedger } from "../../server/ledger/verify";
import { dictQuota } from "../../server/payouts/cash-out";
import { processQueuedPayouts } from "../../server/payouts/queue";
import { registerPixKey } from "../../server/pix/platform-keys";
import { creditIncomingPix } from "../../server/transfers/incoming";
import { availableCents, fundedMerchant } from "../support/fixtures";
import { relayUntil, setEnv } from "../webhooks/support";
import { post } from "./support";

const TARGET = "https://192.0.2.1/pix-hook";

async function deliveryOf(userId: string, eventType: string) {
  await relayUntil(async () => (await db().webhookDelivery.count({ where: { userId, eventType } })) > 0);
  return db().webhookDelivery.findFirstOrThrow({ where: { userId, eventType } });
}

describe("gateway contract", () => {
  beforeAll(() => {
    setEnv({ GATEWAY_RATE_PER_MINUTE: "1000", DICT_QUOTA_PER_MINUTE: "1000", SANDBOX_SETTLEMENT_DELAY_MS: "0" });
  });
  afterAll(() => setEnv({ IDEMPOTENCY_KEY_MAX_LENGTH: undefined, IDEMPOTENCY_TTL_MS: undefined }));

  it("a refund through /pix/refund emits pix.refund.completed and marks the refunded entry", async () => {
    const m = await fundedMerchant(0n);
    await post(m, "/webhooks", { url: TARGET, events: ["pix.refund.completed"] });
    const credit = await creditIncomingPix(db(), { userId: m.userId, accountId: m.accountId, amountCents: 5_000n });
    const refund = await post(m, "/pix/refund", { end_to_end_id: credit.endToEndId, amount: 20 });
    expect(refund.status).toBe(201);
    const delivery = await deliveryOf(m.userId, "pix.refund.completed");
    expect((delivery.payload as { data: object }).data).toMatchObject({
      id: refund.json.id,
      status: "settled",
      amount: 20,
      original_end_to_end_id: credit.endToEndId,
    });
    const original = await db().ledgerEntry.findUniqueOrThrow({ where: { seq: credit.seq } });
    expect(original.refundedEndToEndId).toBe(refund.json.end_to_end_id);
  });

  it("charge metadata appears in the charge's webhook payloads", async () => {
    const m = await fundedMerchant(0n);
    await post(m, "/webhooks", { url: TARGET, events: ["pix.charge.created"] });
    const cashIn = await post(m, "/pix/cash-in", { amount: 3, metadata: { order: "A-7" } });
    expect(cashIn.status).toBe(201);
    const delivery = await deliveryOf(m.userId, "pix.charge.created");
    expect((delivery.payload as { data: object }).data).toMatchObject({ metadata: { order: "A-7" } });
  });

  it("400 above the per-transaction maximum (the amount schema), nothing held", async () => {
    const m = await fundedMerchant(1_000n);
    const res = await post(m, "/pix/cash-out", {
      amount: 1_000_001,
      pix_key: "ana@example.invalid",
      pix_key_type: "email",
    });
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.json)).toContain("must be at most 1000000.00");
    expect(await availableCents(m.accountId)).toBe(1_000n);
  });

  describe("queued cash-outs", () => {
    beforeAll(() => setEnv({ DICT_QUOTA_PER_MINUTE: "1" }));
    afterAll(() => setEnv({ DICT_QUOTA_PER_MINUTE: "1000" }));

    it("to the sender's own key: refused as the synchronous path refuses it, nothing held", async () => {
      const m = await fundedMerchant(10_000n);
      const own = `own-${m.accountId}@example.test`;
      await registerPixKey(db(), m.accountId, "EMAIL", own);
      const sync = await post(m, "/pix/cash-out", { amount: 1, pix_key: own, pix_key_type: "email" });
      const queued = await post(m, "/pix/cash-out", { amount: 1, pix_key: own, pix_key_type: "email" });
      expect([sync.status, queued.status]).toEqual([400, 400]);
      expect(queued.json).toEqual(sync.json);
      expect(await availableCents(m.accountId)).toBe(10_000n);
    });

    it("pix.payout.processing when the payout leaves the DICT queue", async () => {
      const m = await fundedMerchant(10_000n);
      await post(m, "/webhooks", { url: TARGET, events: ["pix.payout.queued", "pix.payout.processing"] });
      const body = { amount: 10, pix_key: "ana@example.invalid", pix_key_type: "email" };
      expect((await post(m, "/pix/cash-out", body)).status).toBe(201);
      await deliveryOf(m.userId, "pix.payout.processing");
      const queued = await post(m, "/pix/cash-out", { ...body, amount: 20 });
      expect(queued.status).toBe(202);
      await deliveryOf(m.userId, "pix.payout.queued");
      const processingOf = () =>
        db().webhookDelivery.findMany({ where: { userId: m.userId, eventType: "pix.payout.processing" } });
      expect(await processingOf()).toHaveLength(1);

      await dictQuota().forget(m.userId); // a new minute
      expect(await processQueuedPayouts(db(), new Date(Date.now() + 10_000))).toMatchObject({ sent: 1 });
      await relayUntil(async () => (await processingOf()).length === 2);
      const ids = (await processingOf()).map((d) => (d.payload as { data: { id: string } }).data.id);
      expect(ids).toContain(queued.json.id);
      expect((await verifyLedger(db())).violations).toEqual([]);
    });
  });

  it("Idempotency-Key limits are settings", async () => {
    setEnv({ IDEMPOTENCY_KEY_MAX_LENGTH: "10", IDEMPOTENCY_TTL_MS: "60000" });
    const m = await fundedMerchant(1_000n);
    const body = { amount: 1, pix_key: "ana@example.invalid", pix_key_type: "email" };
    const long = await post(m, "/pix/cash-out", body, { "idempotency-key": "k".repeat(11) });
    expect(long.json).toEqual({ error: { status: 400, message: "Idempotency-Key must be at most 10 characters" } });
    expect((await post(m, "/pix/cash-out", body, { "idempotency-key": "k".repeat(10) })).status).toBe(201);
    const record = await db().idempotencyRecord.findFirstOrThrow({ where: { key: "k".repeat(10) } });
    expect(record.expiresAt.getTime() - record.createdAt.getTime()).toBe(60_000);
  });
});
