import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accountApi } from "../../server/account-api/app";
import { createApiKey } from "../../server/apikeys/service";
import { db } from "../../server/db/client";
import { basic, call, newMerchant } from "../support/fixtures";
import { allowPrivateTargets, setEnv } from "./support";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const app = () => accountApi();
const BASE = "/v4/i/webhooks/config";

describe("account-surface webhook configuration endpoints (interface 4.5)", () => {
  let auth: string;
  let userId: string;
  let otherAuth: string;

  beforeAll(async () => {
    allowPrivateTargets();
    const merchant = await newMerchant();
    auth = basic(merchant.clientId, merchant.clientSecret);
    userId = merchant.userId;
    const other = await newMerchant();
    otherAuth = basic(other.clientId, other.clientSecret);
  });
  afterAll(() => setEnv({ WEBHOOK_ALLOW_PRIVATE_TARGETS: undefined }));

  const create = (body: unknown, as = auth) => call(app(), "POST", BASE, { auth: as, body });

  it("POST creates: 200 with { configId, event, targetUrl, authHeader, secret, active, createdAt, updatedAt }", async () => {
    const res = await create({
      event: ["pix_in:credited", "pix_out:processing"],
      targetUrl: "http://127.0.0.1:9/hooks",
      authHeader: "Bearer s3cr3t",
    });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ success: true, requestId: expect.stringMatching(UUID), size: 1 });
    expect(res.json.data).toEqual({
      configId: expect.stringMatching(UUID),
      event: ["pix_in:credited", "pix_out:processing"],
      targetUrl: "http://127.0.0.1:9/hooks",
      authHeader: "Bearer s3cr3t",
      secret: expect.stringMatching(/^[0-9a-f]{64}$/),
      active: true,
      deactivatedReason: null,
      createdAt: expect.any(Number),
      updatedAt: expect.any(Number),
    });
    const stored = await db().webhookConfig.findUniqueOrThrow({ where: { id: res.json.data.configId } });
    expect(stored.authHeaderCiphertext).not.toContain("s3cr3t"); // encrypted at rest
    expect(stored.userId).toBe(userId);
  });

  it("POST answers 400 for unknown events, a missing or non-https public URL, a malformed body", async () => {
    const bad = await create({
      event: ["pix_in:credited", "foo", "pix.charge.paid"],
      targetUrl: "https://192.0.2.1/h",
    });
    expect(bad.status).toBe(400);
    expect(bad.json).toMatchObject({
      code: "VALIDATION_ERROR",
      message: "event: contains invalid events: foo, pix.charge.paid",
    });
    for (const body of [
      { event: ["*"] },
      { event: "pix_in:credited", targetUrl: "https://192.0.2.1/h" },
      { event: [], targetUrl: "https://192.0.2.1/h" },
      { event: ["*"], targetUrl: "http://192.0.2.1/h" },
      { event: ["*"], targetUrl: "not a url" },
      { event: ["*"], targetUrl: "https://192.0.2.1/h", authHeader: "a\r\nX-Injected: 1" },
    ]) {
      const res = await create(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.json.code).toBe("VALIDATION_ERROR");
    }
    const malformed = await call(app(), "POST", BASE, { auth, rawBody: "{nope" });
    expect(malformed.status).toBe(400);
  });

  it("POST refuses private targets (SSRF) unless WEBHOOK_ALLOW_PRIVATE_TARGETS", async () => {
    allowPrivateTargets(false);
    try {
      for (const targetUrl of [
        "https://127.0.0.1/h",
        "https://10.1.2.3/h",
        "https://169.254.169.254/latest/meta-data",
        "https://[::1]/h",
        "https://localhost/h",
        "http://127.0.0.1:9/h",
      ]) {
        const res = await create({ event: ["*"], targetUrl });
        expect(res.status, targetUrl).toBe(400);
        expect(res.json.message, targetUrl).toMatch(/^targetUrl: /);
      }
    } finally {
      allowPrivateTargets(true);
    }
  });

  it("401 without or with bad credentials; 403 without the webhooks:manage scope or from an unlisted IP", async () => {
    const noAuth = await call(app(), "GET", `${BASE}/me`);
    expect(noAuth.status).toBe(401);
    expect((await call(app(), "GET", BASE, { auth: basic("cli_x", "sk_y") })).status).toBe(401);
    const scoped = await createApiKey(db(), { userId, scopes: ["balance:read"], ipWhitelist: ["127.0.0.1"] });
    const noScope = basic(scoped.clientId, scoped.clientSecret);
    const someId = "00000000-0000-4000-8000-000000000000";
    for (const [method, path] of [
      ["POST", BASE],
      ["GET", `${BASE}/me`],
      ["GET", BASE],
      ["PUT", `${BASE}/${someId}`],
      ["POST", `${BASE}/${someId}/deactivate`],
      ["POST", `${BASE}/${someId}/activate`],
      ["DELETE", `${BASE}/${someId}`],
    ] as const) {
      const res = await call(app(), method, path, {
        auth: noScope,
        body: method === "GET" || method === "DELETE" ? undefined : {},
      });
      expect(res.status, `${method} ${path}`).toBe(403);
      expect(res.json.code).toBe("INSUFFICIENT_SCOPE");
      const unauth = await call(app(), method, path);
      expect(unauth.status, `${method} ${path} unauthenticated`).toBe(401);
    }
    const elsewhere = await call(app(), "GET", `${BASE}/me`, { auth, ip: "203.0.113.7" });
    expect(elsewhere.status).toBe(403);
  });

  it("GET /me and GET / list only the caller's configurations, newest first", async () => {
    const a = await create({ event: ["*"], targetUrl: "http://127.0.0.1:9/a" });
    const b = await create({ event: ["med:received"], targetUrl: "http://127.0.0.1:9/b" });
    await create({ event: ["*"], targetUrl: "http://127.0.0.1:9/theirs" }, otherAuth);
    for (const path of [`${BASE}/me`, BASE]) {
      const res = await call(app(), "GET", path, { auth });
      expect(res.status).toBe(200);
      const ids = res.json.data.map((c: { configId: string }) => c.configId);
      expect(ids.indexOf(b.json.data.configId)).toBeLessThan(ids.indexOf(a.json.data.configId));
      expect(res.json.data.every((c: { targetUrl: string }) => !c.targetUrl.endsWith("/theirs"))).toBe(true);
      expect(res.json.size).toBe(res.json.data.length);
    }
  });

  it("PUT updates the given fields; 400 for nothing or bad values; 404 for unknown or someone else's", async () => {
    const created = await create({ event: ["*"], targetUrl: "http://127.0.0.1:9/old", authHeader: "x" });
    const id = created.json.data.configId;
    const res = await call(app(), "PUT", `${BASE}/${id}`, {
      auth,
      body: { event: ["pix_in:qrcode_paid"], targetUrl: "http://127.0.0.1:9/new", authHeader: null },
    });
    expect(res.status).toBe(200);
    expect(res.json.data).toMatchObject({
      configId: id,
      event: ["pix_in:qrcode_paid"],
      targetUrl: "http://127.0.0.1:9/new",
      authHeader: null,
    });
    expect(res.json.data.updatedAt).toBeGreaterThanOrEqual(created.json.data.updatedAt);
    expect((await call(app(), "PUT", `${BASE}/${id}`, { auth, body: {} })).status).toBe(400);
    expect((await call(app(), "PUT", `${BASE}/${id}`, { auth, body: { event: ["nope"] } })).status).toBe(400);
    expect((await call(app(), "PUT", `${BASE}/${id}`, { auth, body: { event: ["*"] }, headers: {} })).status).toBe(200);
    const unknown = await call(app(), "PUT", `${BASE}/00000000-0000-4000-8000-000000000000`, {
      auth,
      body: { event: ["*"] },
    });
    expect(unknown.status).toBe(404);
    expect(unknown.json.code).toBe("NOT_FOUND");
    expect((await call(app(), "PUT", `${BASE}/${id}`, { auth: otherAuth, body: { event: ["*"] } })).status).toBe(404);
    expect((await call(app(), "PUT", `${BASE}/not-a-uuid`, { auth, body: { event: ["*"] } })).status).toBe(404);
  });

  it("deactivate / activate flip `active`; 404 for unknown or someone else's", async () => {
    const id = (await create({ event: ["*"], targetUrl: "http://127.0.0.1:9/t" })).json.data.configId;
    const off = await call(app(), "POST", `${BASE}/${id}/deactivate`, { auth });
    expect(off.status).toBe(200);
    expect(off.json.data).toMatchObject({ configId: id, active: false });
    const on = await call(app(), "POST", `${BASE}/${id}/activate`, { auth });
    expect(on.status).toBe(200);
    expect(on.json.data).toMatchObject({ configId: id, active: true, deactivatedReason: null });
    for (const action of ["activate", "deactivate"]) {
      expect((await call(app(), "POST", `${BASE}/${id}/${action}`, { auth: otherAuth })).status).toBe(404);
      expect(
        (await call(app(), "POST", `${BASE}/00000000-0000-4000-8000-000000000000/${action}`, { auth })).status,
      ).toBe(404);
    }
  });

  it("DELETE removes permanently: 200 with data { message }, then 404", async () => {
    const id = (await create({ event: ["*"], targetUrl: "http://127.0.0.1:9/d" })).json.data.configId;
    expect((await call(app(), "DELETE", `${BASE}/${id}`, { auth: otherAuth })).status).toBe(404);
    const res = await call(app(), "DELETE", `${BASE}/${id}`, { auth });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ success: true, data: { message: expect.any(String) } });
    expect(Object.keys(res.json.data)).toEqual(["message"]);
    const again = await call(app(), "DELETE", `${BASE}/${id}`, { auth });
    expect(again.status).toBe(404);
    expect(again.json).toMatchObject({ success: false, status: 404, code: "NOT_FOUND" });
    expect(await db().webhookConfig.findUnique({ where: { id } })).toBeNull();
  });

  it("documents every route in the OpenAPI document", async () => {
    const doc = await call(app(), "GET", "/v4/i/openapi.json");
    expect(Object.keys(doc.json.paths)).toEqual(
      expect.arrayContaining([
        "/v4/i/webhooks/config",
        "/v4/i/webhooks/config/me",
        "/v4/i/webhooks/config/{configId}",
        "/v4/i/webhooks/config/{configId}/deactivate",
        "/v4/i/webhooks/config/{configId}/activate",
      ]),
    );
  });
});
