import { beforeAll, describe, expect, it } from "vitest";
import { db } from "../../server/db/client";
import { createPixKey, deletePixKey, listPixKeys } from "../../server/pix/keys/service";
import { registerPixKey } from "../../server/pix/platform-keys";
import { call } from "../support/fixtures";
import { app, keysPath, type Owner, refusal } from "./keys-support";
import { passCooldown, programmeAccount, programmeOwner } from "./support";

const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const MINUTE = 60_000;

describe("PIX keys of programme accounts (/v4/i/baas/accounts/{accountId}/pix-keys)", () => {
  let owner: Owner;

  beforeAll(async () => {
    owner = await programmeOwner();
  });

  it("generates an EVP (UUID v4) that becomes the current key, and lists it", async () => {
    const account = await programmeAccount(owner.userId);
    const created = await call(app(), "POST", keysPath(account.id), { auth: owner.auth, body: { type: "EVP" } });
    expect(created.status).toBe(201);
    expect(created.json.data).toMatchObject({ type: "EVP", isCurrent: true, key: expect.stringMatching(UUID_V4) });
    const listed = await call(app(), "GET", keysPath(account.id), { auth: owner.auth });
    expect(listed.status).toBe(200);
    expect(listed.json.data).toEqual([created.json.data]);
  });

  it("refuses a key value for EVP, a CPF other than the account's, a long e-mail, a malformed phone", async () => {
    const account = await programmeAccount(owner.userId);
    const cases = [
      { type: "EVP", key: "123e4567-e89b-42d3-a456-426614174000" },
      { type: "CPF", key: "52998224725" },
      { type: "EMAIL", key: `${"a".repeat(71)}@ex.com` },
      { type: "EMAIL", key: "not-an-address" },
      { type: "PHONE", key: "+1 555 0100" },
      { type: "PHONE", key: "98765-4321" },
      { type: "EMAIL" },
    ];
    for (const body of cases) {
      const res = await call(app(), "POST", keysPath(account.id), { auth: owner.auth, body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.json.code).toBe("VALIDATION_ERROR");
    }
    const cnpj = await call(app(), "POST", keysPath(account.id), { auth: owner.auth, body: { type: "CNPJ" } });
    expect(cnpj.json).toMatchObject({ status: 400, code: "BAAS_PIX_KEY_TYPE_NOT_ALLOWED" });
    expect(await db().pixKey.count({ where: { accountId: account.id } })).toBe(0);
  });

  it("registers the account's own CPF at once (prefilled when omitted)", async () => {
    const account = await programmeAccount(owner.userId);
    const cpf = await call(app(), "POST", keysPath(account.id), { auth: owner.auth, body: { type: "CPF" } });
    expect(cpf.status).toBe(201);
    expect(cpf.json.data).toMatchObject({ type: "CPF", key: account.document, isCurrent: true });
  });

  it("says a CPF failing its check digits is invalid (reason CPF_INVALID)", async () => {
    const account = await programmeAccount(owner.userId);
    const wrong = `${account.document.slice(0, 9)}${(Number(account.document.slice(9)) + 1) % 100}`.padEnd(11, "0");
    const refused = await refusal(
      createPixKey(db(), { callerId: owner.userId, accountId: account.id }, { type: "CPF", key: wrong }),
    );
    expect(refused).toMatchObject({ code: "VALIDATION_ERROR", field: "key", reason: "CPF_INVALID" });
  });

  it("registers a company's CNPJ and refuses a CPF on it (400 BAAS_PIX_KEY_TYPE_NOT_ALLOWED)", async () => {
    const company = await programmeAccount(owner.userId, "company");
    const cpf = await call(app(), "POST", keysPath(company.id), {
      auth: owner.auth,
      body: { type: "CPF", key: "52998224725" },
    });
    expect(cpf.status).toBe(400);
    expect(cpf.json).toMatchObject({ code: "BAAS_PIX_KEY_TYPE_NOT_ALLOWED" });
    const cnpj = await call(app(), "POST", keysPath(company.id), {
      auth: owner.auth,
      body: { type: "CNPJ", key: company.document },
    });
    expect(cnpj.status).toBe(201);
  });

  it("answers 429 BAAS_PIX_KEY_COOLDOWN with Retry-After for a second key within 10 minutes", async () => {
    const account = await programmeAccount(owner.userId);
    await call(app(), "POST", keysPath(account.id), { auth: owner.auth, body: { type: "EVP" } });
    const res = await call(app(), "POST", keysPath(account.id), { auth: owner.auth, body: { type: "EVP" } });
    expect(res.status).toBe(429);
    expect(res.json).toMatchObject({ success: false, status: 429, code: "BAAS_PIX_KEY_COOLDOWN" });
    const retryAfter = Number(res.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThan(590);
    expect(retryAfter).toBeLessThanOrEqual(600);
  });

  it("counts the cooldown on a movable clock, and a deletion does not restart it", async () => {
    const account = await programmeAccount(owner.userId);
    const access = { callerId: owner.userId, accountId: account.id };
    const t0 = new Date("2026-01-10T12:00:00Z").getTime();
    const at = (ms: number) => () => new Date(t0 + ms);
    await createPixKey(db(), access, { type: "EVP" }, at(0));
    const early = await refusal(createPixKey(db(), access, { type: "EVP" }, at(10 * MINUTE - 1000)));
    expect(early).toMatchObject({ code: "BAAS_PIX_KEY_COOLDOWN", status: 429, retryAfterSeconds: 1 });
    const second = await createPixKey(db(), access, { type: "EVP" }, at(10 * MINUTE));
    await deletePixKey(db(), access, second.id);
    const afterDelete = await refusal(createPixKey(db(), access, { type: "EVP" }, at(15 * MINUTE)));
    expect(afterDelete).toMatchObject({ code: "BAAS_PIX_KEY_COOLDOWN", retryAfterSeconds: 300 });
    await createPixKey(db(), access, { type: "EVP" }, at(20 * MINUTE));
  });

  it.each([
    ["person", 5],
    ["company", 20],
  ] as const)("a %s's account holds at most %i keys (400 BAAS_PIX_KEY_LIMIT_EXCEEDED)", async (personType, limit) => {
    const account = await programmeAccount(owner.userId, personType);
    const access = { callerId: owner.userId, accountId: account.id };
    const t0 = Date.now() - 24 * 60 * MINUTE;
    for (let i = 0; i < limit; i++)
      await createPixKey(db(), access, { type: "EVP" }, () => new Date(t0 + i * 11 * MINUTE));
    await passCooldown(account.id);
    const res = await call(app(), "POST", keysPath(account.id), { auth: owner.auth, body: { type: "EVP" } });
    expect(res.status).toBe(400);
    expect(res.json).toMatchObject({ code: "BAAS_PIX_KEY_LIMIT_EXCEEDED", success: false });
    expect(await db().pixKey.count({ where: { accountId: account.id } })).toBe(limit);
  });

  it("answers 409 BAAS_PIX_KEY_OTHER_OWNER for a key registered here to another document", async () => {
    const first = await programmeAccount(owner.userId);
    const second = await programmeAccount(owner.userId);
    const key = `shared.${first.id}@example.invalid`;
    await registerPixKey(db(), first.id, "EMAIL", key);
    const res = await call(app(), "POST", keysPath(second.id), { auth: owner.auth, body: { type: "EMAIL", key } });
    expect(res.status).toBe(409);
    expect(res.json).toMatchObject({ code: "BAAS_PIX_KEY_OTHER_OWNER", status: 409 });
  });

  it("answers 409 BAAS_PIX_KEY_OTHER_PARTICIPANT for e-mail keys at other-psp.sandbox", async () => {
    const account = await programmeAccount(owner.userId);
    const res = await call(app(), "POST", keysPath(account.id), {
      auth: owner.auth,
      body: { type: "EMAIL", key: "ana@Other-PSP.sandbox" },
    });
    expect(res.status).toBe(409);
    expect(res.json).toMatchObject({ code: "BAAS_PIX_KEY_OTHER_PARTICIPANT", status: 409 });
    expect(await db().pixKey.count({ where: { accountId: account.id } })).toBe(0);
    const doc = (await call(app(), "GET", "/v4/i/openapi.json")).json;
    expect(JSON.stringify(doc)).toContain("other-psp.sandbox");
  });

  it("refuses to delete the current key (400 BAAS_PIX_KEY_IS_CURRENT), deletes it once another is current", async () => {
    const account = await programmeAccount(owner.userId);
    const first = (await call(app(), "POST", keysPath(account.id), { auth: owner.auth, body: { type: "EVP" } })).json
      .data;
    await passCooldown(account.id);
    const second = (await call(app(), "POST", keysPath(account.id), { auth: owner.auth, body: { type: "EVP" } })).json
      .data;
    const refused = await call(app(), "DELETE", `${keysPath(account.id)}/${first.keyId}`, { auth: owner.auth });
    expect(refused.status).toBe(400);
    expect(refused.json).toMatchObject({ code: "BAAS_PIX_KEY_IS_CURRENT", status: 400 });

    const current = await call(app(), "POST", `${keysPath(account.id)}/${second.keyId}/set-current`, {
      auth: owner.auth,
    });
    expect(current.status).toBe(200);
    expect(current.json.data).toMatchObject({ keyId: second.keyId, isCurrent: true });
    const deleted = await call(app(), "DELETE", `${keysPath(account.id)}/${first.keyId}`, { auth: owner.auth });
    expect(deleted.status).toBe(200);
    const keys = await listPixKeys(db(), { callerId: owner.userId, accountId: account.id });
    expect(keys.map((k) => [k.id, k.isCurrent])).toEqual([[second.keyId, true]]);
  });

  it("answers 404 for an unknown key and 400 for a malformed key id", async () => {
    const account = await programmeAccount(owner.userId);
    const unknown = await call(app(), "DELETE", `${keysPath(account.id)}/00000000-0000-4000-8000-000000000000`, {
      auth: owner.auth,
    });
    expect(unknown.status).toBe(404);
    const malformed = await call(app(), "POST", `${keysPath(account.id)}/nope/set-current`, { auth: owner.auth });
    expect(malformed.status).toBe(400);
  });

  it("hides another programme's accounts and keys (404) and changes nothing", async () => {
    const account = await programmeAccount(owner.userId);
    const key = (await call(app(), "POST", keysPath(account.id), { auth: owner.auth, body: { type: "EVP" } })).json
      .data;
    const stranger = await programmeOwner();
    const attempts = [
      ["GET", keysPath(account.id), undefined],
      ["POST", keysPath(account.id), { type: "EVP" }],
      ["POST", `${keysPath(account.id)}/${key.keyId}/set-current`, undefined],
      ["DELETE", `${keysPath(account.id)}/${key.keyId}`, undefined],
    ] as const;
    for (const [method, path, body] of attempts) {
      const res = await call(app(), method, path, { auth: stranger.auth, ...(body ? { body } : {}) });
      expect(res.status, `${method} ${path}`).toBe(404);
      expect(res.json.code).toBe("NOT_FOUND");
    }
    expect(await db().pixKey.count({ where: { accountId: account.id } })).toBe(1);
  });

  it("needs the baas:accounts scope", async () => {
    const account = await programmeAccount(owner.userId);
    const { createApiKey } = await import("../../server/apikeys/service");
    const limited = await createApiKey(db(), {
      userId: owner.userId,
      name: "no baas",
      ipWhitelist: ["127.0.0.1"],
      scopes: ["balance:read"],
    });
    const { basic } = await import("../support/fixtures");
    const res = await call(app(), "GET", keysPath(account.id), { auth: basic(limited.clientId, limited.clientSecret) });
    expect(res.status).toBe(403);
    expect(res.json.code).toBe("INSUFFICIENT_SCOPE");
  });

  it("lets only one of concurrent creations through the cooldown", async () => {
    const account = await programmeAccount(owner.userId);
    const results = await Promise.allSettled(
      Array.from({ length: 6 }, () =>
        createPixKey(db(), { callerId: owner.userId, accountId: account.id }, { type: "EVP" }),
      ),
    );
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    for (const r of results)
      if (r.status === "rejected") expect(r.reason).toMatchObject({ code: "BAAS_PIX_KEY_COOLDOWN" });
    const keys = await db().pixKey.findMany({ where: { accountId: account.id } });
    expect(keys).toHaveLength(1);
    expect(keys[0]?.isCurrent).toBe(true);
  });

  it("never passes the limit under concurrent creations at distinct times", async () => {
    const account = await programmeAccount(owner.userId);
    const access = { callerId: owner.userId, accountId: account.id };
    const t0 = Date.now() - 48 * 60 * MINUTE;
    for (let i = 0; i < 4; i++) await createPixKey(db(), access, { type: "EVP" }, () => new Date(t0 + i * 11 * MINUTE));
    const results = await Promise.allSettled(
      Array.from({ length: 5 }, (_, i) =>
        createPixKey(db(), access, { type: "EVP" }, () => new Date(t0 + (i + 1) * 60 * MINUTE)),
      ),
    );
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    expect(await db().pixKey.count({ where: { accountId: account.id } })).toBe(5);
    expect(await db().pixKey.count({ where: { accountId: account.id, isCurrent: true } })).toBe(1);
  });
});
