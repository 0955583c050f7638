import { beforeAll, describe, expect, it } from "vitest";
import { accountApi } from "../../server/account-api/app";
import { resetConfigForTests } from "../../server/config";
import { basic, call, newMerchant } from "../support/fixtures";

describe("account-surface rate limits", () => {
  let auth: string;
  let path: string;

  beforeAll(async () => {
    process.env.ACCOUNT_RATE_ENDPOINT_PER_MINUTE = "3";
    process.env.ACCOUNT_RATE_GLOBAL_PER_MINUTE = "5";
    resetConfigForTests();
    const merchant = await newMerchant();
    auth = basic(merchant.clientId, merchant.clientSecret);
    path = `/v4/i/bank-accounts/${merchant.accountId}/balance`;
  });

  it("counts down the tightest limit in the headers, then answers 429 with Retry-After", async () => {
    const before = Math.floor(Date.now() / 1000);
    const remaining: string[] = [];
    for (let i = 0; i < 3; i++) {
      const res = await call(accountApi(), "GET", path, { auth });
      expect(res.status).toBe(200);
      expect(res.headers.get("x-ratelimit-limit")).toBe("3");
      remaining.push(res.headers.get("x-ratelimit-remaining") ?? "");
      const reset = Number(res.headers.get("x-ratelimit-reset"));
      expect(reset).toBeGreaterThanOrEqual(before);
      expect(reset).toBeLessThanOrEqual(before + 62); // a minute ahead, rounded up
    }
    expect(remaining).toEqual(["2", "1", "0"]);

    const limited = await call(accountApi(), "GET", path, { auth });
    expect(limited.status).toBe(429);
    expect(limited.json).toMatchObject({ code: "RATE_LIMIT_EXCEEDED", message: "Too many requests", status: 429 });
    const retryAfter = Number(limited.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
  });

  it("keeps a separate per-endpoint window but the global one still applies", async () => {
    // global limit 5: the four calls above (refused ones count too) + one more pass, the next is refused
    // (another account id is the same endpoint: the window is per route, not per URL)
    const other = "/v4/i/no-such-endpoint";
    expect((await call(accountApi(), "GET", other, { auth })).status).toBe(404);
    const res = await call(accountApi(), "GET", other, { auth });
    expect(res.status).toBe(429);
    expect(res.headers.get("x-ratelimit-limit")).toBe("5");
  });

  it("sends no rate-limit headers when limits are disabled", async () => {
    process.env.RATE_LIMITS_ENABLED = "false";
    resetConfigForTests();
    const merchant = await newMerchant();
    const res = await call(accountApi(), "GET", `/v4/i/bank-accounts/${merchant.accountId}/balance`, {
      auth: basic(merchant.clientId, merchant.clientSecret),
    });
    expect(res.status).toBe(200);
    expect(res.headers.get("x-ratelimit-limit")).toBeNull();
    delete process.env.RATE_LIMITS_ENABLED;
    resetConfigForTests();
  });
});
