import { hasError, parsePix } from "pix-utils";
import { beforeAll, describe, expect, it } from "vitest";
import { accountApi } from "../../server/account-api/app";
import { expireDueCharges } from "../../server/charges/service";
import { db } from "../../server/db/client";
import { verifyLedger } from "../../server/ledger/verify";
import { decodeBrCode } from "../../server/pix/brcode";
import { availableCents, call, fundedMerchant, newMerchant, randomCpf } from "../support/fixtures";

const create = "/v4/i/pix/in/dynamic-qrcode";

describe("dynamic QR charges", () => {
  let shop: Awaited<ReturnType<typeof fundedMerchant>>;

  beforeAll(async () => {
    shop = await fundedMerchant(0n);
  });

  async function newCharge(body: Record<string, unknown> = {}) {
    const res = await call(accountApi(), "POST", create, {
      auth: shop.auth,
      body: { accountId: shop.accountId, amount: 42.1, ...body },
    });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    return res.json.data as { txId: string; dueDate: string; emv: string };
  }

  it("creates a charge whose BR Code is dynamic, points at this host and carries the amount", async () => {
    const before = Date.now();
    const charge = await newCharge({
      description: "pedido 1",
      metadata: { order: 1 },
      userId: "ignored",
      payerName: "x",
    });
    expect(charge.txId).toMatch(/^[a-zA-Z0-9]{26,35}$/);
    const due = Date.parse(charge.dueDate);
    expect(due - before).toBeGreaterThanOrEqual(86_400_000 - 5_000);
    expect(due - before).toBeLessThanOrEqual(86_400_000 + 5_000);
    const decoded = decodeBrCode(charge.emv);
    expect(decoded).toMatchObject({ kind: "dynamic", amountCents: 4210n, pointOfInitiation: "12", currency: "986" });
    expect(decoded.url).toMatch(/^localhost:3000\/pix\/qr\/v2\/[0-9a-f-]{36}$/);
    const parsed = parsePix(charge.emv);
    expect(hasError(parsed)).toBe(false);
  });

  it("echoes metadata and answers GET with the queried shape; 404 for foreign and unknown", async () => {
    const charge = await newCharge({ metadata: { cart: "abc" }, externalId: "charge-ext-1" });
    const res = await call(accountApi(), "GET", `${create}/${charge.txId}`, { auth: shop.auth });
    expect(res.status).toBe(200);
    expect(res.json.data).toMatchObject({
      id: charge.txId,
      uid: charge.txId,
      amount: 42.1,
      emv: charge.emv,
      dueDate: charge.dueDate,
      metadata: { cart: "abc" },
      status: "created",
    });
    const stranger = await newMerchant();
    const foreign = await call(accountApi(), "GET", `${create}/${charge.txId}`, {
      auth: `Basic ${Buffer.from(`${stranger.clientId}:${stranger.clientSecret}`).toString("base64")}`,
    });
    expect(foreign.status).toBe(404);
    expect((await call(accountApi(), "GET", `${create}/${"A".repeat(32)}`, { auth: shop.auth })).status).toBe(404);
    expect((await call(accountApi(), "GET", `${create}/short`, { auth: shop.auth })).status).toBe(400);
  });

  it("answers 409 for a repeated externalId, 400 for bad input, 404 for an unknown account", async () => {
    await newCharge({ externalId: "dup-charge" });
    const again = await call(accountApi(), "POST", create, {
      auth: shop.auth,
      body: { accountId: shop.accountId, amount: 1, externalId: "dup-charge" },
    });
    expect(again.status).toBe(409);
    expect(again.json.code).toBe("IDEMPOTENCY_CONFLICT");
    for (const body of [
      { accountId: shop.accountId, amount: 0 },
      { accountId: shop.accountId, amount: 1.001 },
      { accountId: shop.accountId },
      { accountId: "123", amount: 1 },
      { accountId: shop.accountId, amount: 1, expirationSeconds: 0 },
      { accountId: shop.accountId, amount: 1, sameDocument: "123" },
    ]) {
      expect((await call(accountApi(), "POST", create, { auth: shop.auth, body })).status, JSON.stringify(body)).toBe(
        400,
      );
    }
    const missing = await call(accountApi(), "POST", create, {
      auth: shop.auth,
      body: { accountId: "999999999995", amount: 1 },
    });
    expect(missing.status).toBe(404);
  });

  it("is paid once: two concurrent payments give exactly one credit", async () => {
    const charge = await newCharge({ amount: 15, metadata: { order: 77 } });
    const before = await availableCents(shop.accountId);
    const attempts = await Promise.all(
      [1, 2].map(() =>
        call(accountApi(), "POST", `/v4/i/sandbox/pix/in/dynamic-qrcode/${charge.txId}/pay`, {
          auth: shop.auth,
          body: {},
        }),
      ),
    );
    expect(attempts.map((a) => a.status).sort()).toEqual([200, 409]);
    expect(await availableCents(shop.accountId)).toBe(before + 1500n);
    const credit = attempts.find((a) => a.status === 200)?.json.data;
    expect(credit).toMatchObject({
      reason: "pix_in:qrcode_paid",
      entryId: charge.txId,
      type: "credit",
      metadata: { order: 77 },
    });
    expect(credit.endToEndId).toMatch(/^E/);

    const lookup = await call(accountApi(), "GET", `/v4/i/ledger/entry-id/${charge.txId}`, { auth: shop.auth });
    expect(lookup.json.data).toMatchObject({ id: credit.id, entryId: charge.txId });
  });

  it("refuses other payers' documents when sameDocument is set", async () => {
    const document = randomCpf();
    const charge = await newCharge({ sameDocument: document });
    const payer = {
      ispb: "10000001",
      personType: "person",
      cpfCnpj: randomCpf(),
      name: "Outro",
      agency: "1",
      accountType: "CACC",
      accountNumber: "1",
    };
    const refused = await call(accountApi(), "POST", `/v4/i/sandbox/pix/in/dynamic-qrcode/${charge.txId}/pay`, {
      auth: shop.auth,
      body: { payer },
    });
    expect(refused.status).toBe(400);
    expect(refused.json.message).toContain("transaction not allowed");
    const ok = await call(accountApi(), "POST", `/v4/i/sandbox/pix/in/dynamic-qrcode/${charge.txId}/pay`, {
      auth: shop.auth,
      body: { payer: { ...payer, cpfCnpj: document } },
    });
    expect(ok.status).toBe(200);
  });

  it("expires: the job marks it, GET answers 404 and payment is refused", async () => {
    const charge = await newCharge({ expirationSeconds: 60 });
    // past its expiry without waiting on the real clock
    await db().charge.update({ where: { txId: charge.txId }, data: { expiresAt: new Date(Date.now() - 1000) } });
    const refused = await call(accountApi(), "POST", `/v4/i/sandbox/pix/in/dynamic-qrcode/${charge.txId}/pay`, {
      auth: shop.auth,
      body: {},
    });
    expect(refused.status).toBe(400);
    expect(await expireDueCharges(db())).toBeGreaterThanOrEqual(1);
    const stored = await db().charge.findUniqueOrThrow({ where: { txId: charge.txId } });
    expect(stored.status).toBe("expired");
    expect(await db().outboxEvent.count({ where: { topic: "charge.expired", entryId: charge.txId } })).toBe(1);
    expect((await call(accountApi(), "GET", `${create}/${charge.txId}`, { auth: shop.auth })).status).toBe(404);
  });

  it("paid from another account of the platform (transfer/pay) lands in the same credit path, once", async () => {
    const charge = await newCharge({ amount: 9.99 });
    const payer = await fundedMerchant(5000n);
    const before = await availableCents(shop.accountId);
    const results = await Promise.all(
      [1, 2, 3].map(() =>
        call(accountApi(), "POST", `/v4/i/bank-accounts/${payer.accountId}/transfer/pay`, {
          auth: payer.auth,
          body: { emv: charge.emv },
        }),
      ),
    );
    // interface 4.2: paying a paid charge is the 400 "transaction not allowed"
    expect(results.map((r) => r.status).sort()).toEqual([200, 400, 400]);
    expect(results.filter((r) => r.status === 400).map((r) => r.json.message)).toEqual([
      expect.stringContaining("transaction not allowed"),
      expect.stringContaining("transaction not allowed"),
    ]);
    const debit = results.find((r) => r.status === 200)?.json.data;
    expect(debit).toMatchObject({
      reason: "pix_out:emv_pay",
      status: "succeeded",
      grossAmount: 9.99,
      entryId: charge.txId,
    });
    expect(await availableCents(shop.accountId)).toBe(before + 999n);
    expect(await availableCents(payer.accountId)).toBe(5000n - 999n);
    const credit = await db().ledgerEntry.findFirstOrThrow({
      where: { accountId: shop.accountId, entryRef: charge.txId },
    });
    expect(credit.reason).toBe("pix_in:qrcode_paid");
    const wrongAmount = await call(accountApi(), "POST", `/v4/i/bank-accounts/${payer.accountId}/transfer/pay`, {
      auth: payer.auth,
      body: { emv: (await newCharge({ amount: 5 })).emv, amount: 6 },
    });
    expect(wrongAmount.status).toBe(400);
    expect((await verifyLedger(db())).violations).toEqual([]);
  });

  it("serves the charge at its location as a signed JWS", async () => {
    const charge = await newCharge({ amount: 3.5 });
    const url = decodeBrCode(charge.emv).url as string;
    const { signLocation, locationJwks } = await import("../../server/charges/location");
    const stored = await db().charge.findUniqueOrThrow({ where: { txId: charge.txId } });
    const jws = signLocation(stored);
    const [header, payload, signature] = jws.split(".");
    expect(JSON.parse(Buffer.from(header as string, "base64url").toString())).toMatchObject({ alg: "ES256" });
    expect(JSON.parse(Buffer.from(payload as string, "base64url").toString())).toMatchObject({
      txid: charge.txId,
      valor: { original: "3.50" },
      status: "ATIVA",
    });
    const { createPublicKey, verify } = await import("node:crypto");
    const jwk = locationJwks().keys[0] as import("node:crypto").JsonWebKey;
    const ok = verify(
      "sha256",
      Buffer.from(`${header}.${payload}`),
      { key: createPublicKey({ key: jwk, format: "jwk" }), dsaEncoding: "ieee-p1363" },
      Buffer.from(signature as string, "base64url"),
    );
    expect(ok).toBe(true);
    expect(url.endsWith(String(stored.locationId))).toBe(true);
  });
});
