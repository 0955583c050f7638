import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCharge } from "../../server/charges/service";
import { databaseUrl } from "../../server/config";
import { db } from "../../server/db/client";
import { pool } from "../../server/db/pool";
import { creditIncomingPix } from "../../server/transfers/incoming";
import { createWebhookConfig } from "../../server/webhooks/account-configs";
import { attemptDelivery, claimDueDeliveries, runDeliveryPass } from "../../server/webhooks/deliver";
import { startDeliveryLoop } from "../../server/webhooks/delivery-loop";
import { fanOutEvent } from "../../server/webhooks/fanout";
import { deleteGatewayWebhook, registerGatewayWebhook } from "../../server/webhooks/gateway";
import { newMerchant } from "../support/fixtures";
import { allowPrivateTargets, awaitDeliveries, type Receiver, relayUntil, setEnv, startReceiver } from "./support";

describe("delivery under concurrency and crashes", () => {
  let receiver: Receiver;

  beforeAll(async () => {
    allowPrivateTargets();
    receiver = await startReceiver(async () => {
      await new Promise((r) => setTimeout(r, 5)); // keep attempts in flight while the other worker claims
      return 204;
    });
  });
  afterAll(async () => {
    await receiver.close();
    setEnv({ WEBHOOK_ALLOW_PRIVATE_TARGETS: undefined });
  });

  async function merchantWithCredits(path: string, count: number) {
    const merchant = await newMerchant();
    await createWebhookConfig(db(), merchant.userId, { event: ["*"], targetUrl: receiver.url(path) });
    for (let i = 0; i < count; i++) {
      await creditIncomingPix(db(), {
        userId: merchant.userId,
        accountId: merchant.accountId,
        amountCents: 100n + BigInt(i),
      });
    }
    const deliveries = await awaitDeliveries(merchant.userId, count);
    return { merchant, deliveries, hits: () => receiver.requests.filter((r) => r.path === path) };
  }

  it("two workers racing (separate connection pools) send each delivery exactly once", async () => {
    const { merchant, deliveries, hits } = await merchantWithCredits("/race", 60);
    const other = new pg.Pool({ connectionString: databaseUrl(), max: 5 });
    const loops = [
      startDeliveryLoop(pool(), { concurrency: 8, pollMs: 10, userIds: [merchant.userId] }),
      startDeliveryLoop(other, { concurrency: 8, pollMs: 10, userIds: [merchant.userId] }),
    ];
    const deadline = Date.now() + 15_000;
    while ((await db().webhookDelivery.count({ where: { userId: merchant.userId, status: "delivered" } })) < 60) {
      if (Date.now() > deadline) throw new Error("not all delivered");
      await new Promise((r) => setTimeout(r, 20));
    }
    await Promise.all(loops.map((l) => l.stop()));
    await other.end();
    expect(hits()).toHaveLength(60);
    const ids = hits().map((r) => String(r.headers["x-service-event-id"]));
    expect(new Set(ids)).toEqual(new Set(deliveries.map((d) => d.id)));
    const attempts = await db().webhookAttempt.findMany({ where: { deliveryId: { in: deliveries.map((d) => d.id) } } });
    expect(attempts).toHaveLength(60);
    expect(attempts.every((a) => a.number === 1)).toBe(true);
  });

  it("two passes claiming at the same instant split the work without overlap", async () => {
    const { merchant, hits } = await merchantWithCredits("/race-pass", 40);
    const now = new Date(Date.now() + 1000);
    const other = new pg.Pool({ connectionString: databaseUrl(), max: 5 });
    const [a, b] = await Promise.all([
      runDeliveryPass(pool(), { now: () => now, concurrency: 4, userIds: [merchant.userId] }),
      runDeliveryPass(other, { now: () => now, concurrency: 4, userIds: [merchant.userId] }),
    ]);
    await other.end();
    expect((a ?? 0) + (b ?? 0)).toBe(40);
    expect(hits()).toHaveLength(40);
    expect(new Set(hits().map((r) => r.headers["x-service-event-id"])).size).toBe(40);
  });

  it("a worker killed mid-delivery: nothing until its lease runs out, then sent again (at-least-once)", async () => {
    const { merchant, deliveries, hits } = await merchantWithCredits("/killed", 3);
    const t0 = new Date(Date.now() + 1000);
    const lease = 60_000;
    // The doomed worker claims and dies before sending or releasing.
    const stale = await claimDueDeliveries(pool(), { now: t0, limit: 10, leaseMs: lease, userIds: [merchant.userId] });
    expect(stale).toHaveLength(3);
    const pass = (at: number) => runDeliveryPass(pool(), { now: () => new Date(at), userIds: [merchant.userId] });
    expect(await pass(t0.getTime() + 1)).toBe(0);
    expect(await pass(t0.getTime() + lease - 1)).toBe(0);
    expect(hits()).toHaveLength(0);
    expect(await pass(t0.getTime() + lease)).toBe(3);
    expect(hits()).toHaveLength(3);
    const after = await db().webhookDelivery.findMany({ where: { id: { in: deliveries.map((d) => d.id) } } });
    expect(after.every((d) => d.status === "delivered" && d.attempts === 2 && d.lockedUntil === null)).toBe(true);

    // The dead worker wakes up and finishes its stale attempt: its release must not undo the delivery.
    const [first] = stale;
    if (!first) throw new Error("no claim");
    const failing = async () => ({ statusCode: 500, error: "HTTP 500", durationMs: 1 });
    await attemptDelivery(
      pool(),
      first,
      { url: receiver.url("/killed"), secret: null, authHeader: null },
      {
        now: () => new Date(t0.getTime() + lease + 5),
        transport: failing,
      },
    );
    const untouched = await db().webhookDelivery.findUniqueOrThrow({ where: { id: first.id } });
    expect(untouched).toMatchObject({ status: "delivered", attempts: 2, lastStatusCode: 204 });
  });
});

describe("fan-out", () => {
  beforeAll(() => allowPrivateTargets());

  it("is idempotent: relaying the same events again (or concurrently) never duplicates a delivery", async () => {
    const merchant = await newMerchant();
    await registerGatewayWebhook(db(), merchant.userId, {
      url: "http://127.0.0.1:9/gw",
      events: ["pix.charge.created", "pix.charge.paid", "pix.charge.expired"],
      allowInsecure: true,
    });
    await registerGatewayWebhook(db(), merchant.userId, {
      url: "http://127.0.0.1:9/gw-2",
      events: ["pix.charge.created"],
      allowInsecure: true,
    });
    await createWebhookConfig(db(), merchant.userId, {
      event: ["pix_in:credited"],
      targetUrl: "http://127.0.0.1:9/acct",
    });
    await createWebhookConfig(db(), merchant.userId, {
      event: ["pix_out:processing"],
      targetUrl: "http://127.0.0.1:9/x",
    });
    await createCharge(db(), { userId: merchant.userId, accountId: merchant.accountId, amountCents: 500n });
    await creditIncomingPix(db(), { userId: merchant.userId, accountId: merchant.accountId, amountCents: 700n });
    // charge.created → 2 registrations; credit → the pix_in:credited config only
    const first = await awaitDeliveries(merchant.userId, 3);
    await relayUntil(
      async () => (await db().outboxEvent.count({ where: { userId: merchant.userId, publishedAt: null } })) === 0,
    );
    expect(first.map((d) => d.eventType).sort()).toEqual([
      "pix.charge.created",
      "pix.charge.created",
      "pix_in:credited",
    ]);

    const events = await db().outboxEvent.findMany({ where: { userId: merchant.userId } });
    expect(events.length).toBeGreaterThanOrEqual(2);
    const again = await Promise.all(
      events.flatMap((e) => [fanOutEvent(pool(), e), fanOutEvent(pool(), e), fanOutEvent(pool(), e)]),
    );
    expect(again.every((n) => n === 0)).toBe(true);
    expect(await db().webhookDelivery.count({ where: { userId: merchant.userId } })).toBe(3);
  });

  it("a fresh event fanned out by racing relays yields one delivery per target", async () => {
    const merchant = await newMerchant();
    await createWebhookConfig(db(), merchant.userId, { event: ["*"], targetUrl: "http://127.0.0.1:9/a" });
    await createWebhookConfig(db(), merchant.userId, { event: ["pix_in:credited"], targetUrl: "http://127.0.0.1:9/b" });
    await creditIncomingPix(db(), { userId: merchant.userId, accountId: merchant.accountId, amountCents: 100n });
    const [event] = await db().outboxEvent.findMany({ where: { userId: merchant.userId, topic: "entry.created" } });
    if (!event) throw new Error("no event");
    const created = await Promise.all(Array.from({ length: 6 }, () => fanOutEvent(pool(), event)));
    expect(created.reduce((a, b) => a + b, 0)).toBe(2);
    const deliveries = await db().webhookDelivery.findMany({ where: { sourceEventId: event.id } });
    expect(deliveries).toHaveLength(2);
    expect(deliveries[0]?.payload).toMatchObject({
      userId: merchant.userId,
      accountId: merchant.accountId,
      event: "pix_in:credited",
    });
  });

  it("skips inactive configurations, deleted registrations and other merchants' targets", async () => {
    const merchant = await newMerchant();
    const stranger = await newMerchant();
    await createWebhookConfig(db(), stranger.userId, { event: ["*"], targetUrl: "http://127.0.0.1:9/s" });
    const { config } = await createWebhookConfig(db(), merchant.userId, {
      event: ["*"],
      targetUrl: "http://127.0.0.1:9/m",
    });
    await db().webhookConfig.update({ where: { id: config.id }, data: { active: false } });
    const { webhook } = await registerGatewayWebhook(db(), merchant.userId, {
      url: "http://127.0.0.1:9/gone",
      events: ["pix.charge.created"],
      allowInsecure: true,
    });
    await deleteGatewayWebhook(db(), merchant.userId, webhook.id);
    await creditIncomingPix(db(), { userId: merchant.userId, accountId: merchant.accountId, amountCents: 100n });
    await createCharge(db(), { userId: merchant.userId, accountId: merchant.accountId, amountCents: 100n });
    await relayUntil(
      async () => (await db().outboxEvent.count({ where: { userId: merchant.userId, publishedAt: null } })) === 0,
    );
    expect(await db().webhookDelivery.count({ where: { userId: { in: [merchant.userId, stranger.userId] } } })).toBe(0);
  });
});
