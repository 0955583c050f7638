import { beforeAll, describe, expect, it } from "vitest";
import { accountApi } from "../../server/account-api/app";
import { createApiKey, revokeApiKey } from "../../server/apikeys/service";
import { db } from "../../server/db/client";
import { basic, call, newMerchant } from "../support/fixtures";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const app = () => accountApi();
const balancePath = (accountId: string) => `/v4/i/bank-accounts/${accountId}/balance`;

describe("GET /v4/i/bank-accounts/{accountId}/balance", () => {
  let merchant: Awaited<ReturnType<typeof newMerchant>>;
  let auth: string;

  beforeAll(async () => {
    merchant = await newMerchant();
    auth = basic(merchant.clientId, merchant.clientSecret);
  });

  it("answers 200 with the envelope and a request id", async () => {
    const res = await call(app(), "GET", balancePath(merchant.accountId), { auth });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({
      requestId: expect.stringMatching(UUID),
      success: true,
      size: 1,
      message: "Balance retrieved",
      data: { accountId: merchant.accountId, balance: 0, availableBalance: 0, blockedBalance: 0 },
    });
    expect(res.headers.get("x-request-id")).toBe(res.json.requestId);
  });

  it("answers 400 for a malformed account id", async () => {
    const res = await call(app(), "GET", balancePath("12345"), { auth });
    expect(res.status).toBe(400);
    expect(res.json).toMatchObject({ success: false, status: 400, code: "VALIDATION_ERROR" });
    expect(res.json.requestId).toMatch(UUID);
  });

  it("answers 404 for an unknown account", async () => {
    const res = await call(app(), "GET", balancePath("999999999999"), { auth });
    expect(res.status).toBe(404);
    expect(res.json).toMatchObject({ success: false, status: 404, code: "NOT_FOUND" });
  });

  it("answers 403 for another merchant's account, without revealing its balance", async () => {
    const other = await newMerchant();
    const res = await call(app(), "GET", balancePath(other.accountId), { auth });
    expect(res.status).toBe(403);
    expect(res.json).toMatchObject({ code: "FORBIDDEN", success: false });
    expect(res.text).not.toContain('balance":');
  });

  it("answers 401 without credentials, with a Bearer token, with a wrong secret", async () => {
    for (const authorization of [undefined, "Bearer abc", basic(merchant.clientId, "sk_wrong"), "Basic !!!"]) {
      const res = await call(app(), "GET", balancePath(merchant.accountId), { auth: authorization });
      expect(res.status, String(authorization)).toBe(401);
      expect(res.json).toMatchObject({ code: "UNAUTHORIZED", status: 401, success: false });
    }
  });

  it("answers 401 'API key is inactive' after revocation and 'API key has expired' after expiry", async () => {
    const revoked = await createApiKey(db(), { userId: merchant.userId, ipWhitelist: ["127.0.0.1"] });
    await revokeApiKey(db(), revoked.clientId);
    const r1 = await call(app(), "GET", balancePath(merchant.accountId), {
      auth: basic(revoked.clientId, revoked.clientSecret),
    });
    expect(r1.status).toBe(401);
    expect(r1.json.message).toBe("API key is inactive");

    const expired = await createApiKey(db(), {
      userId: merchant.userId,
      ipWhitelist: ["127.0.0.1"],
      expiresAt: new Date(Date.now() - 1000),
    });
    const r2 = await call(app(), "GET", balancePath(merchant.accountId), {
      auth: basic(expired.clientId, expired.clientSecret),
    });
    expect(r2.status).toBe(401);
    expect(r2.json.message).toBe("API key has expired");
  });

  it("answers 403 'IP not allowlisted' from an address off the list", async () => {
    const res = await call(app(), "GET", balancePath(merchant.accountId), { auth, ip: "203.0.113.50" });
    expect(res.status).toBe(403);
    expect(res.json).toMatchObject({ code: "IP_NOT_ALLOWLISTED", message: "IP not allowlisted" });
  });

  it("ignores X-Forwarded-For from a peer that is not a trusted proxy", async () => {
    const res = await call(app(), "GET", balancePath(merchant.accountId), {
      auth,
      ip: "203.0.113.50",
      headers: { "x-forwarded-for": "127.0.0.1" },
    });
    expect(res.status).toBe(403);
  });

  it("accepts an IPv4-mapped IPv6 peer as its IPv4", async () => {
    const res = await call(app(), "GET", balancePath(merchant.accountId), { auth, ip: "::ffff:127.0.0.1" });
    expect(res.status).toBe(200);
  });

  it("answers 403 INSUFFICIENT_SCOPE for a key without balance:read", async () => {
    const narrow = await createApiKey(db(), {
      userId: merchant.userId,
      scopes: ["ledger:read"],
      ipWhitelist: ["127.0.0.1"],
    });
    const res = await call(app(), "GET", balancePath(merchant.accountId), {
      auth: basic(narrow.clientId, narrow.clientSecret),
    });
    expect(res.status).toBe(403);
    expect(res.json.code).toBe("INSUFFICIENT_SCOPE");
  });

  it("answers unknown routes with the error body", async () => {
    const res = await call(app(), "GET", "/v4/i/nothing-here", { auth });
    expect(res.status).toBe(404);
    expect(res.json).toMatchObject({ code: "NOT_FOUND", success: false });
  });
});
