/**
 * Issue 45's "done when" for fees: a charge paid on a priced account shows gross, fee and net on
 * the entry, /v4/i and the webhook, and the balance agrees; the minimum; a PIX out's fixed fee;
 * refunds; the fee bucket equals the sum of fees; a later version never changes an old fee.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { accountApi } from "../../server/account-api/app";
import { payChargeFromOutside } from "../../server/charges/payment";
import { createCharge } from "../../server/charges/service";
import { cliActor } from "../../server/cli/actor";
import { resetConfigForTests } from "../../server/config";
import { db } from "../../server/db/client";
import { verifyLedger } from "../../server/ledger/verify";
import { feesPaid, setPriceList } from "../../server/pricing/service";
import { requestRefund } from "../../server/refunds/service";
import { creditIncomingPix } from "../../server/transfers/incoming";
import { accountEventFor } from "../../server/webhooks/catalog";
import { availableCents, basic, call, newMerchant } from "../support/fixtures";
import { settleOutbox } from "../support/outbox";

const actor = cliActor();
const pixIn = { percentBasisPoints: 99, fixedCents: 0n, minCents: 50n, maxCents: null };

async function pricedMerchant(options: { refundReturnsFee?: boolean } = {}) {
  const merchant = await newMerchant();
  await setPriceList(db(), {
    accountId: merchant.accountId,
    items: {
      pix_in_qr: pixIn,
      pix_in_key: pixIn,
      pix_out: { percentBasisPoints: 0, fixedCents: 150n, minCents: null, maxCents: null },
    },
    refundReturnsFee: options.refundReturnsFee ?? false,
    actor,
  });
  return { ...merchant, auth: basic(merchant.clientId, merchant.clientSecret) };
}

async function paidCharge(merchant: { userId: string; accountId: string }, amountCents: bigint) {
  const charge = await createCharge(db(), { userId: merchant.userId, accountId: merchant.accountId, amountCents });
  return payChargeFromOutside(db(), { userId: merchant.userId, txId: charge.txId });
}

describe("fees at settlement", () => {
  beforeAll(() => {
    process.env.SANDBOX_SETTLEMENT_DELAY_MS = "0";
    resetConfigForTests();
  });

  it("a paid R$ 100,00 charge at 0.99 % shows gross 100.00, fee 0.99, net 99.01 everywhere", async () => {
    const shop = await pricedMerchant();
    const entry = await paidCharge(shop, 10_000n);
    expect(entry).toMatchObject({ grossCents: 10_000n, feeCents: 99n, netCents: 9_901n, reason: "pix_in:qrcode_paid" });
    expect(await availableCents(shop.accountId)).toBe(9_901n);

    const api = await call(accountApi(), "GET", `/v4/i/ledger/end-to-end/${entry.endToEndId}`, { auth: shop.auth });
    expect(api.status).toBe(200);
    expect(api.json.data).toMatchObject({ grossAmount: 100, feeAmount: 0.99, netAmount: 99.01 });

    const created = await db().outboxEvent.findFirstOrThrow({ where: { topic: "entry.created", entryId: entry.id } });
    const event = accountEventFor(created, { entry });
    expect(event?.object).toMatchObject({ grossAmount: 100, feeAmount: 0.99, netAmount: 99.01 });

    const balance = await call(accountApi(), "GET", `/v4/i/bank-accounts/${shop.accountId}/balance`, {
      auth: shop.auth,
    });
    expect(balance.json.data).toMatchObject({ balance: 99.01, availableBalance: 99.01 });
  });

  it("a R$ 10,00 charge pays the minimum R$ 0,50; a PIX to a key is priced too", async () => {
    const shop = await pricedMerchant();
    const entry = await paidCharge(shop, 1_000n);
    expect(entry).toMatchObject({ grossCents: 1_000n, feeCents: 50n, netCents: 950n });
    const byKey = await creditIncomingPix(db(), {
      userId: shop.userId,
      accountId: shop.accountId,
      amountCents: 20_000n,
    });
    expect(byKey).toMatchObject({ reason: "pix_in:credited", feeCents: 198n, netCents: 19_802n });
    expect(await availableCents(shop.accountId)).toBe(950n + 19_802n);
  });

  it("a PIX out pays its fixed fee, which the platform keeps when it settles", async () => {
    const shop = await pricedMerchant();
    await creditIncomingPix(db(), { userId: shop.userId, accountId: shop.accountId, amountCents: 10_000n });
    const before = await availableCents(shop.accountId);
    const res = await call(accountApi(), "POST", `/v4/i/bank-accounts/${shop.accountId}/transfer/external`, {
      auth: shop.auth,
      body: { amount: 20, pixKey: "+5511987654321" },
    });
    expect(res.status).toBe(200);
    expect(res.json.data).toMatchObject({ grossAmount: 20, feeAmount: 1.5, netAmount: 21.5 });
    await settleOutbox();
    const sent = await db().ledgerEntry.findFirstOrThrow({
      where: { accountId: shop.accountId, endToEndId: res.json.data.endToEndId },
    });
    expect(sent).toMatchObject({ status: "succeeded", feeCents: 150n });
    expect(await availableCents(shop.accountId)).toBe(before - 2_150n);
  });

  it("a refund gives back the fee in proportion when the list says so, and keeps it otherwise", async () => {
    const giving = await pricedMerchant({ refundReturnsFee: true });
    const credit = await paidCharge(giving, 10_000n);
    const half = await requestRefund(db(), {
      userId: giving.userId,
      endToEndId: credit.endToEndId as string,
      amountCents: 5_000n,
    });
    expect(half).toMatchObject({ grossCents: 5_000n, feeCents: -49n, netCents: 4_951n });
    await settleOutbox();
    const rest = await requestRefund(db(), { userId: giving.userId, endToEndId: credit.endToEndId as string });
    expect(rest).toMatchObject({ grossCents: 5_000n, feeCents: -50n });
    await settleOutbox();
    // everything went back, the fee too: the merchant is where it started
    expect(await availableCents(giving.accountId)).toBe(0n);

    const keeping = await pricedMerchant();
    const kept = await paidCharge(keeping, 10_000n);
    // the fee kept: the refund needs 0.99 more than the credit left (a R$ 2,00 PIX nets 1.50)
    await creditIncomingPix(db(), { userId: keeping.userId, accountId: keeping.accountId, amountCents: 200n });
    const refund = await requestRefund(db(), { userId: keeping.userId, endToEndId: kept.endToEndId as string });
    expect(refund).toMatchObject({ grossCents: 10_000n, feeCents: 0n });
    await settleOutbox();
    expect(await availableCents(keeping.accountId)).toBe(9_901n + 150n - 10_000n);
  });

  it("a version in the future does not apply now; an old payment keeps its fee", async () => {
    const shop = await pricedMerchant();
    const old = await paidCharge(shop, 10_000n);
    await setPriceList(db(), {
      accountId: shop.accountId,
      effectiveFrom: new Date(Date.now() + 3_600_000),
      items: { pix_in_qr: { percentBasisPoints: 500, fixedCents: 0n, minCents: null, maxCents: null } },
      actor,
    });
    expect((await paidCharge(shop, 10_000n)).feeCents).toBe(99n);
    await setPriceList(db(), {
      accountId: shop.accountId,
      items: { pix_in_qr: { percentBasisPoints: 200, fixedCents: 0n, minCents: null, maxCents: null } },
      actor,
    });
    expect((await paidCharge(shop, 10_000n)).feeCents).toBe(200n);
    expect((await db().ledgerEntry.findUniqueOrThrow({ where: { seq: old.seq } })).feeCents).toBe(99n);

    const paid = await feesPaid(db(), {
      userId: shop.userId,
      accountId: shop.accountId,
      from: new Date(Date.now() - 3_600_000),
      to: new Date(Date.now() + 60_000),
    });
    expect(paid.byProduct).toEqual([{ product: "pix_in_qr", count: 3, grossCents: 30_000n, feeCents: 398n }]);
    expect(paid.totalFeeCents).toBe(398n);
  });

  it("the fee bucket equals the sum of the settled entries' fees, and the books tie out", async () => {
    const report = await verifyLedger(db());
    expect(report.violations).toEqual([]);
    const [sum] = await db().$queryRaw<{ fees: bigint }[]>`
      SELECT COALESCE(SUM(e.fee_cents), 0)::bigint AS fees FROM ledger_entries e
       WHERE e.status = 'succeeded' AND EXISTS (SELECT 1 FROM ledger_postings p WHERE p.entry_seq = e.seq)`;
    expect(report.books.feesCents).toBe(sum?.fees);
  });
});
