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
