import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resetConfigForTests } from "../../server/config";
import { db } from "../../server/db/client";
import { pool } from "../../server/db/pool";
import { createCallerFactory } from "../../server/trpc/init";
import { appRouter } from "../../server/trpc/routers";
import { runDeliveryPass } from "../../server/webhooks/deliver";
import { allowPrivateTargets, type Receiver, relayUntil, startReceiver } from "../webhooks/support";
import { apiPixMerchant, paidCharge, pixCall, pixToKey, registerEvpKey } from "./support";

const apiPixDeliveries = (userId: string) =>
  db().webhookDelivery.findMany({ where: { userId, surface: "api_pix" }, orderBy: { createdAt: "asc" } });

describe("API Pix webhook deliveries: { pix: [...] } at {webhookUrl}/pix", () => {
  let receiver: Receiver;
  let shop: Awaited<ReturnType<typeof apiPixMerchant>>;
  let key: string;

  beforeAll(async () => {
    process.env.SANDBOX_SETTLEMENT_DELAY_MS = "0";
    resetConfigForTests();
    allowPrivateTargets(true);
    receiver = await startReceiver(() => 200);
    shop = await apiPixMerchant();
    key = await registerEvpKey(shop.accountId);
    const put = await pixCall(shop.bearer, "PUT", `/webhook/${key}`, { body: { webhookUrl: receiver.url("/erp/") } });
    expect(put.status).toBe(200);
  });
  afterAll(async () => {
    allowPrivateTargets(false);
    await receiver.close();
  });

  it("posts a paid charge's PIX, then again when its refund is DEVOLVIDO; a PIX without txid is not sent", async () => {
    const paid = await paidCharge(shop, 4_200n, { name: "Ana Pagadora" });
    await pixToKey(shop, key, 300n);
    await relayUntil(async () => (await apiPixDeliveries(shop.userId)).length >= 1);
    await runDeliveryPass(pool(), { userIds: [shop.userId] });

    expect(receiver.requests).toHaveLength(1);
    const first = receiver.requests[0];
    expect(first?.path).toBe("/erp/pix");
    expect(first?.headers["content-type"]).toBe("application/json");
    expect(first?.headers["x-service-event-type"]).toBe("pix.received");
    expect(JSON.parse(first?.body ?? "")).toEqual({
      pix: [
        {
          endToEndId: paid.endToEndId,
          txid: paid.txId,
          valor: "42.00",
          componentesValor: { original: { valor: "42.00" } },
          chave: key,
          horario: paid.credit.createdAt.toISOString(),
          devolucoes: [],
        },
      ],
    });

    const refund = await pixCall(shop.bearer, "PUT", `/pix/${paid.endToEndId}/devolucao/wh1`, {
      body: { valor: "2.00" },
    });
    expect(refund.status).toBe(201);
    await relayUntil(async () => (await apiPixDeliveries(shop.userId)).length >= 2);
    await runDeliveryPass(pool(), { userIds: [shop.userId] });

    expect(receiver.requests).toHaveLength(2);
    const second = receiver.requests[1];
    expect(second?.path).toBe("/erp/pix");
    expect(second?.headers["x-service-event-type"]).toBe("pix.refund");
    const body = JSON.parse(second?.body ?? "");
    expect(body.pix[0].endToEndId).toBe(paid.endToEndId);
    expect(body.pix[0].devolucoes).toEqual([
      expect.objectContaining({ id: "wh1", rtrId: refund.json.rtrId, valor: "2.00", status: "DEVOLVIDO" }),
    ]);

    // The delivery log (the dashboard's) records both, delivered, with their attempts.
    const deliveries = await apiPixDeliveries(shop.userId);
    expect(deliveries.map((d) => [d.eventType, d.status])).toEqual([
      ["pix.received", "delivered"],
      ["pix.refund", "delivered"],
    ]);
    expect(await db().webhookAttempt.count({ where: { deliveryId: { in: deliveries.map((d) => d.id) } } })).toBe(2);
  });

  it("retries a failed delivery on the schedule, and gives up pending ones when the webhook is removed", async () => {
    const merchant = await apiPixMerchant();
    const chave = await registerEvpKey(merchant.accountId);
    receiver.respondWith(() => 500);
    try {
      expect(
        (await pixCall(merchant.bearer, "PUT", `/webhook/${chave}`, { body: { webhookUrl: receiver.url("/down") } }))
          .status,
      ).toBe(200);
      await paidCharge(merchant, 100n);
      await relayUntil(async () => (await apiPixDeliveries(merchant.userId)).length >= 1);
      await runDeliveryPass(pool(), { userIds: [merchant.userId] });
      const [failed] = await apiPixDeliveries(merchant.userId);
      expect(failed).toMatchObject({ status: "pending", attempts: 1, lastStatusCode: 500 });
      expect(failed?.nextAttemptAt.getTime()).toBeGreaterThan(Date.now());

      expect((await pixCall(merchant.bearer, "DELETE", `/webhook/${chave}`)).status).toBe(204);
      const [given] = await apiPixDeliveries(merchant.userId);
      expect(given).toMatchObject({ status: "failed", lastError: "webhook deleted" });
    } finally {
      receiver.respondWith(() => 200);
    }
  });

  it("sends nothing for a key without webhook, nor to another merchant's webhook", async () => {
    const quiet = await apiPixMerchant();
    await registerEvpKey(quiet.accountId);
    const before = receiver.requests.length;
    const paid = await paidCharge(quiet, 700n);
    await relayUntil(
      async () => (await db().outboxEvent.count({ where: { entryId: paid.endToEndId, publishedAt: null } })) === 0,
    );
    await runDeliveryPass(pool(), { userIds: [quiet.userId, shop.userId] });
    expect(await apiPixDeliveries(quiet.userId)).toEqual([]);
    expect(receiver.requests.length).toBe(before);
  });

  it("shows each webhook and its delivery log on the dashboard, to its merchant only", async () => {
    const dashboard = (userId: string) =>
      createCallerFactory(appRouter)({
        user: { id: userId, email: "someone@example.test", name: "Someone", role: "MERCHANT" },
      }).webhooks.apiPix;
    const { webhooks } = await dashboard(shop.userId).list();
    expect(webhooks).toEqual([expect.objectContaining({ chave: key, webhookUrl: receiver.url("/erp/") })]);
    const webhookId = webhooks[0]?.webhookId as string;
    const log = await dashboard(shop.userId).deliveries({ webhookId });
    expect(log.total).toBeGreaterThanOrEqual(2);
    expect(log.deliveries.map((d) => d.event_type)).toContain("pix.received");

    const stranger = await apiPixMerchant();
    await expect(dashboard(stranger.userId).deliveries({ webhookId })).rejects.toMatchObject({ code: "NOT_FOUND" });
    expect((await dashboard(stranger.userId).list()).webhooks).toEqual([]);

    const delivered = log.deliveries[0]?.event_id as string;
    const replayed = await dashboard(shop.userId).replay({ eventId: delivered });
    expect(replayed.status).toBe("pending");
    await runDeliveryPass(pool(), { userIds: [shop.userId] });
    expect(receiver.requests.at(-1)?.path).toBe("/erp/pix");
  });
});
