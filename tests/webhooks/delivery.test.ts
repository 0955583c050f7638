import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCharge } from "../../server/charges/service";
import { db } from "../../server/db/client";
import { pool } from "../../server/db/pool";
import { runDeliveryPass } from "../../server/webhooks/deliver";
import { registerGatewayWebhook, replayDelivery, sendTestEvent } from "../../server/webhooks/gateway";
import { signatureOf } from "../../server/webhooks/signature";
import { newMerchant } from "../support/fixtures";
import { allowPrivateTargets, awaitDeliveries, movableClock, type Receiver, setEnv, startReceiver } from "./support";

const S = 1000;
const M = 60 * S;
const H = 60 * M;

describe("gateway delivery against a local receiver", () => {
  let receiver: Receiver;

  beforeAll(async () => {
    allowPrivateTargets();
    receiver = await startReceiver();
  });
  afterAll(async () => {
    await receiver.close();
    setEnv({ WEBHOOK_ALLOW_PRIVATE_TARGETS: undefined, WEBHOOK_GATEWAY_TIMEOUT_MS: undefined });
  });

  /** A merchant with one registration and one `pix.charge.created` delivery waiting. */
  async function oneDelivery(path: string, options: { secret?: string | null } = {}) {
    const merchant = await newMerchant();
    const { webhook, secret } = await registerGatewayWebhook(db(), merchant.userId, {
      url: receiver.url(path),
      events: ["pix.charge.created"],
      allowInsecure: true,
      ...(options.secret !== undefined ? { secret: options.secret } : {}),
    });
    const charge = await createCharge(db(), {
      userId: merchant.userId,
      accountId: merchant.accountId,
      amountCents: 1234n,
      externalId: `order-${path.slice(1)}`,
    });
    const [delivery] = await awaitDeliveries(merchant.userId, 1);
    if (!delivery) throw new Error("no delivery");
    const pass = (now: Date) => runDeliveryPass(pool(), { now: () => now, userIds: [merchant.userId] });
    const hits = () => receiver.requests.filter((r) => r.path === path);
    return { merchant, webhook, secret, charge, delivery, pass, hits };
  }

  it("sends the 6.1 headers and a body whose signature checks with the secret", async () => {
    const { secret, delivery, charge, pass, hits, webhook } = await oneDelivery("/signed");
    const clock = movableClock(delivery.createdAt);
    expect(await pass(clock.advance(100))).toBe(1);
    const [request] = hits();
    if (!request || !secret) throw new Error("expected a request and a secret");
    const timestamp = Math.floor(clock.now().getTime() / 1000);
    expect(request.headers).toMatchObject({
      "content-type": "application/json",
      "user-agent": "Service-Webhook/1.0",
      "x-service-event-id": delivery.id,
      "x-service-event-type": "pix.charge.created",
      "x-service-timestamp": String(timestamp),
      "x-service-signature": signatureOf(secret, timestamp, request.body),
    });
    expect(JSON.parse(request.body)).toEqual({
      id: delivery.id,
      type: "pix.charge.created",
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      data: {
        id: charge.txId,
        status: "created",
        amount: 12.34,
        tx_id: charge.txId,
        external_id: "order-signed",
        expires_at: charge.expiresAt.toISOString(),
      },
    });
    expect(Object.keys(JSON.parse(request.body))).toEqual(["id", "type", "created_at", "data"]);
    const stored = await db().webhookDelivery.findUniqueOrThrow({ where: { id: delivery.id } });
    expect(stored).toMatchObject({ status: "delivered", attempts: 1, lastStatusCode: 204, lockedUntil: null });
    expect(webhook.secretCiphertext).not.toContain(secret);
  });

  it("walks the whole schedule with a moved clock: 8 attempts at 0, 30 s, 2, 10, 30 min, 1, 2, 4 h, then failed", async () => {
    const { delivery, pass, hits } = await oneDelivery("/always-500");
    receiver.respondWith((r) => (r.path === "/always-500" ? 500 : 204));
    const clock = movableClock(delivery.createdAt);
    const gaps = [0, 30 * S, 2 * M, 10 * M, 30 * M, H, 2 * H, 4 * H];
    for (const [i, gap] of gaps.entries()) {
      clock.advance(gap - 1);
      if (i > 0) expect(await pass(clock.now()), `attempt ${i + 1} not yet due`).toBe(0);
      expect(await pass(clock.advance(1)), `attempt ${i + 1}`).toBe(1);
      const state = await db().webhookDelivery.findUniqueOrThrow({ where: { id: delivery.id } });
      expect(state.attempts).toBe(i + 1);
      expect(state.status).toBe(i < 7 ? "pending" : "failed");
    }
    expect(await pass(clock.advance(24 * H))).toBe(0);
    expect(hits()).toHaveLength(8);
    expect(new Set(hits().map((r) => r.headers["x-service-event-id"]))).toEqual(new Set([delivery.id]));
    const attempts = await db().webhookAttempt.findMany({
      where: { deliveryId: delivery.id },
      orderBy: { number: "asc" },
    });
    expect(attempts.map((a) => a.number)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(attempts.every((a) => a.statusCode === 500 && a.error === "HTTP 500")).toBe(true);
    const starts = attempts.map((a) => a.startedAt.getTime());
    expect(starts.slice(1).map((t, i) => t - (starts[i] as number))).toEqual(gaps.slice(1));
    receiver.respondWith(() => 204);
  });

  it("delivers on the first 2xx and stops; a redirect is not followed and counts as a failure", async () => {
    const { delivery, pass, hits } = await oneDelivery("/third-time");
    receiver.respondWith((r) =>
      r.path !== "/third-time" ? 204 : hits().length === 1 ? 302 : hits().length === 2 ? 503 : 201,
    );
    const clock = movableClock(delivery.createdAt);
    await pass(clock.now());
    await pass(clock.advance(30 * S));
    await pass(clock.advance(2 * M));
    await pass(clock.advance(10 * M));
    expect(hits()).toHaveLength(3);
    const state = await db().webhookDelivery.findUniqueOrThrow({ where: { id: delivery.id } });
    expect(state).toMatchObject({ status: "delivered", attempts: 3, lastStatusCode: 201, lastError: null });
    expect(state.deliveredAt?.getTime()).toBe(clock.now().getTime() - 10 * M);
    receiver.respondWith(() => 204);
  });

  it("an answer later than the timeout is a failed attempt", async () => {
    setEnv({ WEBHOOK_GATEWAY_TIMEOUT_MS: "200" });
    const { delivery, pass } = await oneDelivery("/slow");
    receiver.respondWith(async (r) => {
      if (r.path === "/slow") await new Promise((resolve) => setTimeout(resolve, 600));
      return 204;
    });
    await pass(new Date(delivery.createdAt.getTime() + 1));
    const state = await db().webhookDelivery.findUniqueOrThrow({ where: { id: delivery.id } });
    expect(state).toMatchObject({ status: "pending", attempts: 1, lastStatusCode: null });
    expect(state.lastError).toContain("timed out after 200 ms");
    setEnv({ WEBHOOK_GATEWAY_TIMEOUT_MS: undefined });
    receiver.respondWith(() => 204);
  });

  it("says `unsigned` when registered with secret: null", async () => {
    const { delivery, pass, hits, secret } = await oneDelivery("/unsigned", { secret: null });
    expect(secret).toBeNull();
    await pass(new Date(delivery.createdAt.getTime() + 1));
    expect(hits()[0]?.headers["x-service-signature"]).toBe("unsigned");
  });

  it("expires (nothing sent) when the first attempt would start more than 5 minutes after creation", async () => {
    const { delivery, pass, hits } = await oneDelivery("/late");
    expect(await pass(new Date(delivery.createdAt.getTime() + 5 * M + 1))).toBe(1);
    const state = await db().webhookDelivery.findUniqueOrThrow({ where: { id: delivery.id } });
    expect(state).toMatchObject({ status: "expired", attempts: 0 });
    expect(hits()).toHaveLength(0);
    expect(await db().webhookAttempt.count({ where: { deliveryId: delivery.id } })).toBe(0);
  });

  it("is not expired at exactly 5 minutes", async () => {
    const { delivery, pass, hits } = await oneDelivery("/just-in-time");
    await pass(new Date(delivery.createdAt.getTime() + 5 * M));
    expect(hits()).toHaveLength(1);
  });

  it("manual replay: expired, failed or delivered go back to pending with the same event id, and never expire", async () => {
    const { merchant, delivery, pass, hits } = await oneDelivery("/replay");
    const late = new Date(delivery.createdAt.getTime() + H);
    await pass(late);
    expect((await db().webhookDelivery.findUniqueOrThrow({ where: { id: delivery.id } })).status).toBe("expired");

    const replayed = await replayDelivery(db(), merchant.userId, delivery.id, { now: late });
    expect(replayed).toMatchObject({ id: delivery.id, status: "pending", manualReplay: true, attempts: 0 });
    await expect(replayDelivery(db(), merchant.userId, delivery.id, { now: late })).rejects.toMatchObject({
      status: 409,
    });
    await pass(new Date(late.getTime() + 10 * M)); // well past 5 minutes: a replay does not expire
    expect(hits()).toHaveLength(1);
    expect(hits()[0]?.headers["x-service-event-id"]).toBe(delivery.id);
    expect(JSON.parse(hits()[0]?.body ?? "{}").id).toBe(delivery.id);

    // delivered → replay sends it again
    await replayDelivery(db(), merchant.userId, delivery.id, { now: new Date(late.getTime() + 2 * H) });
    await pass(new Date(late.getTime() + 2 * H));
    expect(hits()).toHaveLength(2);
    const other = await newMerchant();
    await expect(replayDelivery(db(), other.userId, delivery.id)).rejects.toMatchObject({ status: 404 });
  });

  it("manual replay of a failed delivery restarts its schedule", async () => {
    const { merchant, delivery, pass, hits } = await oneDelivery("/fail-then-ok");
    receiver.respondWith((r) => (r.path === "/fail-then-ok" ? 500 : 204));
    const clock = movableClock(delivery.createdAt);
    for (const gap of [0, 30 * S, 2 * M, 10 * M, 30 * M, H, 2 * H, 4 * H]) await pass(clock.advance(gap));
    expect((await db().webhookDelivery.findUniqueOrThrow({ where: { id: delivery.id } })).status).toBe("failed");
    receiver.respondWith(() => 204);
    await replayDelivery(db(), merchant.userId, delivery.id, { now: clock.advance(H) });
    await pass(clock.now());
    expect(hits()).toHaveLength(9);
    const state = await db().webhookDelivery.findUniqueOrThrow({ where: { id: delivery.id } });
    expect(state).toMatchObject({ status: "delivered", attempts: 1, manualReplay: true });
  });

  it("webhook.test goes to one registration on request, with status `test`", async () => {
    const merchant = await newMerchant();
    const { webhook } = await registerGatewayWebhook(db(), merchant.userId, {
      url: receiver.url("/test-event"),
      events: ["pix.payout.confirmed"],
      allowInsecure: true,
    });
    const delivery = await sendTestEvent(db(), merchant.userId, webhook.id);
    await runDeliveryPass(pool(), { userIds: [merchant.userId] });
    const request = receiver.requests.find((r) => r.path === "/test-event");
    expect(request?.headers["x-service-event-type"]).toBe("webhook.test");
    expect(JSON.parse(request?.body ?? "{}")).toMatchObject({
      id: delivery.id,
      type: "webhook.test",
      data: { status: "test" },
    });
    await expect(sendTestEvent(db(), (await newMerchant()).userId, webhook.id)).rejects.toMatchObject({ status: 404 });
  });

  it("refuses at delivery a target that became private (guard on every connection)", async () => {
    const { delivery, pass, hits } = await oneDelivery("/now-private");
    allowPrivateTargets(false);
    try {
      await pass(new Date(delivery.createdAt.getTime() + 1));
    } finally {
      allowPrivateTargets(true);
    }
    expect(hits()).toHaveLength(0);
    const state = await db().webhookDelivery.findUniqueOrThrow({ where: { id: delivery.id } });
    expect(state.status).toBe("pending");
    expect(state.lastError).toContain("non-public address (127.0.0.1)");
  });
});
