/**
 * A database out of reach (a failover under way) is a 503 with Retry-After on every REST surface,
 * never a 500 (docs/decisions/0048). The failover drill (scripts/failover.ts) checks the same
 * under load; this pins each door's answer with nothing listening on the database's port.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accountApi } from "../../server/account-api/app";
import { oauthApi } from "../../server/api-pix/oauth";
import { resetConfigForTests } from "../../server/config";
import { disconnectDb } from "../../server/db/client";
import { freePort } from "../../server/db/embedded";
import { closePool } from "../../server/db/pool";
import { gatewayApi } from "../../server/gateway/app";
import { basic, call } from "../support/fixtures";

let saved: string | undefined;
beforeAll(async () => {
  saved = process.env.DATABASE_URL;
  await disconnectDb();
  await closePool();
  process.env.DATABASE_URL = `postgresql://postgres@127.0.0.1:${await freePort()}/gone`;
  resetConfigForTests();
});
afterAll(async () => {
  await disconnectDb();
  await closePool();
  process.env.DATABASE_URL = saved;
  resetConfigForTests();
});

describe("with the database unreachable", () => {
  it("the gateway answers 503 with Retry-After", async () => {
    const res = await call(gatewayApi(), "GET", "/api/external/balance", { auth: "ApiKey pk_unknown:secret" });
    expect(res.status).toBe(503);
    expect(Number(res.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(res.text).not.toMatch(/ECONNREFUSED|127\.0\.0\.1|prisma/i);
  });

  it("the account API answers 503 SERVICE_UNAVAILABLE with Retry-After", async () => {
    const res = await call(accountApi(), "GET", "/v4/i/balance", { auth: basic("client", "secret") });
    expect(res.status).toBe(503);
    expect(res.json?.error?.code ?? res.text).toContain("SERVICE_UNAVAILABLE");
    expect(Number(res.headers.get("retry-after"))).toBeGreaterThan(0);
  });

  it("the API Pix token endpoint answers 503 temporarily_unavailable with Retry-After", async () => {
    const res = await oauthApi().request("/api/pix/oauth/token", {
      method: "POST",
      headers: { authorization: basic("client", "secret"), "content-type": "application/x-www-form-urlencoded" },
      body: "grant_type=client_credentials",
    });
    expect(res.status).toBe(503);
    expect(((await res.json()) as { error: string }).error).toBe("temporarily_unavailable");
    expect(Number(res.headers.get("retry-after"))).toBeGreaterThan(0);
  });
});
