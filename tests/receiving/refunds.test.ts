import { beforeAll, describe, expect, it } from "vitest";
import { accountApi } from "../../server/account-api/app";
import { resetConfigForTests } from "../../server/config";
import { db } from "../../server/db/client";
import { verifyLedger } from "../../server/ledger/verify";
import { availableCents, call, fundedMerchant } from "../support/fixtures";
import { settleOutbox as settle } from "../support/outbox";

const refundPath = (e2e: string) => `/v4/i/pix/in/refund/${e2e}`;

describe("refunds of received PIX", () => {
  let shop: Awaited<ReturnType<typeof fundedMerchant>>;

  beforeAll(async () => {
    process.env.SANDBOX_SETTLEMENT_DELAY_MS = "0";
    resetConfigForTests();
    shop = await fundedMerchant(0n);
  });

  async function receive(amount: number) {
    const res = await call(accountApi(), "POST", "/v4/i/sandbox/pix/in/credit", {
      auth: shop.auth,
      body: { accountId: shop.accountId, amount },
    });
    return res.json.data.endToEndId as string;
  }

  it("refunds part, then the rest by default; the entry is a processing debit with a D end-to-end id", async () => {
    const original = await receive(100);
    const part = await call(accountApi(), "POST", refundPath(original), {
      auth: shop.auth,
      body: { amount: 30, description: "troca" },
    });
    expect(part.status).toBe(200);
    expect(part.json.data).toMatchObject({
      type: "debit",
      reason: "pix_in:refunded_processing",
      status: "processing",
      parentEndToEndId: original,
      entryId: null,
      grossAmount: 30,
    });
    expect(part.json.data.endToEndId).toMatch(/^D/);

    const busy = await call(accountApi(), "POST", refundPath(original), { auth: shop.auth, body: { amount: 1 } });
    expect(busy.status).toBe(409);

    await settle();
    const status = await call(accountApi(), "GET", refundPath(part.json.data.endToEndId), { auth: shop.auth });
    expect(status.json.data).toMatchObject({ status: "succeeded", endToEndId: part.json.data.endToEndId });

    const rest = await call(accountApi(), "POST", refundPath(original), { auth: shop.auth, body: {} });
    expect(rest.json.data.grossAmount).toBe(70);
    await settle();
    const nothingLeft = await call(accountApi(), "POST", refundPath(original), { auth: shop.auth, body: {} });
    expect(nothingLeft.status).toBe(422);
    expect(nothingLeft.json.code).toBe("NOT_REFUNDABLE");
  });

  it("never refunds more than the original across concurrent requests", async () => {
    const original = await receive(50);
    const attempts = await Promise.all(
      [1, 2, 3, 4, 5].map(() =>
        call(accountApi(), "POST", refundPath(original), { auth: shop.auth, body: { amount: 20 } }),
      ),
    );
    const ok = attempts.filter((a) => a.status === 200);
    expect(ok).toHaveLength(1);
    expect(attempts.every((a) => [200, 409].includes(a.status))).toBe(true);
    const refunded = await db().ledgerEntry.aggregate({
      where: { parentEndToEndId: original, reason: "pix_in:refunded_processing" },
      _sum: { grossCents: true },
    });
    expect(refunded._sum.grossCents).toBe(2000n);
  });

  it("answers 422 over the refundable amount or with insufficient balance, 404 unknown, 400 malformed", async () => {
    const original = await receive(10);
    expect(
      (await call(accountApi(), "POST", refundPath(original), { auth: shop.auth, body: { amount: 10.01 } })).status,
    ).toBe(422);
    expect(
      (await call(accountApi(), "POST", refundPath("E99999999202601010000AAAAAAAAAAA"), { auth: shop.auth, body: {} }))
        .status,
    ).toBe(404);
    expect((await call(accountApi(), "POST", refundPath("garbage"), { auth: shop.auth, body: {} })).status).toBe(400);
    expect(
      (await call(accountApi(), "GET", refundPath("D99999999202601010000AAAAAAAAAAA"), { auth: shop.auth })).status,
    ).toBe(404);

    // the money already left: a transfer empties the account, so the refund cannot be held
    const drained = await fundedMerchant(0n);
    const credit = await call(accountApi(), "POST", "/v4/i/sandbox/pix/in/credit", {
      auth: drained.auth,
      body: { accountId: drained.accountId, amount: 5 },
    });
    const sink = await fundedMerchant(0n);
    await call(accountApi(), "POST", `/v4/i/bank-accounts/${drained.accountId}/transfer/internal`, {
      auth: drained.auth,
      body: { amount: 5, receiverBankAccount: sink.accountId },
    });
    const broke = await call(accountApi(), "POST", refundPath(credit.json.data.endToEndId), {
      auth: drained.auth,
      body: {},
    });
    expect(broke.status).toBe(422);
    expect(broke.json.code).toBe("INSUFFICIENT_BALANCE");
  });

  it("answers 422 after 90 days", async () => {
    const original = await receive(5);
    await db().ledgerEntry.updateMany({
      where: { endToEndId: original },
      data: { createdAt: new Date(Date.now() - 91 * 86_400_000) },
    });
    const res = await call(accountApi(), "POST", refundPath(original), { auth: shop.auth, body: {} });
    expect(res.status).toBe(422);
    expect(res.json.message).toContain("90 days");
  });

  it("keeps the ledger whole", async () => {
    await settle();
    expect((await verifyLedger(db())).violations).toEqual([]);
    expect(await availableCents(shop.accountId)).toBeGreaterThanOrEqual(0n);
  });
});
