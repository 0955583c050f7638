/**
 * docs/decisions/0012-meds.md, "still owed": every way money can reach an account with an open,
 * not fully blocked MED blocks what is owed, in the credit's transaction.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { accountApi } from "../../server/account-api/app";
import { resetConfigForTests } from "../../server/config";
import { db } from "../../server/db/client";
import { verifyLedger } from "../../server/ledger/verify";
import { inBatch } from "../../server/ledger/write-path";
import { cashOut, dictQuota } from "../../server/payouts/cash-out";
import { processQueuedPayouts } from "../../server/payouts/queue";
import { registerPixKey } from "../../server/pix/platform-keys";
import { call, fundedMerchant } from "../support/fixtures";
import { balances, receive, type Shop, settle } from "./support";

async function transferInternal(from: Shop, to: Shop, amount: number) {
  const res = await call(accountApi(), "POST", `/v4/i/bank-accounts/${from.accountId}/transfer/internal`, {
    auth: from.auth,
    body: { amount, receiverBankAccount: to.accountId },
  });
  expect(res.status, JSON.stringify(res.json)).toBe(200);
}

/** Spends everything available, then opens a MED on `e2e`: nothing can be blocked, all is owed. */
async function owe(shop: Shop, e2e: string, sink: Shop) {
  const { availableCents } = await balances(shop.accountId);
  if (availableCents > 0n) await transferInternal(shop, sink, Number(availableCents) / 100);
  const opened = await call(accountApi(), "POST", "/v4/i/sandbox/meds", { auth: shop.auth, body: { endToEndId: e2e } });
  expect(opened.status).toBe(200);
  const med = await db().med.findUniqueOrThrow({ where: { id: opened.json.data.medId } });
  expect(med.blockedCents).toBe(0n);
  return med;
}

async function expectCovered(shop: Shop, medId: string, blockedCents: bigint) {
  expect((await db().med.findUniqueOrThrow({ where: { id: medId } })).blockedCents).toBe(blockedCents);
  expect((await balances(shop.accountId)).blockedCents).toBe(blockedCents);
  expect((await verifyLedger(db())).violations).toEqual([]);
}

describe("owed MED amounts are blocked from every incoming credit", () => {
  let sink: Shop;
  let payer: Shop;

  beforeAll(async () => {
    process.env.SANDBOX_SETTLEMENT_DELAY_MS = "0";
    resetConfigForTests();
    sink = await fundedMerchant(0n);
    payer = await fundedMerchant(100_000n);
  });

  it("an internal transfer from another account of the platform", async () => {
    const shop = await fundedMerchant(0n);
    const med = await owe(shop, await receive(shop, 10), sink);
    await transferInternal(payer, shop, 4);
    await expectCovered(shop, med.id, 400n);
    await transferInternal(payer, shop, 9);
    await expectCovered(shop, med.id, 1000n);
    expect((await balances(shop.accountId)).availableCents).toBe(300n);
  });

  it("a PIX sent to one of its keys by another account of the platform", async () => {
    const shop = await fundedMerchant(0n);
    const key = `owed-${shop.accountId}@example.test`;
    await registerPixKey(db(), shop.accountId, "EMAIL", key);
    const med = await owe(shop, await receive(shop, 8), sink);
    const sent = await call(accountApi(), "POST", `/v4/i/bank-accounts/${payer.accountId}/transfer/external`, {
      auth: payer.auth,
      body: { amount: 5, pixKey: key },
    });
    expect(sent.status, JSON.stringify(sent.json)).toBe(200);
    await expectCovered(shop, med.id, 500n);
  });

  it("a QR charge paid", async () => {
    const shop = await fundedMerchant(0n);
    const med = await owe(shop, await receive(shop, 6), sink);
    const charge = await call(accountApi(), "POST", "/v4/i/pix/in/dynamic-qrcode", {
      auth: shop.auth,
      body: { accountId: shop.accountId, amount: 2 },
    });
    const paid = await call(accountApi(), "POST", `/v4/i/sandbox/pix/in/dynamic-qrcode/${charge.json.data.txId}/pay`, {
      auth: shop.auth,
      body: {},
    });
    expect(paid.status).toBe(200);
    await expectCovered(shop, med.id, 200n);
  });

  it("one of its payments returned by the receiver", async () => {
    const shop = await fundedMerchant(0n);
    const e2e = await receive(shop, 10);
    const sent = await call(accountApi(), "POST", `/v4/i/bank-accounts/${shop.accountId}/transfer/external`, {
      auth: shop.auth,
      body: { amount: 4, pixKey: "ana@example.invalid" },
    });
    await settle();
    const med = await owe(shop, e2e, sink);
    const returned = await call(accountApi(), "POST", `/v4/i/sandbox/pix/out/${sent.json.data.endToEndId}/return`, {
      auth: shop.auth,
      body: { amount: 3 },
    });
    expect(returned.status).toBe(200);
    await expectCovered(shop, med.id, 300n);
  });

  it("a payment that failed at the rail, its money given back", async () => {
    const shop = await fundedMerchant(0n);
    const e2e = await receive(shop, 10);
    const sent = await call(accountApi(), "POST", `/v4/i/bank-accounts/${shop.accountId}/transfer/external`, {
      auth: shop.auth,
      body: { amount: 3, pixKey: "ac03@fail.sandbox" },
    });
    expect(sent.json.data.status).toBe("processing");
    const med = await owe(shop, e2e, sink);
    await settle();
    const entry = await db().ledgerEntry.findFirstOrThrow({ where: { endToEndId: sent.json.data.endToEndId } });
    expect(entry.status).toBe("failed");
    await expectCovered(shop, med.id, entry.netCents);
  });

  it("a queued cash-out to one of its keys, sent when the DICT quota returns", async () => {
    const shop = await fundedMerchant(0n);
    const key = `queued-${shop.accountId}@example.test`;
    await registerPixKey(db(), shop.accountId, "EMAIL", key);
    const med = await owe(shop, await receive(shop, 7), sink);
    const sender = await fundedMerchant(10_000n);
    while ((await dictQuota().consume(sender.userId)).allowed) {
      // spend the sender's quota so the next cash-out is queued
    }
    const queued = await cashOut(inBatch(db()), {
      userId: sender.userId,
      accountId: sender.accountId,
      amountCents: 700n,
      pixKey: key,
      pixKeyType: "EMAIL",
    });
    expect(queued.queued).toBe(true);
    await dictQuota().forget(sender.userId);
    const result = await processQueuedPayouts(db(), new Date(Date.now() + 10_000));
    expect(result.sent).toBeGreaterThanOrEqual(1);
    await expectCovered(shop, med.id, 700n);
  });

  it("the money a rejected MED releases covers another MED of the account", async () => {
    const shop = await fundedMerchant(0n);
    const first = await receive(shop, 5);
    const firstMed = await call(accountApi(), "POST", "/v4/i/sandbox/meds", {
      auth: shop.auth,
      body: { endToEndId: first },
    });
    expect((await balances(shop.accountId)).blockedCents).toBe(500n);
    const second = await owe(shop, await receive(shop, 8), sink);
    const rejected = await call(accountApi(), "POST", `/v4/i/sandbox/meds/${firstMed.json.data.medId}/resolve`, {
      auth: shop.auth,
      body: { status: "rejected" },
    });
    expect(rejected.status).toBe(200);
    await expectCovered(shop, second.id, 500n);
    expect((await balances(shop.accountId)).availableCents).toBe(0n);
  });
});
