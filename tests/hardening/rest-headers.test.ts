/**
 * Every answer of the REST surfaces — successes, refusals, errors and the OpenAPI documents —
 * carries the JSON surfaces' security headers, and none may be cached.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { accountApi } from "../../server/account-api/app";
import { gatewayApi } from "../../server/gateway/app";
import { apiKeyAuth } from "../gateway/support";
import { call, fundedMerchant } from "../support/fixtures";

function expectSecurityHeaders(headers: Headers, what: string) {
  expect(headers.get("x-content-type-options"), what).toBe("nosniff");
  expect(headers.get("x-frame-options"), what).toBe("DENY");
  const csp = headers.get("content-security-policy") ?? "";
  expect(csp, what).toContain("default-src 'none'");
  expect(csp, what).toContain("frame-ancestors 'none'");
  expect(headers.get("cache-control"), what).toBe("no-store");
}

describe("security headers on the REST surfaces", () => {
  let m: Awaited<ReturnType<typeof fundedMerchant>>;
  beforeAll(async () => {
    m = await fundedMerchant(1_000n);
  });

  it("account surface (/v4/i): 200, 401, 404, 400 and its OpenAPI document", async () => {
    const answers = {
      ok: await call(accountApi(), "GET", `/v4/i/bank-accounts/${m.accountId}/balance`, { auth: m.auth }),
      unauthenticated: await call(accountApi(), "GET", `/v4/i/bank-accounts/${m.accountId}/balance`),
      missing: await call(accountApi(), "GET", "/v4/i/no-such-route", { auth: m.auth }),
      invalid: await call(accountApi(), "POST", `/v4/i/bank-accounts/${m.accountId}/transfer/internal`, {
        auth: m.auth,
        rawBody: "{",
      }),
      openapi: await call(accountApi(), "GET", "/v4/i/openapi.json"),
    };
    expect(Object.fromEntries(Object.entries(answers).map(([k, a]) => [k, a.status]))).toEqual({
      ok: 200,
      unauthenticated: 401,
      missing: 404,
      invalid: 400,
      openapi: 200,
    });
    for (const [what, answer] of Object.entries(answers)) expectSecurityHeaders(answer.headers, what);
  });

  it("gateway (/api/external): 200, 401, 404 and its OpenAPI document", async () => {
    const answers = {
      ok: await call(gatewayApi(), "GET", "/api/external/balance", { auth: apiKeyAuth(m) }),
      unauthenticated: await call(gatewayApi(), "GET", "/api/external/balance"),
      missing: await call(gatewayApi(), "GET", "/api/external/no-such-route", { auth: apiKeyAuth(m) }),
      openapi: await call(gatewayApi(), "GET", "/api/external/openapi.json"),
    };
    expect(Object.fromEntries(Object.entries(answers).map(([k, a]) => [k, a.status]))).toEqual({
      ok: 200,
      unauthenticated: 401,
      missing: 404,
      openapi: 200,
    });
    for (const [what, answer] of Object.entries(answers)) expectSecurityHeaders(answer.headers, what);
  });
});
