import { describe, expect, it } from "vitest";
import { forgetKeyStates } from "../../server/api-pix/token";
import { API_PIX_SCOPES } from "../../server/apikeys/scopes";
import { createApiKey, revokeApiKey } from "../../server/apikeys/service";
import { db } from "../../server/db/client";
import { call, newMerchant } from "../support/fixtures";
import { apiPixDoor, apiPixMerchant, pixCall, requestToken } from "./support";

const PROBLEM = "https://pix.bcb.gov.br/api/v2/error/";

describe("POST /api/pix/oauth/token", () => {
  it("grants every API Pix scope of the key by default, as a bearer token of the configured lifetime", async () => {
    const merchant = await newMerchant();
    const res = await requestToken(merchant.clientId, merchant.clientSecret);
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect(res.json).toEqual({
      access_token: expect.stringMatching(/^[\w-]+\.[\w-]+\.[\w-]+$/),
      token_type: "Bearer",
      expires_in: 3600,
      scope: API_PIX_SCOPES.join(" "),
    });
  });

  it("grants only the scopes asked for, and refuses one the key does not have", async () => {
    const merchant = await newMerchant();
    const some = await requestToken(
      merchant.clientId,
      merchant.clientSecret,
      "grant_type=client_credentials&scope=cob.read+pix.read",
    );
    expect(some.json.scope).toBe("cob.read pix.read");
    const narrow = await db().apiKey.findFirstOrThrow({ where: { clientId: merchant.clientId } });
    const readOnly = await createApiKey(db(), {
      userId: narrow.userId,
      scopes: ["cob.read"],
      ipWhitelist: ["127.0.0.1"],
    });
    const refused = await requestToken(
      readOnly.clientId,
      readOnly.clientSecret,
      "grant_type=client_credentials&scope=cob.write",
    );
    expect(refused.status).toBe(400);
    expect(refused.json).toMatchObject({ error: "invalid_scope" });
    const unknown = await requestToken(
      merchant.clientId,
      merchant.clientSecret,
      "grant_type=client_credentials&scope=balance:read",
    );
    expect(unknown.json).toMatchObject({ error: "invalid_scope" });
  });

  it("answers RFC 6749 errors for bad credentials, grant types and bodies", async () => {
    const merchant = await newMerchant();
    const wrong = await requestToken(merchant.clientId, "not-the-secret");
    expect(wrong.status).toBe(401);
    expect(wrong.json).toMatchObject({ error: "invalid_client" });
    expect(wrong.headers.get("www-authenticate")).toContain("Basic");
    const none = await call(apiPixDoor, "POST", "/api/pix/oauth/token", {
      rawBody: "grant_type=client_credentials",
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expect(none.status).toBe(401);
    const grant = await requestToken(merchant.clientId, merchant.clientSecret, "grant_type=password");
    expect(grant.status).toBe(400);
    expect(grant.json).toMatchObject({ error: "unsupported_grant_type" });
    const outside = await requestToken(
      merchant.clientId,
      merchant.clientSecret,
      "grant_type=client_credentials",
      "203.0.113.9",
    );
    expect(outside.status).toBe(403);
    expect(outside.json).toMatchObject({ error: "access_denied" });
  });
});

describe("bearer tokens on /api/pix/v2", () => {
  it("answers 401 NaoAutorizado without a token, with a forged one, and after the key is revoked", async () => {
    const merchant = await apiPixMerchant();
    const missing = await call(apiPixDoor, "GET", "/api/pix/v2/cob/abc");
    expect(missing.status).toBe(401);
    expect(missing.headers.get("content-type")).toContain("application/problem+json");
    expect(missing.json).toMatchObject({
      type: `${PROBLEM}NaoAutorizado`,
      status: 401,
      correlationId: expect.any(String),
    });
    const forged = await pixCall(`${merchant.bearer.slice(0, -3)}AAA`, "GET", "/cob/abc");
    expect(forged.status).toBe(401);
    const key = await db().apiKey.findFirstOrThrow({ where: { clientId: merchant.clientId } });
    await revokeApiKey(db(), key.clientId);
    forgetKeyStates();
    const revoked = await pixCall(merchant.bearer, "GET", "/cob/abc");
    expect(revoked.status).toBe(401);
  });

  it("answers 403 AcessoNegado from an address off the key's allowlist", async () => {
    const merchant = await apiPixMerchant();
    const res = await pixCall(merchant.bearer, "GET", "/nada", { ip: "203.0.113.9" });
    expect(res.status).toBe(403);
    expect(res.json).toMatchObject({ type: `${PROBLEM}AcessoNegado`, status: 403 });
  });

  it("answers 404 NaoEncontrado for an unknown path, as a problem", async () => {
    const merchant = await apiPixMerchant();
    const res = await pixCall(merchant.bearer, "GET", "/nada");
    expect(res.status).toBe(404);
    expect(res.json).toMatchObject({
      type: `${PROBLEM}NaoEncontrado`,
      title: expect.any(String),
      detail: expect.any(String),
    });
  });
});
