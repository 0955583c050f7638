/**
 * The hosted payment page of a charge (docs/decisions/0037-payment-pages.md): what the payer sees
 * (and nothing of the tenant's beyond it), the unguessable id, the live status over server-sent
 * events, the payer's receipt and the request limit.
 */
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { accountApi } from "../../server/account-api/app";
import { cancelCharge } from "../../server/charges/cancel";
import { payChargeFromOutside } from "../../server/charges/payment";
import { createCharge } from "../../server/charges/service";
import { resetConfigForTests } from "../../server/config";
import { db } from "../../server/db/client";
import { limiterFor } from "../../server/http/rate-limit";
import { PUBLIC_ID_PATTERN } from "../../server/payment-pages/public-id";
import { payerReceipt } from "../../server/payment-pages/receipt";
import { paymentPageView } from "../../server/payment-pages/view";
import { watchedPages } from "../../server/payment-pages/watch";
import { call, fundedMerchant } from "../support/fixtures";
import { getReceipt, openEvents, someAddress, statusEvents } from "./support";

let shop: Awaited<ReturnType<typeof fundedMerchant>>;

const newCharge = (amountCents = 4_990n, extra: { expirationSeconds?: number } = {}) =>
  createCharge(db(), {
    userId: shop.userId,
    accountId: shop.accountId,
    amountCents,
    description: "Bolo de cenoura",
    externalId: `pedido-${Math.random()}`,
    ...extra,
  });

beforeAll(async () => {
  shop = await fundedMerchant(0n);
});

afterEach(() => {
  delete process.env.PAYMENT_PAGE_RATE_PER_MINUTE;
  resetConfigForTests();
});

describe("a charge's payment page", () => {
  it("has an unguessable public id of its own, not the txId, in both surfaces' answers", async () => {
    const charge = await newCharge();
    expect(charge.publicId).toMatch(PUBLIC_ID_PATTERN);
    expect(charge.publicId).not.toContain(charge.txId);
    const other = await newCharge();
    expect(other.publicId).not.toBe(charge.publicId);

    const created = await call(accountApi(), "POST", "/v4/i/pix/in/dynamic-qrcode", {
      auth: shop.auth,
      body: { accountId: shop.accountId, amount: 12.5 },
    });
    expect(created.status).toBe(200);
    const url: string = created.json.data.paymentPageUrl;
    expect(url).toMatch(/\/c\/[0-9a-f]{32}$/);
    const read = await call(accountApi(), "GET", `/v4/i/pix/in/dynamic-qrcode/${created.json.data.txId}`, {
      auth: shop.auth,
    });
    expect(read.json.data.paymentPageUrl).toBe(url);
  });

  it("shows the payer the merchant's name, amount, description and code, and no tenant data", async () => {
    const charge = await newCharge();
    const view = await paymentPageView(db(), charge.publicId);
    expect(view).toMatchObject({
      status: "open",
      amountCents: 4_990n,
      description: "Bolo de cenoura",
      emv: charge.emv,
      due: null,
    });
    const account = await db().account.findUniqueOrThrow({ where: { id: shop.accountId } });
    expect(view.merchantName).toBe(account.name);
    const text = JSON.stringify(view, (_, value) => (typeof value === "bigint" ? value.toString() : value));
    for (const secret of [shop.accountId, shop.userId, charge.txId, account.document, charge.externalId as string]) {
      expect(text).not.toContain(secret);
    }
    expect(Object.keys(view).sort()).toEqual(
      [
        "accentColor",
        "amountCents",
        "description",
        "due",
        "emv",
        "expiresAt",
        "logoUrl",
        "merchantName",
        "paidAt",
        "publicId",
        "status",
      ].sort(),
    );
  });

  it("answers 404 for an unknown, malformed or txId-shaped id", async () => {
    const charge = await newCharge();
    for (const id of ["0".repeat(32), "nope", charge.txId, `${charge.publicId}x`]) {
      await expect(paymentPageView(db(), id)).rejects.toMatchObject({ status: 404 });
      const response = await openEvents(id);
      expect(response.status).toBe(404);
      expect((await getReceipt(id)).status).toBe(404);
    }
  });

  it("shows a due-date charge's amount due today with its components and due date", async () => {
    const charge = await newCharge(10_000n);
    await db().charge.update({
      where: { txId: charge.txId },
      data: {
        kind: "cobv",
        dueDate: new Date("2099-12-15T00:00:00Z"),
        validityDays: 30,
        debtorDocument: "12345678909",
        debtorName: "Maria Pagadora",
        dueTerms: {
          original: "100.00",
          desconto: { modalidade: 1, descontoDataFixa: [{ data: "2099-12-01", valorPerc: "5.00" }] },
        },
      },
    });
    const view = await paymentPageView(db(), charge.publicId);
    expect(view.due?.dueDate).toBe("2099-12-15");
    expect(view.due?.originalCents).toBe(10_000n);
    expect(view.due?.descontoCents).toBe(500n);
    expect(view.amountCents).toBe(9_500n);
  });

  it("is expired past the expiry and cancelled once cancelled, without the code", async () => {
    const expiring = await newCharge(1_000n, { expirationSeconds: 1 });
    const later = new Date(expiring.expiresAt.getTime() + 1);
    expect(await paymentPageView(db(), expiring.publicId, later)).toMatchObject({ status: "expired", emv: null });

    const cancelled = await newCharge();
    await cancelCharge(db(), shop.userId, cancelled.txId);
    expect(await paymentPageView(db(), cancelled.publicId)).toMatchObject({ status: "cancelled", emv: null });
    expect(await statusEvents(await openEvents(cancelled.publicId), 5)).toEqual(["cancelled"]);
  });
});

describe("the live status", () => {
  it("streams open, then paid within a second of the payment, and ends", async () => {
    const charge = await newCharge();
    const response = await openEvents(charge.publicId);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("text/event-stream");
    const seen = statusEvents(response, 2);
    await new Promise((resolve) => setTimeout(resolve, 100));
    const paidAt = Date.now();
    await payChargeFromOutside(db(), { userId: shop.userId, txId: charge.txId, payer: { name: "Ana Payer" } });
    expect(await seen).toEqual(["open", "paid"]);
    expect(Date.now() - paidAt).toBeLessThan(1_000);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(watchedPages()).toBe(0);
  });

  it("stops watching when the viewer goes away", async () => {
    const charge = await newCharge();
    const leave = new AbortController();
    const response = await openEvents(charge.publicId, someAddress(), leave.signal);
    expect(await statusEvents(response, 1)).toEqual(["open"]);
    leave.abort();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(watchedPages()).toBe(0);
  });
});

describe("the payer's receipt", () => {
  it("is 404 while unpaid; once paid, a PDF of this payment without the merchant's account", async () => {
    const charge = await newCharge();
    expect((await getReceipt(charge.publicId)).status).toBe(404);
    await payChargeFromOutside(db(), {
      userId: shop.userId,
      txId: charge.txId,
      payer: { name: "Ana Payer", cpfCnpj: "12345678909" },
    });
    const response = await getReceipt(charge.publicId);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/pdf");
    const pdf = Buffer.from(await response.arrayBuffer());
    expect(pdf.subarray(0, 5).toString()).toBe("%PDF-");
    const copy = await payerReceipt(db(), charge.publicId);
    expect(copy).toMatchObject({ audience: "payer", accountId: "", externalId: null, txId: charge.txId });
    expect(copy.payer?.cpfCnpj).not.toBe("12345678909");
    expect(copy.payer?.cpfCnpj).toContain("*");
    expect(copy.payee?.cpfCnpj).toContain("*");
    expect(copy.payee?.accountNumber).toBe("");
  });
});

describe("the request limit", () => {
  it("answers 429 with Retry-After once an address used up its minute, per address", async () => {
    process.env.PAYMENT_PAGE_RATE_PER_MINUTE = "3";
    resetConfigForTests();
    const charge = await newCharge();
    await cancelCharge(db(), shop.userId, charge.txId);
    const ip = someAddress();
    await limiterFor("payment-page", 3).forget(ip);
    for (let i = 0; i < 3; i++) expect((await openEvents(charge.publicId, ip)).status).toBe(200);
    const refused = await openEvents(charge.publicId, ip);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect((await openEvents(charge.publicId, someAddress())).status).toBe(200);
  });
});
