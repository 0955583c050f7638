import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accountApi } from "../../server/account-api/app";
import { decryptSecret } from "../../server/apikeys/secrets";
import { db } from "../../server/db/client";
import {
  deleteGatewayWebhook,
  getDelivery,
  listGatewayDeliveries,
  listGatewayWebhooks,
  registerGatewayWebhook,
} from "../../server/webhooks/gateway";
import { gatewayDeliveryView, gatewayWebhookView } from "../../server/webhooks/views";
import { call, fundedMerchant, newMerchant } from "../support/fixtures";
import { allowPrivateTargets, awaitDeliveries, relayUntil, setEnv } from "./support";

const ALL_PIX = [
  "pix.charge.created",
  "pix.charge.paid",
  "pix.charge.expired",
  "pix.charge.cancelled",
  "pix.payout.queued",
  "pix.payout.processing",
  "pix.payout.confirmed",
  "pix.payout.failed",
  "pix.payout.returned",
  "pix.refund.requested",
  "pix.refund.completed",
  "pix.return.received",
  "pix.infraction.created",
  "pix.infraction.resolved",
  "pix.infraction.defense_submitted",
];

describe("gateway registrations (service used by POST/GET/DELETE /api/external/webhooks)", () => {
  beforeAll(() => allowPrivateTargets());
  afterAll(() => setEnv({ WEBHOOK_ALLOW_PRIVATE_TARGETS: undefined, SANDBOX_SETTLEMENT_DELAY_MS: undefined }));

  it("registers with a generated 64-character secret, returned once and stored encrypted", async () => {
    const merchant = await newMerchant();
    const { webhook, secret } = await registerGatewayWebhook(db(), merchant.userId, {
      url: "https://192.0.2.1/hooks",
      events: ALL_PIX,
    });
    expect(secret).toMatch(/^[0-9a-f]{64}$/);
    expect(webhook.secretCiphertext).not.toContain(secret ?? "-");
    expect(decryptSecret(webhook.secretCiphertext ?? "")).toBe(secret);
    expect(gatewayWebhookView(webhook, secret)).toEqual({
      id: webhook.id,
      url: "https://192.0.2.1/hooks",
      events: ALL_PIX,
      secret,
      allow_insecure: false,
      active: true,
      created_at: webhook.createdAt.toISOString(),
    });
    expect(gatewayWebhookView(webhook)).not.toHaveProperty("secret");
    const given = await registerGatewayWebhook(db(), merchant.userId, {
      url: "https://192.0.2.1/other",
      events: ["pix.charge.paid"],
      secret: "my-own-secret-0123456789",
    });
    expect(given.secret).toBe("my-own-secret-0123456789");
  });

  it("refuses unknown events with the exact message, http without allow_insecure, private targets", async () => {
    const merchant = await newMerchant();
    const register = (input: Partial<Parameters<typeof registerGatewayWebhook>[2]>) =>
      registerGatewayWebhook(db(), merchant.userId, {
        url: "https://192.0.2.1/h",
        events: ["pix.charge.paid"],
        ...input,
      });
    await expect(register({ events: ["pix.charge.paid", "pix_in:credited", "charge.paid"] })).rejects.toMatchObject({
      status: 400,
      field: "events",
      message: "events: contains invalid events: pix_in:credited, charge.paid",
    });
    await expect(register({ events: [] })).rejects.toMatchObject({ status: 400, field: "events" });
    await expect(register({ url: "http://192.0.2.1/h" })).rejects.toMatchObject({ status: 400, field: "url" });
    await expect(register({ url: "http://192.0.2.1/h", allowInsecure: true })).resolves.toBeTruthy();
    await expect(register({ secret: "short" })).rejects.toMatchObject({ status: 400, field: "secret" });

    allowPrivateTargets(false);
    try {
      for (const url of [
        "https://127.0.0.1/h",
        "https://10.0.0.8/h",
        "https://169.254.169.254/",
        "https://[fd00::1]/",
        "https://localhost/h",
      ]) {
        await expect(register({ url }), url).rejects.toMatchObject({ status: 400, field: "url" });
      }
    } finally {
      allowPrivateTargets(true);
    }
  });

  it("lists own registrations; delete hides them (404 after) and gives up their pending deliveries", async () => {
    const merchant = await newMerchant();
    const other = await newMerchant();
    const { webhook } = await registerGatewayWebhook(db(), merchant.userId, {
      url: "http://127.0.0.1:9/h",
      events: ["pix.charge.created"],
      allowInsecure: true,
    });
    await registerGatewayWebhook(db(), other.userId, {
      url: "http://127.0.0.1:9/o",
      events: ["pix.charge.created"],
      allowInsecure: true,
    });
    expect((await listGatewayWebhooks(db(), merchant.userId)).map((w) => w.id)).toEqual([webhook.id]);

    const { createCharge } = await import("../../server/charges/service");
    await createCharge(db(), { userId: merchant.userId, accountId: merchant.accountId, amountCents: 100n });
    const [delivery] = await awaitDeliveries(merchant.userId, 1);
    const page = await listGatewayDeliveries(db(), merchant.userId, webhook.id);
    expect(page.total).toBe(1);
    expect(gatewayDeliveryView(page.deliveries[0] as NonNullable<typeof delivery>)).toMatchObject({
      id: delivery?.id,
      event_id: delivery?.id,
      event_type: "pix.charge.created",
      status: "pending",
    });
    await expect(listGatewayDeliveries(db(), other.userId, webhook.id)).rejects.toMatchObject({ status: 404 });
    await expect(deleteGatewayWebhook(db(), other.userId, webhook.id)).rejects.toMatchObject({ status: 404 });
    await expect(getDelivery(db(), other.userId, delivery?.id ?? "")).rejects.toMatchObject({ status: 404 });

    await deleteGatewayWebhook(db(), merchant.userId, webhook.id);
    expect(await listGatewayWebhooks(db(), merchant.userId)).toEqual([]);
    await expect(deleteGatewayWebhook(db(), merchant.userId, webhook.id)).rejects.toMatchObject({ status: 404 });
    await expect(deleteGatewayWebhook(db(), merchant.userId, "nope")).rejects.toMatchObject({ status: 404 });
    const given = await db().webhookDelivery.findUniqueOrThrow({ where: { id: delivery?.id ?? "" } });
    expect(given).toMatchObject({ status: "failed", lastError: "webhook deleted" });
  });

  it("maps real flows: payout processing → confirmed, a rejected payout, a return (returned + return.received)", async () => {
    setEnv({ SANDBOX_SETTLEMENT_DELAY_MS: "0" });
    const shop = await fundedMerchant(100_000n);
    await registerGatewayWebhook(db(), shop.userId, {
      url: "http://127.0.0.1:9/all",
      events: ALL_PIX,
      allowInsecure: true,
    });
    const send = (pixKey: string, externalId: string) =>
      call(accountApi(), "POST", `/v4/i/bank-accounts/${shop.accountId}/transfer/external`, {
        auth: shop.auth,
        body: { pixKey, amount: 12.5, externalId },
      });
    const ok = await send("someone@example.invalid", "po-ok");
    expect(ok.status).toBe(200);
    const rejected = await send("ac03@fail.sandbox", "po-bad");
    expect(rejected.status).toBe(200);
    await relayUntil(async () => {
      const entry = await db().ledgerEntry.findFirst({ where: { accountId: shop.accountId, externalId: "po-ok" } });
      return entry?.status === "succeeded";
    });
    const ret = await call(accountApi(), "POST", `/v4/i/sandbox/pix/out/${ok.json.data.endToEndId}/return`, {
      auth: shop.auth,
      body: { amount: 2.5 },
    });
    expect(ret.status).toBe(200);
    const deliveries = await awaitDeliveries(shop.userId, 6);
    const seen = deliveries.map((d) => {
      const payload = d.payload as { type: string; data: Record<string, unknown> };
      return [payload.type, payload.data.status, payload.data.external_id ?? null, payload.data.amount];
    });
    expect(seen).toEqual(
      expect.arrayContaining([
        ["pix.payout.processing", "processing", "po-ok", 12.5],
        ["pix.payout.processing", "processing", "po-bad", 12.5],
        ["pix.payout.confirmed", "settled", "po-ok", 12.5],
        ["pix.payout.failed", "rejected", "po-bad", 12.5],
        ["pix.payout.returned", "returned", "po-ok", 2.5],
        ["pix.return.received", "settled", null, 2.5],
      ]),
    );
    expect(deliveries).toHaveLength(6);
    const failed = deliveries.find((d) => d.eventType === "pix.payout.failed");
    const failedData = (failed?.payload as { data?: { error_message?: string } } | undefined)?.data;
    expect(failedData?.error_message).toMatch(/^AC03/);
  });
});
