/** Failed authentications count per client id and per address (429, Retry-After). */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accountApi } from "../../server/account-api/app";
import { resetConfigForTests } from "../../server/config";
import { gatewayApi } from "../../server/gateway/app";
import { resetAuthFailureLimitersForTests } from "../../server/http/auth-failures";
import { basic, call, fundedMerchant } from "../support/fixtures";

const limits = { AUTH_FAILURES_PER_CLIENT_PER_MINUTE: "3", AUTH_FAILURES_PER_ADDRESS_PER_MINUTE: "5" };
/** A fresh documentation address each time, so windows do not carry over (between runs either). */
let n = Math.floor(Math.random() * 200);
const nextIp = () => `198.51.100.${++n}`;

describe("failed authentications are throttled", () => {
  let m: Awaited<ReturnType<typeof fundedMerchant>>;
  beforeAll(async () => {
    Object.assign(process.env, limits);
    resetConfigForTests();
    resetAuthFailureLimitersForTests();
    m = await fundedMerchant(0n, { ipWhitelist: ["198.51.100.0/24"] });
  });
  afterAll(() => {
    resetAuthFailureLimitersForTests();
  });

  it("gateway: per client id, then even the right secret waits (429 with Retry-After)", async () => {
    const ip = nextIp();
    const wrong = { auth: `ApiKey ${m.clientId}:sk_wrong`, ip };
    for (let i = 0; i < 3; i++)
      expect((await call(gatewayApi(), "GET", "/api/external/balance", wrong)).status).toBe(401);
    const refused = await call(gatewayApi(), "GET", "/api/external/balance", wrong);
    expect(refused.status).toBe(429);
    expect(refused.json).toEqual({ error: { status: 429, message: "Too many failed authentication attempts" } });
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    const right = await call(gatewayApi(), "GET", "/api/external/balance", {
      auth: `ApiKey ${m.clientId}:${m.clientSecret}`,
      ip: nextIp(),
    });
    expect(right.status).toBe(429);
  });

  it("account surface: per address, whatever client ids it tries", async () => {
    const ip = nextIp();
    for (let i = 0; i < 5; i++) {
      const res = await call(accountApi(), "GET", "/v4/i/bank-accounts/1/balance", {
        auth: basic(`cli_guess${i}`, "x"),
        ip,
      });
      expect(res.status).toBe(401);
    }
    const refused = await call(accountApi(), "GET", "/v4/i/bank-accounts/1/balance", {
      auth: basic("cli_other", "x"),
      ip,
    });
    expect(refused.status).toBe(429);
    expect(refused.json.code).toBe("RATE_LIMIT_EXCEEDED");
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    // another address is not affected
    const elsewhere = await call(accountApi(), "GET", "/v4/i/bank-accounts/1/balance", {
      auth: basic("cli_other", "x"),
      ip: nextIp(),
    });
    expect(elsewhere.status).toBe(401);
  });
});
