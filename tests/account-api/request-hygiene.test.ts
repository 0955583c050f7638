import { beforeAll, describe, expect, it } from "vitest";
import { accountApi } from "../../server/account-api/app";
import { basic, call, newMerchant } from "../support/fixtures";

describe("account surface: documents and request hygiene", () => {
  let auth: string;
  let accountId: string;

  beforeAll(async () => {
    const merchant = await newMerchant();
    auth = basic(merchant.clientId, merchant.clientSecret);
    accountId = merchant.accountId;
  });

  it("serves its OpenAPI 3.1 document without credentials", async () => {
    const res = await call(accountApi(), "GET", "/v4/i/openapi.json");
    expect(res.status).toBe(200);
    expect(res.json.openapi).toBe("3.1.0");
    expect(Object.keys(res.json.paths)).toContain("/v4/i/bank-accounts/{accountId}/balance");
    expect(res.json.paths["/v4/i/bank-accounts/{accountId}/balance"].get.responses).toHaveProperty("404");
  });

  it("answers 413 for a body over the limit", async () => {
    const res = await call(accountApi(), "POST", `/v4/i/bank-accounts/${accountId}/balance`, {
      auth,
      rawBody: JSON.stringify({ pad: "x".repeat(1_100_000) }),
    });
    expect(res.status).toBe(413);
    expect(res.json).toMatchObject({ code: "PAYLOAD_TOO_LARGE", success: false });
  });
});

describe("client address behind a trusted proxy", () => {
  it("believes X-Forwarded-For only from a configured proxy", async () => {
    const { resetConfigForTests } = await import("../../server/config");
    const merchant = await newMerchant({ ipWhitelist: ["203.0.113.10"] });
    const auth = basic(merchant.clientId, merchant.clientSecret);
    const path = `/v4/i/bank-accounts/${merchant.accountId}/balance`;
    const headers = { "x-forwarded-for": "198.51.100.1, 203.0.113.10" };
    process.env.TRUSTED_PROXIES = "10.0.0.0/8";
    resetConfigForTests();
    try {
      expect((await call(accountApi(), "GET", path, { auth, ip: "10.1.2.3", headers })).status).toBe(200);
      expect((await call(accountApi(), "GET", path, { auth, ip: "192.0.2.7", headers })).status).toBe(403);
      // the client's own claim further left is not believed: only the hop the proxy saw counts
      const spoof = { "x-forwarded-for": "203.0.113.10, 198.51.100.1" };
      expect((await call(accountApi(), "GET", path, { auth, ip: "10.1.2.3", headers: spoof })).status).toBe(403);
    } finally {
      delete process.env.TRUSTED_PROXIES;
      resetConfigForTests();
    }
  });
});
