/** Every route declares its scope; sandbox routes only with the sandbox rail. */
import { afterEach, describe, expect, it } from "vitest";
import { createAccountApi } from "../../server/account-api/app";
import { createApiKey } from "../../server/apikeys/service";
import { config, resetConfigForTests } from "../../server/config";
import { db } from "../../server/db/client";
import { createGatewayApi } from "../../server/gateway/app";
import { basic, call, fundedMerchant } from "../support/fixtures";

type Routed = { routes: { method: string; path: string; handler: unknown }[] };

/** "METHOD path" of every endpoint whose handlers carry no scope-checking middleware. */
function routesWithoutScope(app: Routed): string[] {
  const endpoints = new Map<string, boolean>();
  for (const route of app.routes) {
    if (route.method === "ALL") continue;
    const key = `${route.method} ${route.path}`;
    const scoped = typeof (route.handler as { scope?: unknown }).scope === "string";
    endpoints.set(key, (endpoints.get(key) ?? false) || scoped);
  }
  return [...endpoints].filter(([, scoped]) => !scoped).map(([key]) => key);
}

describe("route scopes", () => {
  afterEach(() => {
    delete process.env.PIX_MODE;
    resetConfigForTests();
  });

  it("every account-surface and gateway route declares its scope (the API documents excepted)", () => {
    expect(config().PIX_MODE).toBe("sandbox");
    expect(routesWithoutScope(createAccountApi())).toEqual(["GET /v4/i/openapi.json"]);
    expect(routesWithoutScope(createGatewayApi())).toEqual(["GET /api/external/openapi.json"]);
  });

  it("a balance:read key cannot credit its account through the sandbox", async () => {
    const m = await fundedMerchant(0n);
    const reader = await createApiKey(db(), { userId: m.userId, scopes: ["balance:read"], ipWhitelist: ["127.0.0.1"] });
    const auth = basic(reader.clientId, reader.clientSecret);
    const credit = await call(createAccountApi(), "POST", "/v4/i/sandbox/pix/in/credit", {
      auth,
      body: { accountId: m.accountId, amount: 100 },
    });
    expect(credit.status).toBe(403);
    expect(credit.json.code).toBe("INSUFFICIENT_SCOPE");
    const ret = await call(createAccountApi(), "POST", "/v4/i/sandbox/pix/out/E123/return", { auth, body: {} });
    expect(ret.status).toBe(403);
    const pay = await call(createAccountApi(), "POST", "/v4/i/sandbox/pix/in/dynamic-qrcode/abc/pay", {
      auth,
      body: {},
    });
    expect(pay.status).toBe(403);
    expect((await db().account.findUniqueOrThrow({ where: { id: m.accountId } })).availableCents).toBe(0n);
  });

  it("without the sandbox rail the sandbox routes do not exist", async () => {
    process.env.PIX_MODE = "connector";
    resetConfigForTests();
    const app = createAccountApi();
    expect(app.routes.some((r) => r.path.includes("/sandbox/"))).toBe(false);
    const m = await fundedMerchant(0n);
    const credit = await call(app, "POST", "/v4/i/sandbox/pix/in/credit", {
      auth: m.auth,
      body: { accountId: m.accountId, amount: 100 },
    });
    expect(credit.status).toBe(404);
    expect((await db().account.findUniqueOrThrow({ where: { id: m.accountId } })).availableCents).toBe(0n);
  });
});
