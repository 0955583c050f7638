/**
 * Limits that every door applies the same way: an API key has at least one allowed IP (one
 * without would answer 403 everywhere), a webhook URL has at most MAX_URL characters.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { accountApi } from "../../server/account-api/app";
import { createApiKey, updateApiKey } from "../../server/apikeys/service";
import { db } from "../../server/db/client";
import { createCallerFactory } from "../../server/trpc/init";
import { appRouter } from "../../server/trpc/routers";
import { MAX_URL } from "../../server/webhooks/schema";
import { post } from "../gateway/support";
import { basic, call, newMerchant } from "../support/fixtures";

type Merchant = Awaited<ReturnType<typeof newMerchant>>;
const callerFor = (m: Merchant) =>
  createCallerFactory(appRouter)({ user: { id: m.userId, email: m.email, name: "Loja", role: "MERCHANT" as const } });

describe("an API key's allowed IPs", () => {
  let merchant: Merchant;
  beforeAll(async () => {
    merchant = await newMerchant();
  });

  it("refuses a key with no allowed IP at creation, in every door, with its reason", async () => {
    const before = await db().apiKey.count({ where: { userId: merchant.userId } });
    await expect(createApiKey(db(), { userId: merchant.userId, ipWhitelist: [] })).rejects.toMatchObject({
      code: "VALIDATION_ERROR",
      field: "ipWhitelist",
      reason: "IP_WHITELIST_REQUIRED",
    });
    await expect(
      callerFor(merchant).apiKeys.create({
        name: "no IPs",
        scopes: ["balance:read"],
        ipWhitelist: [],
        expiresAt: null,
      }),
    ).rejects.toMatchObject({ code: "BAD_REQUEST" });
    expect(await db().apiKey.count({ where: { userId: merchant.userId } })).toBe(before);
  });

  it("refuses to empty the list of an existing key", async () => {
    await expect(updateApiKey(db(), merchant.clientId, merchant.userId, { ipWhitelist: [] })).rejects.toMatchObject({
      reason: "IP_WHITELIST_REQUIRED",
    });
    const key = await db().apiKey.findUniqueOrThrow({ where: { clientId: merchant.clientId } });
    expect(key.ipWhitelist).toEqual(["127.0.0.1"]);
  });
});

describe("a webhook URL's length", () => {
  let merchant: Merchant;
  const longUrl = (length: number) => {
    const base = "https://hooks.example.invalid/";
    return base + "a".repeat(length - base.length);
  };

  beforeAll(async () => {
    merchant = await newMerchant();
  });

  it(`refuses a URL of ${MAX_URL + 1} characters (and 3,000) on every door, and stores nothing`, async () => {
    const auth = basic(merchant.clientId, merchant.clientSecret);
    for (const url of [longUrl(MAX_URL + 1), longUrl(3000)]) {
      const account = await call(accountApi(), "POST", "/v4/i/webhooks/config", {
        auth,
        body: { event: ["pix_in:credited"], targetUrl: url },
      });
      expect(account.status).toBe(400);
      const gateway = await post(merchant, "/webhooks", { url, events: ["pix.charge.paid"] });
      expect(gateway.status).toBe(400);
      await expect(
        callerFor(merchant).webhooks.account.create({ event: ["pix_in:credited"], targetUrl: url }),
      ).rejects.toMatchObject({ code: "BAD_REQUEST" });
      await expect(
        callerFor(merchant).webhooks.gateway.register({ url, events: ["pix.charge.paid"] }),
      ).rejects.toMatchObject({ code: "BAD_REQUEST" });
    }
    expect(await db().webhookConfig.count({ where: { userId: merchant.userId } })).toBe(0);
    expect(await db().gatewayWebhook.count({ where: { userId: merchant.userId } })).toBe(0);
  });
});
