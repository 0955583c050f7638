import { beforeAll, describe, expect, it } from "vitest";
import { createApiKey, KEYS_BY_CLIENT_ID, revokeApiKey } from "../../server/apikeys/service";
import { db } from "../../server/db/client";
import { pool, probePool } from "../../server/db/pool";
import { gatewayApi } from "../../server/gateway/app";
import { call, fundedMerchant } from "../support/fixtures";
import { genericPlanOf } from "../support/plans";
import { apiKeyAuth, get, post, sign } from "./support";

describe("gateway pipeline (interface 5.1, 7.1)", () => {
  let m: Awaited<ReturnType<typeof fundedMerchant>>;
  beforeAll(async () => {
    m = await fundedMerchant(10_000n);
  });

  it("1. 415 for a body that is not JSON or multipart", async () => {
    const res = await call(gatewayApi(), "POST", "/api/external/cpf/validate", {
      auth: apiKeyAuth(m),
      rawBody: "cpf=1",
      headers: { "content-type": "text/plain" },
    });
    expect(res.status).toBe(415);
    expect(res.json).toEqual({ error: { status: 415, message: expect.stringContaining("Content-Type") } });
  });

  it("3. credentials: ApiKey and Basic are equivalent; missing/invalid/inactive/expired → 401", async () => {
    expect((await get(m, "/balance")).status).toBe(200);
    const basic = await call(gatewayApi(), "GET", "/api/external/balance", {
      auth: `Basic ${Buffer.from(`${m.clientId}:${m.clientSecret}`).toString("base64")}`,
    });
    expect(basic.status).toBe(200);
    expect((await call(gatewayApi(), "GET", "/api/external/balance")).status).toBe(401);
    const wrong = await call(gatewayApi(), "GET", "/api/external/balance", { auth: `ApiKey ${m.clientId}:sk_nope` });
    expect(wrong.json).toEqual({ error: { status: 401, message: "Invalid API key credentials" } });

    const revoked = await createApiKey(db(), { userId: m.userId, ipWhitelist: ["127.0.0.1"] });
    await revokeApiKey(db(), revoked.clientId);
    const inactive = await get(revoked, "/balance");
    expect(inactive.json).toEqual({ error: { status: 401, message: "API key is inactive" } });
    const old = await createApiKey(db(), {
      userId: m.userId,
      ipWhitelist: ["127.0.0.1"],
      expiresAt: new Date(Date.now() - 1),
    });
    expect((await get(old, "/balance")).json).toEqual({ error: { status: 401, message: "API key has expired" } });
  });

  it("3. the key look-up probes indexes even in a generic plan (none reads every key or account)", async () => {
    const plan = await genericPlanOf(KEYS_BY_CLIENT_ID, ["text[]"], `ARRAY['${m.clientId}']`, ["api_keys", "accounts"]);
    expect(plan).not.toMatch(/hashed SubPlan|Seq Scan on (api_keys|accounts)/);
    expect(plan).toMatch(/Index (Only )?Scan (using|on) api_keys_client_id_key/);
    expect(plan).toMatch(/Index (Only )?Scan (using|on) accounts_user_id_idx/);
  });

  it("3. the key look-up's pool keeps generic plans without sequential or bitmap scans; its commits still wait for the WAL flush", async () => {
    const { rows } = await probePool().query(
      `SELECT current_setting('plan_cache_mode') AS plans, current_setting('enable_seqscan') AS seqscan,
              current_setting('enable_bitmapscan') AS bitmapscan, current_setting('synchronous_commit') AS commit_mode`,
    );
    expect(rows[0]).toEqual({ plans: "force_generic_plan", seqscan: "off", bitmapscan: "off", commit_mode: "on" });
    expect((await pool().query("SELECT current_setting('plan_cache_mode') AS plans")).rows[0]).toEqual({
      plans: "auto",
    });
  });

  it("4. IP whitelist: empty → the required message; not listed → 403; IPv4-mapped accepted", async () => {
    // a key from before the list was required (createApiKey refuses an empty one now)
    const empty = await createApiKey(db(), { userId: m.userId, ipWhitelist: ["127.0.0.1"] });
    await db().apiKey.update({ where: { id: empty.key.id }, data: { ipWhitelist: [] } });
    expect((await get(empty, "/balance")).json).toEqual({
      error: { status: 403, message: "IP whitelist required. Configure at least one allowed IP to use this API key." },
    });
    const elsewhere = await createApiKey(db(), { userId: m.userId, ipWhitelist: ["10.1.2.0/24", "2001:db8::7"] });
    expect((await get(elsewhere, "/balance")).json).toEqual({
      error: { status: 403, message: "Request IP not in API key whitelist" },
    });
    const mapped = await call(gatewayApi(), "GET", "/api/external/balance", {
      auth: apiKeyAuth(elsewhere),
      ip: "::ffff:10.1.2.9",
    });
    expect(mapped.status).toBe(200);
    const v6 = await call(gatewayApi(), "GET", "/api/external/balance", {
      auth: apiKeyAuth(elsewhere),
      ip: "2001:db8:0::7",
    });
    expect(v6.status).toBe(200);
  });

  it("4. an inactive account is refused with 403", async () => {
    const other = await fundedMerchant(0n);
    await db().account.updateMany({ where: { userId: other.userId }, data: { status: "inactive" } });
    const res = await get(other, "/balance");
    expect(res.status).toBe(403);
    expect(res.json.error.status).toBe(403);
  });

  it("5. HMAC: every error of 7.1", async () => {
    const body = { cpf: "52998224725" };
    const noHeader = await call(gatewayApi(), "POST", "/api/external/cpf/validate", {
      auth: apiKeyAuth(m),
      rawBody: JSON.stringify(body),
    });
    expect(noHeader.status).toBe(401);
    expect(noHeader.json).toEqual({ worked: false, detail: "Missing HMAC header" });

    const bad = await post(m, "/cpf/validate", body, { hmac: "0".repeat(128) });
    expect(bad.json).toEqual({ worked: false, detail: "Invalid HMAC signature" });
    expect(bad.status).toBe(401);

    const empty = await call(gatewayApi(), "POST", "/api/external/cpf/validate", {
      auth: apiKeyAuth(m),
      rawBody: " ",
      headers: { hmac: "a".repeat(128) },
    });
    expect(empty.status).toBe(400);
    expect(empty.json).toEqual({ worked: false, detail: "Request body is required for HMAC validation" });

    const invalid = await call(gatewayApi(), "POST", "/api/external/cpf/validate", {
      auth: apiKeyAuth(m),
      rawBody: "{oops",
      headers: { hmac: "a".repeat(128) },
    });
    expect(invalid.status).toBe(400);
    expect(invalid.json).toEqual({ worked: false, detail: "Request body must be valid JSON for HMAC validation" });

    const unsignedKey = await createApiKey(db(), {
      userId: m.userId,
      ipWhitelist: ["127.0.0.1"],
      withHmacSecret: false,
    });
    const noSecret = await post(unsignedKey, "/cpf/validate", body);
    expect(noSecret.status).toBe(403);
    expect(noSecret.json).toEqual({ worked: false, detail: "HMAC secret not configured for this API key" });
  });

  it("5. HMAC: uppercase hex is accepted; an unsorted signature fails; GET needs none", async () => {
    const body = { cpf: "52998224725" };
    const upper = await post(m, "/cpf/validate", body, { hmac: sign(m.clientSecret, body).toUpperCase() });
    expect(upper.status).toBe(200);
    expect(upper.json).toEqual({ cpf: "52998224725", valid: true });
    const raw = '{"b":1,"cpf":"52998224725"}';
    const { createHmac } = await import("node:crypto");
    const unsorted = createHmac("sha512", m.clientSecret).update('{"cpf":"52998224725","b":1}').digest("hex");
    const res = await call(gatewayApi(), "POST", "/api/external/cpf/validate", {
      auth: apiKeyAuth(m),
      rawBody: raw,
      headers: { hmac: unsorted },
    });
    expect(res.status).toBe(401);
  });

  it("2. X-Key-Case: camelCase reads camelCase and answers camelCase, errors included", async () => {
    const body = { amount: 12.5, externalId: "camel-1", expirationSeconds: 600 };
    const res = await post(m, "/pix/cash-in", body, { "x-key-case": "camelCase" });
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({
      txId: expect.any(String),
      externalId: "camel-1",
      qrCodeImage: expect.stringMatching(/^data:image\/png;base64,/),
    });
    expect(res.json).not.toHaveProperty("tx_id");
    const again = await post(m, "/pix/cash-in", body, { "x-key-case": "camelCase" });
    expect(again.status).toBe(409);
    expect(again.json).toEqual({ errors: { externalId: expect.any(String) } });
  });

  it("8. permission: a key without the route's scope gets { error: 'forbidden' }", async () => {
    const narrow = await createApiKey(db(), { userId: m.userId, ipWhitelist: ["127.0.0.1"], scopes: ["balance:read"] });
    const res = await post(narrow, "/cpf/validate", { cpf: "1" });
    expect(res.status).toBe(403);
    expect(res.json).toEqual({ error: "forbidden", message: expect.stringContaining("cpf:validate") });
  });

  it("business errors use { errors: { field: message } }", async () => {
    const res = await post(m, "/pix/cash-out", {
      amount: 1_000_000,
      pix_key: "ana@example.invalid",
      pix_key_type: "email",
    });
    expect(res.status).toBe(422);
    expect(res.json).toEqual({ errors: { amount: "insufficient balance" } });
    const invalid = await post(m, "/pix/cash-out", { amount: 1, pix_key: "ana@example.invalid" });
    expect(invalid.status).toBe(400);
    expect(invalid.json.errors).toHaveProperty("pix_key_type");
  });

  it("serves its OpenAPI document", async () => {
    const res = await call(gatewayApi(), "GET", "/api/external/openapi.json");
    expect(res.status).toBe(200);
    expect(Object.keys(res.json.paths)).toEqual(
      expect.arrayContaining(["/api/external/pix/cash-out", "/api/external/balance"]),
    );
    expect(res.json.info.description).toContain("10.5");
  });
});
