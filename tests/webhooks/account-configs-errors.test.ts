import { beforeAll, describe, it, vi } from "vitest";
import { accountApi } from "../../server/account-api/app";
import { expectInternalError } from "../support/answers";
import { basic, call, newMerchant } from "../support/fixtures";

// Every webhook configuration service fails unexpectedly: each endpoint must answer a bare 500.
vi.mock("../../server/webhooks/account-configs", async (importOriginal) => {
  const original = await importOriginal<typeof import("../../server/webhooks/account-configs")>();
  const boom = async () => {
    throw new Error("database exploded: secret detail");
  };
  return {
    ...original,
    createWebhookConfig: boom,
    listWebhookConfigs: boom,
    updateWebhookConfig: boom,
    activateWebhookConfig: boom,
    deactivateWebhookConfig: boom,
    deleteWebhookConfig: boom,
  };
});

describe("webhook configuration endpoints on an internal failure", () => {
  let auth: string;
  beforeAll(async () => {
    const merchant = await newMerchant();
    auth = basic(merchant.clientId, merchant.clientSecret);
  });

  it("answer 500 INTERNAL_ERROR without details", async () => {
    const id = "00000000-0000-4000-8000-000000000000";
    for (const [method, path, body] of [
      ["POST", "/v4/i/webhooks/config", { event: ["*"], targetUrl: "https://192.0.2.1/h" }],
      ["GET", "/v4/i/webhooks/config/me", undefined],
      ["GET", "/v4/i/webhooks/config", undefined],
      ["PUT", `/v4/i/webhooks/config/${id}`, { event: ["*"] }],
      ["POST", `/v4/i/webhooks/config/${id}/deactivate`, undefined],
      ["POST", `/v4/i/webhooks/config/${id}/activate`, undefined],
      ["DELETE", `/v4/i/webhooks/config/${id}`, undefined],
    ] as const) {
      const res = await call(accountApi(), method, path, { auth, body });
      expectInternalError(res, "secret detail", `${method} ${path}`);
    }
  });
});
