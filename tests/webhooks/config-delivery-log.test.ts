import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "../../server/db/client";
import type { WebhookConfig } from "../../server/generated/prisma/client";
import { createCallerFactory } from "../../server/trpc/init";
import { appRouter } from "../../server/trpc/routers";
import { createWebhookConfig, deleteWebhookConfig } from "../../server/webhooks/account-configs";
import { newMerchant } from "../support/fixtures";

const publicResolver = async () => [{ address: "93.184.216.34", family: 4 }];

describe("account-surface configurations: delivery log and replay", () => {
  let merchant: Awaited<ReturnType<typeof newMerchant>>;
  let config: WebhookConfig;
  const ids = { delivered: randomUUID(), failed: randomUUID(), pending: randomUUID() };
  const caller = (userId: string) =>
    createCallerFactory(appRouter)({ user: { id: userId, role: "MERCHANT", name: "M", email: "m@example.test" } });

  async function delivery(
    id: string,
    status: "delivered" | "failed" | "pending",
    configId: string,
    minutesAgo: number,
  ) {
    await db().webhookDelivery.create({
      data: {
        id,
        surface: "account",
        userId: merchant.userId,
        configId,
        targetKey: `config:${configId}`,
        eventType: "pix_in:credited",
        payload: { ok: true },
        status,
        attempts: status === "pending" ? 0 : 3,
        lastStatusCode: status === "failed" ? 500 : status === "delivered" ? 200 : null,
        createdAt: new Date(Date.now() - minutesAgo * 60_000),
      },
    });
  }

  beforeAll(async () => {
    merchant = await newMerchant();
    ({ config } = await createWebhookConfig(
      db(),
      merchant.userId,
      { event: ["pix_in:credited"], targetUrl: "https://hooks.example.invalid/pix" },
      { resolver: publicResolver },
    ));
    await delivery(ids.delivered, "delivered", config.id, 3);
    await delivery(ids.failed, "failed", config.id, 2);
    await delivery(ids.pending, "pending", config.id, 1);
  });

  it("lists a configuration's deliveries newest first, with status, attempts and response code", async () => {
    const log = await caller(merchant.userId).webhooks.account.deliveries({ configId: config.id });
    expect(log.total).toBe(3);
    expect(log.deliveries.map((d) => d.event_id)).toEqual([ids.pending, ids.failed, ids.delivered]);
    expect(log.deliveries[1]).toMatchObject({ status: "failed", attempts: 3, last_status_code: 500 });
    const failedOnly = await caller(merchant.userId).webhooks.account.deliveries({
      configId: config.id,
      status: "failed",
    });
    expect(failedOnly.deliveries.map((d) => d.event_id)).toEqual([ids.failed]);
  });

  it("replays a finished delivery, refuses a pending one", async () => {
    const replayed = await caller(merchant.userId).webhooks.account.replay({ eventId: ids.failed });
    expect(replayed).toMatchObject({ status: "pending", attempts: 0, manual_replay: true });
    await expect(caller(merchant.userId).webhooks.account.replay({ eventId: ids.pending })).rejects.toMatchObject({
      code: "CONFLICT",
    });
  });

  it("answers 404 to another merchant and once the configuration is deleted", async () => {
    const stranger = await newMerchant();
    await expect(caller(stranger.userId).webhooks.account.deliveries({ configId: config.id })).rejects.toMatchObject({
      code: "NOT_FOUND",
    });
    await expect(caller(stranger.userId).webhooks.account.replay({ eventId: ids.delivered })).rejects.toMatchObject({
      code: "NOT_FOUND",
    });
    await deleteWebhookConfig(db(), merchant.userId, config.id);
    await expect(caller(merchant.userId).webhooks.account.replay({ eventId: ids.delivered })).rejects.toMatchObject({
      code: "NOT_FOUND",
    });
    expect((await db().webhookDelivery.findUniqueOrThrow({ where: { id: ids.delivered } })).status).toBe("delivered");
  });
});
