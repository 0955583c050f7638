import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accountApi } from "../../server/account-api/app";
import { keyCacheListening, resetKeyCacheForTests, revokeApiKey, updateApiKey } from "../../server/apikeys/service";
import { resetConfigForTests } from "../../server/config";
import { db } from "../../server/db/client";
import { basic, call, newMerchant } from "../support/fixtures";

// longer than any test here may take: a key dropped before it ran out was dropped by its announcement
process.env.API_KEY_CACHE_MS = "60000";
const balance = (accountId: string, auth: string) =>
  call(accountApi(), "GET", `/v4/i/bank-accounts/${accountId}/balance`, { auth });

/** Until the request answers `status` (a notification arrives on its own connection, a moment after the commit). */
async function answers(request: () => Promise<{ status: number }>, status: number) {
  for (;;) {
    const { status: got } = await request();
    if (got === status) return got;
    await new Promise((r) => setTimeout(r, 20));
  }
}

beforeAll(async () => {
  resetConfigForTests();
  await resetKeyCacheForTests();
  await keyCacheListening();
});
afterAll(async () => {
  await resetKeyCacheForTests();
  delete process.env.API_KEY_CACHE_MS;
  resetConfigForTests();
});

describe("the account surface's API key cache", () => {
  it("answers a key it read from memory: a change nobody announced does not show", async () => {
    const m = await newMerchant();
    const auth = basic(m.clientId, m.clientSecret);
    expect((await balance(m.accountId, auth)).status).toBe(200);
    await db().$executeRaw`UPDATE api_keys SET scopes = '{}' WHERE client_id = ${m.clientId}`;
    expect((await balance(m.accountId, auth)).status).toBe(200);
  });

  it("still refuses a wrong secret for a key it holds", async () => {
    const m = await newMerchant();
    expect((await balance(m.accountId, basic(m.clientId, m.clientSecret))).status).toBe(200);
    const wrong = await balance(m.accountId, basic(m.clientId, `${m.clientSecret}x`));
    expect({ status: wrong.status, code: wrong.json.code }).toEqual({ status: 401, code: "UNAUTHORIZED" });
  });

  it("refuses a revoked key once the revocation commits, though the key was held", async () => {
    const m = await newMerchant();
    const auth = basic(m.clientId, m.clientSecret);
    expect((await balance(m.accountId, auth)).status).toBe(200);
    await revokeApiKey(db(), m.clientId);
    expect(await answers(() => balance(m.accountId, auth), 401)).toBe(401);
    const refused = await balance(m.accountId, auth);
    expect(refused.json).toMatchObject({ code: "UNAUTHORIZED", message: "API key is inactive" });
  });

  it("applies an edited key's scopes once the edit commits", async () => {
    const m = await newMerchant();
    const auth = basic(m.clientId, m.clientSecret);
    expect((await balance(m.accountId, auth)).status).toBe(200);
    await updateApiKey(db(), m.clientId, m.userId, { scopes: ["transfer:internal"] });
    expect(await answers(() => balance(m.accountId, auth), 403)).toBe(403);
    expect((await balance(m.accountId, auth)).json).toMatchObject({ code: "INSUFFICIENT_SCOPE" });
  });
});
