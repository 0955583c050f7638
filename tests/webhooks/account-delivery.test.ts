import { createHmac, timingSafeEqual } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accountApi } from "../../server/account-api/app";
import { db } from "../../server/db/client";
import { pool } from "../../server/db/pool";
import { creditIncomingPix } from "../../server/transfers/incoming";
import { activateWebhookConfig, createWebhookConfig } from "../../server/webhooks/account-configs";
import { purgeAccountDeliveries, runDeliveryPass } from "../../server/webhooks/deliver";
import { basic, call, newMerchant } from "../support/fixtures";
import {
  allowPrivateTargets,
  awaitDeliveries,
  movableClock,
  type Receiver,
  relayUntil,
  setEnv,
  startReceiver,
} from "./support";

const M = 60_000;
const H = 60 * M;
const ACCOUNT_GAPS = [0, M, 5 * M, 15 * M, H, 4 * H];

describe("account-surface delivery", () => {
  let receiver: Receiver;

  beforeAll(async () => {
    allowPrivateTargets();
    receiver = await startReceiver((r) => (r.path.startsWith("/down") ? 500 : 204));
  });
  afterAll(async () => {
    await receiver.close();
    setEnv({ WEBHOOK_ALLOW_PRIVATE_TARGETS: undefined });
  });

  async function setup(path: string, credits: number, authHeader: string | null = null) {
    const merchant = await newMerchant();
    const { config } = await createWebhookConfig(db(), merchant.userId, {
      event: ["pix_in:credited"],
      targetUrl: receiver.url(path),
      authHeader,
    });
    for (let i = 0; i < credits; i++) {
      await creditIncomingPix(db(), {
        userId: merchant.userId,
        accountId: merchant.accountId,
        amountCents: 1000n + BigInt(i),
      });
    }
    const deliveries = credits > 0 ? await awaitDeliveries(merchant.userId, credits) : [];
    const pass = (now: Date) => runDeliveryPass(pool(), { now: () => now, userIds: [merchant.userId], limit: 10_000 });
    const hits = () => receiver.requests.filter((r) => r.path === path);
    const state = () => db().webhookConfig.findUniqueOrThrow({ where: { id: config.id } });
    return { merchant, config, deliveries, pass, hits, state };
  }

  /** Runs every attempt of the account schedule from `start`. */
  async function exhaust(pass: (now: Date) => Promise<number>, start: Date) {
    const clock = movableClock(start);
    for (const gap of ACCOUNT_GAPS) await pass(clock.advance(gap));
    return clock;
  }

  it("POSTs { webhookId, userId, accountId, event, object } with the authHeader as Authorization", async () => {
    const { merchant, config, deliveries, pass, hits } = await setup("/acct", 1, "Bearer abc.def");
    await pass(new Date());
    const [request] = hits();
    expect(request?.headers.authorization).toBe("Bearer abc.def");
    expect(request?.headers["content-type"]).toBe("application/json");
    const entry = await db().ledgerEntry.findFirstOrThrow({
      where: { accountId: merchant.accountId, reason: "pix_in:credited" },
    });
    expect(JSON.parse(request?.body ?? "{}")).toEqual({
      webhookId: config.id,
      userId: merchant.userId,
      accountId: merchant.accountId,
      event: "pix_in:credited",
      object: {
        id: entry.id,
        externalId: null,
        status: "succeeded",
        grossAmount: 10,
        feeAmount: 0,
        netAmount: 10,
        endToEndId: entry.endToEndId,
        createdAt: entry.createdAt.getTime(),
        payer: entry.payer,
        receiver: entry.receiver,
      },
    });
    expect(request?.headers["x-service-event-id"]).toBe(deliveries[0]?.id);
  });

  it("signs each delivery with the secret shown once at creation, keeping the authHeader", async () => {
    const merchant = await newMerchant();
    const auth = basic(merchant.clientId, merchant.clientSecret);
    const created = await call(accountApi(), "POST", "/v4/i/webhooks/config", {
      auth,
      body: { event: ["pix_in:credited"], targetUrl: receiver.url("/signed"), authHeader: "Bearer kept" },
    });
    expect(created.status).toBe(200);
    const secret: string = created.json.data.secret;
    expect(secret).toMatch(/^[0-9a-f]{64}$/);
    // shown once: later reads say only that deliveries are signed
    const listed = await call(accountApi(), "GET", "/v4/i/webhooks/config/me", { auth });
    expect(listed.json.data[0]).toMatchObject({ signed: true });
    expect(JSON.stringify(listed.json)).not.toContain(secret);
    const row = await db().webhookConfig.findFirstOrThrow({ where: { userId: merchant.userId } });
    expect(row.secretCiphertext).not.toContain(secret);

    await creditIncomingPix(db(), { userId: merchant.userId, accountId: merchant.accountId, amountCents: 1234n });
    await awaitDeliveries(merchant.userId, 1);
    await runDeliveryPass(pool(), { userIds: [merchant.userId] });
    const [request] = receiver.requests.filter((r) => r.path === "/signed");
    if (!request) throw new Error("nothing delivered");
    const timestamp = String(request.headers["x-service-timestamp"]);
    expect(Math.abs(Number(timestamp) - Date.now() / 1000)).toBeLessThan(300);
    // As a receiver verifies it: HMAC-SHA256(secret, timestamp + "." + raw body), compared in constant time.
    const expected = `sha256=${createHmac("sha256", secret).update(`${timestamp}.${request.body}`).digest("hex")}`;
    const given = String(request.headers["x-service-signature"]);
    expect(given.length).toBe(expected.length);
    expect(timingSafeEqual(Buffer.from(given), Buffer.from(expected))).toBe(true);
    expect(request.headers.authorization).toBe("Bearer kept");
    // a body changed on the way no longer matches
    const tampered = createHmac("sha256", secret).update(`${timestamp}.${request.body} `).digest("hex");
    expect(given).not.toBe(`sha256=${tampered}`);
  });

  it("6 attempts (now, 1, 5, 15 min, 1 h, 4 h), never expires, then failed", async () => {
    const { deliveries, pass, hits } = await setup("/down-schedule", 1);
    const [delivery] = deliveries;
    if (!delivery) throw new Error("no delivery");
    const clock = movableClock(new Date(delivery.createdAt.getTime() + 2 * H)); // late: still sent
    for (const [i, gap] of ACCOUNT_GAPS.entries()) {
      if (i > 0) expect(await pass(clock.advance(gap - 1))).toBe(0);
      expect(await pass(clock.advance(i > 0 ? 1 : 0))).toBe(1);
    }
    expect(await pass(clock.advance(24 * H))).toBe(0);
    expect(hits()).toHaveLength(6);
    expect(await db().webhookDelivery.findUniqueOrThrow({ where: { id: delivery.id } })).toMatchObject({
      status: "failed",
      attempts: 6,
    });
  });

  it("deactivates the configuration after 50 consecutive failed deliveries, not 49; a success resets the count", async () => {
    const { merchant, pass, hits, state, config } = await setup("/down-50", 49);
    await exhaust(pass, new Date());
    expect(hits()).toHaveLength(49 * 6);
    expect(await state()).toMatchObject({ active: true, consecutiveFailures: 49, deactivatedReason: null });

    await creditIncomingPix(db(), { userId: merchant.userId, accountId: merchant.accountId, amountCents: 1n });
    await awaitDeliveries(merchant.userId, 50);
    await exhaust(pass, new Date());
    const off = await state();
    expect(off).toMatchObject({ active: false, consecutiveFailures: 50 });
    expect(off.deactivatedReason).toContain("50 consecutive failed deliveries");
    expect(off.deactivatedAt).not.toBeNull();

    // Inactive: new events are not fanned out to it.
    await creditIncomingPix(db(), { userId: merchant.userId, accountId: merchant.accountId, amountCents: 2n });
    await relayUntil(
      async () => (await db().outboxEvent.count({ where: { userId: merchant.userId, publishedAt: null } })) === 0,
    );
    expect(await db().webhookDelivery.count({ where: { userId: merchant.userId } })).toBe(50);
    await pass(new Date(Date.now() + 10 * H));
    expect(hits()).toHaveLength(50 * 6);

    // Reactivated and answering: the streak starts over.
    await activateWebhookConfig(db(), merchant.userId, config.id);
    await db().webhookConfig.update({ where: { id: config.id }, data: { consecutiveFailures: 3 } });
    await db().webhookConfig.update({ where: { id: config.id }, data: { targetUrl: receiver.url("/up-again") } });
    await creditIncomingPix(db(), { userId: merchant.userId, accountId: merchant.accountId, amountCents: 3n });
    const all = await awaitDeliveries(merchant.userId, 51);
    const fresh = all.filter((d) => d.status === "pending");
    expect(fresh).toHaveLength(1);
    await pass(new Date(Date.now() + 11 * H));
    expect(await state()).toMatchObject({ active: true, consecutiveFailures: 0 });
  });

  it("pending deliveries of a configuration switched off are dropped, not sent", async () => {
    const { merchant, config, deliveries, pass, hits } = await setup("/switched-off", 2);
    await db().webhookConfig.update({ where: { id: config.id }, data: { active: false } });
    expect(await pass(new Date())).toBe(2);
    expect(hits()).toHaveLength(0);
    const after = await db().webhookDelivery.findMany({ where: { id: { in: deliveries.map((d) => d.id) } } });
    expect(after.every((d) => d.status === "failed" && d.lastError === "configuration inactive")).toBe(true);
    expect(merchant).toBeTruthy();
  });

  it("purges account-surface delivery records (and their attempts) older than 7 days; gateway ones stay", async () => {
    const { deliveries, pass } = await setup("/purge", 2);
    await pass(new Date());
    const [old, recent] = deliveries;
    if (!old || !recent) throw new Error("expected two");
    const eightDaysAgo = new Date(Date.now() - 8 * 24 * H);
    await db().webhookDelivery.update({ where: { id: old.id }, data: { createdAt: eightDaysAgo } });
    const gateway = await db().webhookDelivery.create({
      data: {
        id: crypto.randomUUID(),
        surface: "gateway",
        userId: old.userId,
        targetKey: `gw:test:${crypto.randomUUID()}`,
        eventType: "webhook.test",
        payload: {},
        status: "delivered",
        createdAt: eightDaysAgo,
      },
    });
    expect(await purgeAccountDeliveries(db(), new Date(), 1)).toBeGreaterThanOrEqual(1);
    expect(await db().webhookDelivery.findUnique({ where: { id: old.id } })).toBeNull();
    expect(await db().webhookAttempt.count({ where: { deliveryId: old.id } })).toBe(0);
    expect(await db().webhookDelivery.findUnique({ where: { id: recent.id } })).not.toBeNull();
    expect(await db().webhookDelivery.findUnique({ where: { id: gateway.id } })).not.toBeNull();
  });
});
