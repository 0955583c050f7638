import { beforeAll, describe, expect, it } from "vitest";
import { accountApi } from "../../server/account-api/app";
import { resetConfigForTests } from "../../server/config";
import { db } from "../../server/db/client";
import { verifyLedger } from "../../server/ledger/verify";
import { encodeDynamicBrCode, encodeStaticBrCode } from "../../server/pix/brcode";
import { registerPixKey } from "../../server/pix/platform-keys";
import { availableCents, call, fundedMerchant, newMerchant } from "../support/fixtures";
import { settleOutbox as settle } from "../support/outbox";

const external = (id: string) => `/v4/i/bank-accounts/${id}/transfer/external`;
const pay = (id: string) => `/v4/i/bank-accounts/${id}/transfer/pay`;

async function heldCents(accountId: string) {
  return (await db().account.findUniqueOrThrow({ where: { id: accountId } })).heldCents;
}

describe("PIX out", () => {
  let payer: Awaited<ReturnType<typeof fundedMerchant>>;
  let shop: Awaited<ReturnType<typeof newMerchant>>;
  let shopKey: string;

  beforeAll(async () => {
    process.env.SANDBOX_SETTLEMENT_DELAY_MS = "0";
    resetConfigForTests();
    payer = await fundedMerchant(100_000n);
    shop = await newMerchant();
    shopKey = `loja-${shop.accountId}@example.test`;
    await registerPixKey(db(), shop.accountId, "EMAIL", shopKey);
  });

  it("to a key of this platform: both sides settle at once in one transaction", async () => {
    const res = await call(accountApi(), "POST", external(payer.accountId), {
      auth: payer.auth,
      body: { amount: 25, pixKey: shopKey, description: "pedido 7", externalId: "order-7" },
    });
    expect(res.status).toBe(200);
    const entry = res.json.data;
    expect(entry).toMatchObject({ type: "debit", reason: "pix_out:processing", status: "succeeded", pixKey: shopKey });
    expect(entry.id).toBe(entry.endToEndId);
    expect(entry.endToEndId).toMatch(/^E\d{20}[A-Za-z0-9]{11}$/);
    expect(entry.receiver).toMatchObject({ accountNumber: shop.accountId, name: expect.any(String) });
    expect(await availableCents(shop.accountId)).toBe(2500n);

    const credit = await db().ledgerEntry.findFirstOrThrow({ where: { accountId: shop.accountId, id: entry.id } });
    expect(credit).toMatchObject({ type: "credit", reason: "pix_in:credited", status: "succeeded" });
  });

  it("to another institution: processing with the money held, then settled by the worker", async () => {
    const before = await availableCents(payer.accountId);
    const res = await call(accountApi(), "POST", external(payer.accountId), {
      auth: payer.auth,
      body: { amount: 10.5, pixKey: "+5511987654321" },
    });
    expect(res.status).toBe(200);
    expect(res.json.data).toMatchObject({ status: "processing", receiver: { accountType: "CACC" } });
    expect(await availableCents(payer.accountId)).toBe(before - 1050n);
    expect(await heldCents(payer.accountId)).toBe(1050n);

    await settle();
    const status = await call(
      accountApi(),
      "GET",
      `/v4/i/bank-accounts/${payer.accountId}/transfer/external/${res.json.data.endToEndId}`,
      { auth: payer.auth },
    );
    expect(status.status).toBe(200);
    expect(status.json.data).toMatchObject({
      status: "succeeded",
      grossAmount: 10.5,
      endToEndId: res.json.data.endToEndId,
    });
    expect(await heldCents(payer.accountId)).toBe(0n);
    expect(await availableCents(payer.accountId)).toBe(before - 1050n);
  });

  it("a <code>@fail.sandbox key fails with the reason code and the money comes back", async () => {
    const before = await availableCents(payer.accountId);
    const res = await call(accountApi(), "POST", external(payer.accountId), {
      auth: payer.auth,
      body: { amount: 3, pixKey: "ac03@fail.sandbox" },
    });
    expect(res.json.data.status).toBe("processing");
    await settle();
    const entry = await call(accountApi(), "GET", `/v4/i/ledger/end-to-end/${res.json.data.endToEndId}`, {
      auth: payer.auth,
    });
    expect(entry.json.data).toMatchObject({ status: "failed", errorMessage: expect.stringContaining("AC03") });
    expect(await availableCents(payer.accountId)).toBe(before);
  });

  it("settling twice changes nothing (idempotent settlement)", async () => {
    const res = await call(accountApi(), "POST", external(payer.accountId), {
      auth: payer.auth,
      body: { amount: 1, pixKey: "bia@example.invalid" },
    });
    const { settleOutgoingPix } = await import("../../server/transfers/send-pix");
    const entry = await db().ledgerEntry.findFirstOrThrow({
      where: { id: res.json.data.id, accountId: payer.accountId },
    });
    const results = await Promise.all([1, 2, 3].map(() => settleOutgoingPix(db(), entry.seq)));
    expect(results.filter(Boolean)).toHaveLength(1);
    expect((await verifyLedger(db())).violations).toEqual([]);
  });

  it("to bank details at another institution", async () => {
    const res = await call(accountApi(), "POST", external(payer.accountId), {
      auth: payer.auth,
      body: {
        amount: 2,
        bankAccount: {
          ispb: "10000001",
          agency: "0001",
          accountNumber: "123456",
          accountType: "CACC",
          cpfCnpj: "52998224725",
          name: "Maria",
        },
      },
    });
    expect(res.status).toBe(200);
    expect(res.json.data).toMatchObject({
      status: "processing",
      pixKey: null,
      receiver: { name: "Maria", ispb: "10000001" },
    });
  });

  it.each([
    [{ amount: 1 }, "exactly one"],
    [
      {
        amount: 1,
        pixKey: "a@b.co",
        bankAccount: { ispb: "1", agency: "1", accountNumber: "1", accountType: "x", cpfCnpj: "1", name: "x" },
      },
      "",
    ],
    [{ amount: 1, pixKey: "not a key" }, "not a valid PIX key"],
    [{ amount: 1, pixKey: "52998224724" }, "CPF"],
    [{ amount: 0, pixKey: "a@b.co" }, "greater than zero"],
  ])("answers 400 for %j", async (body, message) => {
    const res = await call(accountApi(), "POST", external(payer.accountId), { auth: payer.auth, body });
    expect(res.status).toBe(400);
    expect(res.json.message).toContain(message);
  });

  it("answers 400 above the per-transaction maximum (the amount schema), moving nothing", async () => {
    const before = await availableCents(payer.accountId);
    const res = await call(accountApi(), "POST", external(payer.accountId), {
      auth: payer.auth,
      body: { amount: 1_000_000.01, pixKey: "a@b.co" },
    });
    expect(res.status).toBe(400);
    expect(res.json).toMatchObject({ code: "VALIDATION_ERROR" });
    expect(res.json.message).toBe("amount: must be at most 1000000.00");
    expect(await availableCents(payer.accountId)).toBe(before);
  });

  it("answers 422 when the balance does not cover amount + fee", async () => {
    const poor = await fundedMerchant(500n);
    await db().account.update({ where: { id: poor.accountId }, data: { externalFeeCents: 10n } });
    const res = await call(accountApi(), "POST", external(poor.accountId), {
      auth: poor.auth,
      body: { amount: 4.95, pixKey: "a@b.co" },
    });
    expect(res.status).toBe(422);
    const ok = await call(accountApi(), "POST", external(poor.accountId), {
      auth: poor.auth,
      body: { amount: 4.9, pixKey: "a@b.co" },
    });
    expect(ok.status).toBe(200);
    expect(ok.json.data).toMatchObject({ grossAmount: 4.9, feeAmount: 0.1, netAmount: 5 });
    expect(await availableCents(poor.accountId)).toBe(0n);
  });

  it("answers 404 for the status of an unknown end-to-end id and 400 for a malformed one", async () => {
    const base = `/v4/i/bank-accounts/${payer.accountId}/transfer/external`;
    expect(
      (await call(accountApi(), "GET", `${base}/E99999999202601010000AAAAAAAAAAA`, { auth: payer.auth })).status,
    ).toBe(404);
    expect((await call(accountApi(), "GET", `${base}/nope`, { auth: payer.auth })).status).toBe(400);
  });
});

describe("paying a BR Code", () => {
  let payer: Awaited<ReturnType<typeof fundedMerchant>>;
  let shop: Awaited<ReturnType<typeof newMerchant>>;
  let shopKey: string;

  beforeAll(async () => {
    payer = await fundedMerchant(50_000n);
    shop = await newMerchant();
    shopKey = `qr-${shop.accountId}@example.test`;
    await registerPixKey(db(), shop.accountId, "EMAIL", shopKey);
  });

  const staticCode = (amountCents?: bigint) =>
    encodeStaticBrCode({
      pixKey: shopKey,
      merchantName: "Loja QR",
      merchantCity: "Sao Paulo",
      ...(amountCents ? { amountCents } : {}),
    });

  it("pays the embedded amount when none is sent, inside the platform at once", async () => {
    const res = await call(accountApi(), "POST", pay(payer.accountId), {
      auth: payer.auth,
      body: { emv: staticCode(1234n) },
    });
    expect(res.status).toBe(200);
    expect(res.json.data).toMatchObject({ reason: "pix_out:emv_pay", status: "succeeded", grossAmount: 12.34 });
    expect(await availableCents(shop.accountId)).toBe(1234n);
  });

  it("requires the same amount when the code has one", async () => {
    const res = await call(accountApi(), "POST", pay(payer.accountId), {
      auth: payer.auth,
      body: { emv: staticCode(1234n), amount: 12.35 },
    });
    expect(res.status).toBe(400);
    expect(res.json.message).toContain("must equal");
  });

  it("takes a custom amount only for a static code without one", async () => {
    const missing = await call(accountApi(), "POST", pay(payer.accountId), {
      auth: payer.auth,
      body: { emv: staticCode() },
    });
    expect(missing.status).toBe(400);
    const ok = await call(accountApi(), "POST", pay(payer.accountId), {
      auth: payer.auth,
      body: { emv: staticCode(), amount: 7, metadata: { order: 9 } },
    });
    expect(ok.status).toBe(200);
    expect(ok.json.data.metadata).toMatchObject({ order: 9 });
  });

  it("pays a dynamic code of another institution through the rail", async () => {
    const emv = encodeDynamicBrCode({
      locationUrl: "pix.example-bank.test/qr/v2/abc123",
      amountCents: 990n,
      merchantName: "Outra Loja",
      merchantCity: "Recife",
    });
    const res = await call(accountApi(), "POST", pay(payer.accountId), { auth: payer.auth, body: { emv } });
    expect(res.status).toBe(200);
    expect(res.json.data).toMatchObject({ status: "processing", grossAmount: 9.9, receiver: { name: "Outra Loja" } });
  });

  it("answers 400 for an invalid code (bad CRC, not PIX, garbage)", async () => {
    const good = staticCode(100n);
    for (const emv of [`${good.slice(0, -4)}0000`, "hello", good.replace("br.gov.bcb.pix", "br.gov.bcb.xxx")]) {
      const res = await call(accountApi(), "POST", pay(payer.accountId), { auth: payer.auth, body: { emv } });
      expect(res.status, emv).toBe(400);
      expect(res.json.message).toMatch(/invalid EMV/);
    }
  });
});
