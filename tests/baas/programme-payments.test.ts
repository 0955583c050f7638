import { beforeAll, describe, expect, it } from "vitest";
import { accountApi } from "../../server/account-api/app";
import { createCharge } from "../../server/charges/service";
import { db } from "../../server/db/client";
import { verifyLedger } from "../../server/ledger/verify";
import { encodeStaticBrCode } from "../../server/pix/brcode";
import { BCB_EXAMPLE } from "../../server/pix/brcode/test-fixtures";
import { createPixKey } from "../../server/pix/keys/service";
import { creditIncomingPix } from "../../server/transfers/incoming";
import { call, randomCpf } from "../support/fixtures";
import { settleOutbox as settle } from "../support/outbox";
import { programmeAccount, programmeOwner, randomCnpj } from "./support";

const app = () => accountApi();

type Owner = Awaited<ReturnType<typeof programmeOwner>>;

describe("programme payments (/v4/i/baas/pix)", () => {
  let owner: Owner;
  let accountId: string;
  let holderId: string;

  beforeAll(async () => {
    process.env.SANDBOX_SETTLEMENT_DELAY_MS = "0";
    const { resetConfigForTests } = await import("../../server/config");
    resetConfigForTests();
    owner = await programmeOwner();
    const account = await programmeAccount(owner.userId);
    accountId = account.id;
    holderId = account.userId;
    await creditIncomingPix(db(), { userId: holderId, accountId, amountCents: 1_000_000n });
  });

  it.each([
    ["CPF", () => randomCpf()],
    ["CNPJ", () => randomCnpj()],
    ["EMAIL", () => `loja.${Date.now()}@example.invalid`],
    ["PHONE", () => "+5521987654321"],
    ["EVP", () => "0b8f7c1e-2d3a-4f5b-9c6d-7e8f9a0b1c2d"],
    ["EMAIL", () => "ana@other-psp.sandbox"],
  ])("pays a %s key at another institution: 202 processing, then settled", async (type, keyOf) => {
    const res = await call(app(), "POST", "/v4/i/baas/pix/pay-key", {
      auth: owner.auth,
      body: { accountId, pixKey: keyOf(), pixKeyType: type, amount: 12.5, description: "fornecedor" },
    });
    expect(res.status).toBe(202);
    expect(res.json.data).toMatchObject({ accountId, userId: holderId, status: "processing", grossAmount: 12.5 });
    const e2e = res.json.data.endToEndId;
    await settle();
    const polled = await call(app(), "GET", `/v4/i/baas/pix/payments/${accountId}/${e2e}`, { auth: owner.auth });
    expect(polled.status).toBe(200);
    expect(polled.json.data).toMatchObject({ endToEndId: e2e, status: "succeeded" });
    const short = await call(app(), "GET", `/v4/i/baas/pix/${accountId}/payments/${e2e}`, { auth: owner.auth });
    expect(short.json.data).toEqual(polled.json.data);
  });

  it("a key whose stated type does not match is a 400, and nothing leaves", async () => {
    const before = (await db().account.findUniqueOrThrow({ where: { id: accountId } })).availableCents;
    const res = await call(app(), "POST", "/v4/i/baas/pix/pay-key", {
      auth: owner.auth,
      body: { accountId, pixKey: "ana@example.invalid", pixKeyType: "PHONE", amount: 1 },
    });
    expect(res.status).toBe(400);
    expect((await db().account.findUniqueOrThrow({ where: { id: accountId } })).availableCents).toBe(before);
  });

  it("pays a key of the platform at once (succeeded, both sides)", async () => {
    const shop = await programmeOwner();
    const key = await createPixKey(db(), { callerId: shop.userId, accountId: shop.accountId }, { type: "EVP" });
    const res = await call(app(), "POST", "/v4/i/baas/pix/pay-key", {
      auth: owner.auth,
      body: { accountId, pixKey: key.key, amount: 3 },
    });
    expect(res.status).toBe(202);
    expect(res.json.data.status).toBe("succeeded");
    expect((await db().account.findUniqueOrThrow({ where: { id: shop.accountId } })).availableCents).toBe(300n);
  });

  it("pay-qrcode: a dynamic code is paid for its own amount, whatever amount is sent", async () => {
    const shop = await programmeOwner();
    await createPixKey(db(), { callerId: shop.userId, accountId: shop.accountId }, { type: "EVP" });
    const charge = await createCharge(db(), { userId: shop.userId, accountId: shop.accountId, amountCents: 4_590n });
    const res = await call(app(), "POST", "/v4/i/baas/pix/pay-qrcode", {
      auth: owner.auth,
      body: { accountId, emv: charge.emv, amount: 1 },
    });
    expect(res.status).toBe(202);
    expect(res.json.data).toMatchObject({ grossAmount: 45.9, status: "succeeded", reason: "pix_out:emv_pay" });
    expect((await db().charge.findUniqueOrThrow({ where: { txId: charge.txId } })).status).toBe("paid");
  });

  it("pay-qrcode: a static code requires amount (400 without), then pays it", async () => {
    const emv = encodeStaticBrCode({ pixKey: "+5511912345678", merchantName: "Feira Livre", merchantCity: "Recife" });
    const missing = await call(app(), "POST", "/v4/i/baas/pix/pay-qrcode", {
      auth: owner.auth,
      body: { accountId, emv },
    });
    expect(missing.status).toBe(400);
    expect(missing.json.message).toMatch(/amount/);
    const paid = await call(app(), "POST", "/v4/i/baas/pix/pay-qrcode", {
      auth: owner.auth,
      body: { accountId, emv, amount: 7.77 },
    });
    expect(paid.status).toBe(202);
    expect(paid.json.data).toMatchObject({ grossAmount: 7.77, status: "processing", pixKey: "+5511912345678" });
    const withAmount = encodeStaticBrCode({
      pixKey: "+5511912345678",
      amountCents: 500n,
      merchantName: "Feira Livre",
      merchantCity: "Recife",
    });
    const wrong = await call(app(), "POST", "/v4/i/baas/pix/pay-qrcode", {
      auth: owner.auth,
      body: { accountId, emv: withAmount, amount: 6 },
    });
    expect(wrong.status).toBe(400);
  });

  it("a broken code is a 400 on pay-qrcode", async () => {
    const res = await call(app(), "POST", "/v4/i/baas/pix/pay-qrcode", {
      auth: owner.auth,
      body: { accountId, emv: `${BCB_EXAMPLE.slice(0, -4)}0000`, amount: 1 },
    });
    expect(res.status).toBe(400);
  });

  it("transfers internally to another account of the platform", async () => {
    const shop = await programmeOwner();
    const res = await call(app(), "POST", `/v4/i/baas/pix/${accountId}/transfer/internal`, {
      auth: owner.auth,
      body: { amount: 2.5, receiverBankAccount: shop.accountId, obs: "troco" },
    });
    expect(res.status).toBe(200);
    expect(res.json.data).toMatchObject({ reason: "internal:transfer_out", status: "succeeded", obs: "troco" });
    expect((await db().account.findUniqueOrThrow({ where: { id: shop.accountId } })).availableCents).toBe(250n);
  });

  it("refuses more than the balance (422) and changes nothing", async () => {
    const res = await call(app(), "POST", "/v4/i/baas/pix/pay-key", {
      auth: owner.auth,
      body: { accountId, pixKey: "+5521987654321", amount: 999_999 },
    });
    expect(res.status).toBe(422);
    expect(res.json.code).toBe("INSUFFICIENT_BALANCE");
  });

  it("another programme owner cannot pay from, transfer from or look at the account (404)", async () => {
    const stranger = await programmeOwner();
    const attempts = [
      ["/v4/i/baas/pix/pay-key", { accountId, pixKey: "+5521987654321", amount: 1 }],
      ["/v4/i/baas/pix/pay-qrcode", { accountId, emv: BCB_EXAMPLE, amount: 1 }],
      [`/v4/i/baas/pix/${accountId}/transfer/internal`, { amount: 1, receiverBankAccount: stranger.accountId }],
    ] as const;
    for (const [path, body] of attempts) {
      const res = await call(app(), "POST", path, { auth: stranger.auth, body });
      expect(res.status, path).toBe(404);
    }
    const lookup = await call(app(), "GET", `/v4/i/baas/pix/payments/${accountId}/E12345678202601011200abcdefghijk`, {
      auth: stranger.auth,
    });
    expect(lookup.status).toBe(404);
    expect((await verifyLedger(db())).violations).toEqual([]);
  });

  it("decode-qr answers the fields and the findings of a broken code, without paying", async () => {
    const res = await call(app(), "POST", "/v4/i/baas/pix/decode-qr", {
      auth: owner.auth,
      body: { emv: `${BCB_EXAMPLE.slice(0, -4)}ABCD` },
    });
    expect(res.status).toBe(200);
    expect(res.json.data).toMatchObject({ valid: false, kind: "static", merchantName: "Fulano de Tal" });
    expect(res.json.data.findings).toContainEqual({
      code: "CRC",
      severity: "error",
      message: "CRC mismatch: the code says ABCD, its content gives 1D3D",
    });
    const ok = await call(app(), "POST", "/v4/i/baas/pix/decode-qr", { auth: owner.auth, body: { emv: BCB_EXAMPLE } });
    expect(ok.json.data).toMatchObject({ valid: true, kind: "static", pixKey: "123e4567-e12b-12d1-a456-426655440000" });
  });

  it("needs the baas:pix scope", async () => {
    const { createApiKey } = await import("../../server/apikeys/service");
    const { basic } = await import("../support/fixtures");
    const limited = await createApiKey(db(), {
      userId: owner.userId,
      name: "accounts only",
      ipWhitelist: ["127.0.0.1"],
      scopes: ["baas:accounts"],
    });
    const res = await call(app(), "POST", "/v4/i/baas/pix/decode-qr", {
      auth: basic(limited.clientId, limited.clientSecret),
      body: { emv: BCB_EXAMPLE },
    });
    expect(res.status).toBe(403);
    expect(res.json.code).toBe("INSUFFICIENT_SCOPE");
  });
});
