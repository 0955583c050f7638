/**
 * Every route declares its scope; sandbox routes only with the sandbox rail. The API Pix walk
 * reads the route table, so each route that lands is held to it without editing this file.
 */
import { afterEach, describe, expect, it } from "vitest";
import { createAccountApi } from "../../server/account-api/app";
import { createApiPix } from "../../server/api-pix/app";
import { API_PIX_SCOPES } from "../../server/apikeys/scopes";
import { createApiKey } from "../../server/apikeys/service";
import { config, resetConfigForTests } from "../../server/config";
import { db } from "../../server/db/client";
import { createGatewayApi } from "../../server/gateway/app";
import { expectSpecProblem } from "../api-pix/spec-validator";
import { apiPixMerchant, pixCall } from "../api-pix/support";
import { basic, call, fundedMerchant } from "../support/fixtures";
import { useNetworkRail } from "../support/rail";

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

/** "METHOD path" → the scope its handlers declare, for every endpoint that declares one. */
function scopesByRoute(app: Routed): Map<string, string> {
  const scopes = new Map<string, string>();
  for (const route of app.routes) {
    const scope = (route.handler as { scope?: unknown }).scope;
    if (route.method !== "ALL" && typeof scope === "string") scopes.set(`${route.method} ${route.path}`, scope);
  }
  return scopes;
}

describe("route scopes", () => {
  afterEach(() => {
    delete process.env.PIX_RAIL;
    delete process.env.SPI_URL;
    delete process.env.DICT_URL;
    resetConfigForTests();
  });

  it("every account-surface and gateway route declares its scope (the API documents excepted)", () => {
    expect(config().PIX_RAIL).toBe("sandbox");
    expect(routesWithoutScope(createAccountApi())).toEqual(["GET /v4/i/openapi.json"]);
    expect(routesWithoutScope(createGatewayApi())).toEqual(["GET /api/external/openapi.json"]);
  });

  it("every API Pix route declares one of the API Pix scopes (its document excepted)", () => {
    const app = createApiPix();
    expect(routesWithoutScope(app)).toEqual(["GET /api/pix/v2/openapi.json"]);
    for (const [route, scope] of scopesByRoute(app)) expect(API_PIX_SCOPES, route).toContain(scope);
  });

  it("every API Pix route refuses a token without its scope: 403 AcessoNegado, before reading the input", async () => {
    const routes = [...scopesByRoute(createApiPix())];
    for (const [route, scope] of routes) {
      const [method = "GET", template = ""] = route.split(" ");
      const others = API_PIX_SCOPES.filter((s) => s !== scope);
      const m = await apiPixMerchant(others.join(" "));
      const path = template.replace("/api/pix/v2", "").replace(/:\w+/g, "x");
      const res = await pixCall(m.bearer, method, path, method === "GET" ? {} : { rawBody: "{" });
      expect(res.status, `${route} without ${scope}: ${res.text}`).toBe(403);
      expect(res.json.type).toBe("https://pix.bcb.gov.br/api/v2/error/AcessoNegado");
      expectSpecProblem(403, res.json);
    }
    // a merchant per route: the time grows with the surface (the cobr routes tipped it past 30 s under load)
  }, 120_000);

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
    useNetworkRail();
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
