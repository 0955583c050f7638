/**
 * GET /v4/i/bank-accounts/{accountId}/price-list and …/fees: the account's price list in force
 * (its own, with the version scheduled next) and the fees it paid in a period, BRL numbers in
 * the envelope; someone else's account is refused, bad dates are a 400.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { accountApi } from "../../server/account-api/app";
import { db } from "../../server/db/client";
import { newEndToEndId } from "../../server/ledger/ids";
import { receive } from "../../server/ledger/verbs";
import { setPriceList } from "../../server/pricing/service";
import { basic, call, newMerchant } from "../support/fixtures";

const app = () => accountApi();
const priceListPath = (accountId: string) => `/v4/i/bank-accounts/${accountId}/price-list`;
const feesPath = (accountId: string, query: string) => `/v4/i/bank-accounts/${accountId}/fees?${query}`;
const DAY = 86_400_000;

describe("/v4/i price list and fees", () => {
  let shop: Awaited<ReturnType<typeof newMerchant>>;
  let auth: string;
  const start = new Date(Date.now() + 10 * DAY);

  beforeAll(async () => {
    shop = await newMerchant();
    auth = basic(shop.clientId, shop.clientSecret);
    const actor = { userId: shop.userId, email: "ops@example.test" };
    await db().$transaction((tx) =>
      setPriceList(tx, {
        accountId: shop.accountId,
        items: { pix_in_qr: { percentBasisPoints: 99, fixedCents: 0n, minCents: 50n, maxCents: null } },
        refundReturnsFee: true,
        actor,
      }),
    );
    await db().$transaction((tx) =>
      setPriceList(tx, {
        accountId: shop.accountId,
        effectiveFrom: start,
        items: { pix_in_qr: { percentBasisPoints: 150, fixedCents: 10n, minCents: null, maxCents: 1_000n } },
        actor,
      }),
    );
  });

  it("answers the account's own list in force, in BRL numbers, and the version scheduled next", async () => {
    const res = await call(app(), "GET", priceListPath(shop.accountId), { auth });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ success: true, message: "Price list retrieved" });
    const data = res.json.data;
    expect(data).toMatchObject({ accountId: shop.accountId, source: "account", refundReturnsFee: true });
    expect(data.versionId).toEqual(expect.any(String));
    expect(data.items).toHaveLength(8);
    expect(data.items[0]).toEqual({ product: "pix_in_qr", percent: 0.99, fixed: 0, min: 0.5, max: null });
    expect(data.next).toMatchObject({ effectiveFrom: start.getTime(), refundReturnsFee: true });
    expect(data.next.items[0]).toEqual({ product: "pix_in_qr", percent: 1.5, fixed: 0.1, min: null, max: 10 });
  });

  it("gives the fees paid in the period by product, the period's ends included", async () => {
    const entry = await db().$transaction((tx) =>
      receive(tx, {
        endToEndId: newEndToEndId("E", "99999999"),
        accountId: shop.accountId,
        userId: shop.userId,
        reason: "pix_in:credited",
        grossCents: 10_000n,
      }),
    );
    const at = entry.createdAt.getTime();
    const res = await call(app(), "GET", feesPath(shop.accountId, `startDate=${at}&endDate=${at}`), { auth });
    expect(res.status).toBe(200);
    const fee = Number(entry.feeCents) / 100;
    expect(res.json.data).toEqual({
      accountId: shop.accountId,
      startDate: at,
      endDate: at,
      products: [{ product: "pix_in_key", count: 1, grossAmount: 100, feeAmount: fee }],
      totalFeeAmount: fee,
    });

    const before = await call(app(), "GET", feesPath(shop.accountId, `startDate=0&endDate=${at - 1}`), { auth });
    expect(before.json.data).toMatchObject({ products: [], totalFeeAmount: 0 });
  });

  it("refuses another merchant's account without showing its list, and answers 404 for an unknown one", async () => {
    const other = await newMerchant();
    for (const path of [priceListPath(other.accountId), feesPath(other.accountId, "startDate=0&endDate=1")]) {
      const res = await call(app(), "GET", path, { auth });
      expect(res.status, path).toBe(403);
      expect(res.json).toMatchObject({ success: false, code: "FORBIDDEN" });
      expect(res.text).not.toContain("items");
    }
    const unknown = await call(app(), "GET", priceListPath("999999999999"), { auth });
    expect(unknown.status).toBe(404);
    expect(unknown.json).toMatchObject({ success: false, code: "NOT_FOUND" });
  });

  it("answers 400 for missing, malformed or backwards dates and for a malformed account id", async () => {
    for (const query of [
      "",
      "startDate=0",
      "startDate=abc&endDate=1",
      "startDate=-5&endDate=1",
      "startDate=10&endDate=5",
    ]) {
      const res = await call(app(), "GET", feesPath(shop.accountId, query), { auth });
      expect(res.status, query).toBe(400);
      expect(res.json).toMatchObject({ success: false, code: "VALIDATION_ERROR" });
    }
    const malformed = await call(app(), "GET", priceListPath("12345"), { auth });
    expect(malformed.status).toBe(400);
  });
});
