import { beforeAll, describe, expect, it } from "vitest";
import { accountApi } from "../../server/account-api/app";
import { db } from "../../server/db/client";
import { gatewayApi } from "../../server/gateway/app";
import type { Entry } from "../../server/ledger/types";
import { block, hold, release, settle, unblock } from "../../server/ledger/verbs";
import { verifyLedger } from "../../server/ledger/verify";
import { apiKeyAuth } from "../gateway/support";
import { availableCents, call, fundedMerchant, newMerchant } from "../support/fixtures";

const creditOf = async (accountId: string) =>
  (await db().ledgerEntry.findFirstOrThrow({ where: { accountId, type: "credit" } })) as Entry;
const buckets = async (accountId: string) => {
  const a = await db().account.findUniqueOrThrow({ where: { id: accountId } });
  return { available: a.availableCents, blocked: a.blockedCents };
};
const inTx = <T>(work: (tx: Parameters<Parameters<ReturnType<typeof db>["$transaction"]>[0]>[0]) => Promise<T>) =>
  db().$transaction(work);

describe("ledger verbs: block and unblock", () => {
  let merchant: Awaited<ReturnType<typeof fundedMerchant>>;
  let credit: Entry;

  beforeAll(async () => {
    merchant = await fundedMerchant(10_000n);
    credit = await creditOf(merchant.accountId);
  });

  it("block moves available → blocked on the entry, with postings that keep the ledger whole", async () => {
    const blocked = await inTx((tx) => block(tx, credit, 3_000n));
    expect(blocked).toBe(3_000n);
    expect(await buckets(merchant.accountId)).toEqual({ available: 7_000n, blocked: 3_000n });
    const postings = await db().ledgerPosting.findMany({ where: { entrySeq: credit.seq, bucket: "blocked" } });
    expect(postings.map((p) => p.amountCents)).toEqual([3_000n]);
    expect(await db().outboxEvent.count({ where: { topic: "entry.blocked", entryId: credit.id } })).toBe(1);
    expect((await verifyLedger(db())).violations).toEqual([]);
  });

  it("the balance views: blocked money is not available, balance = available + blocked", async () => {
    const account = await call(accountApi(), "GET", `/v4/i/bank-accounts/${merchant.accountId}/balance`, {
      auth: merchant.auth,
    });
    expect(account.json.data).toMatchObject({ balance: 100, availableBalance: 70, blockedBalance: 30 });
    const gateway = await call(gatewayApi(), "GET", "/api/external/balance", { auth: apiKeyAuth(merchant) });
    expect(gateway.json).toEqual({ balance: 100, blocked_balance: 30, available_balance: 70 });
  });

  it("blocked money is not spendable", async () => {
    const other = await newMerchant();
    const res = await call(accountApi(), "POST", `/v4/i/bank-accounts/${merchant.accountId}/transfer/internal`, {
      auth: merchant.auth,
      body: { amount: 80, receiverBankAccount: other.accountId },
    });
    expect(res.status).toBe(422);
    expect(await buckets(merchant.accountId)).toEqual({ available: 7_000n, blocked: 3_000n });
  });

  it("block takes up to the amount: only what is available, and says how much", async () => {
    expect(await inTx((tx) => block(tx, credit, 50_000n))).toBe(7_000n);
    expect(await buckets(merchant.accountId)).toEqual({ available: 0n, blocked: 10_000n });
    expect(await inTx((tx) => block(tx, credit, 1n))).toBe(0n);
    expect(await buckets(merchant.accountId)).toEqual({ available: 0n, blocked: 10_000n });
  });

  it("unblock gives it back; more than is blocked is refused and changes nothing", async () => {
    await inTx((tx) => unblock(tx, credit, 4_000n));
    expect(await buckets(merchant.accountId)).toEqual({ available: 4_000n, blocked: 6_000n });
    await expect(inTx((tx) => unblock(tx, credit, 6_001n))).rejects.toMatchObject({ code: "INSUFFICIENT_BALANCE" });
    expect(await buckets(merchant.accountId)).toEqual({ available: 4_000n, blocked: 6_000n });
    await inTx((tx) => unblock(tx, credit, 6_000n));
    expect(await availableCents(merchant.accountId)).toBe(10_000n);
    expect((await verifyLedger(db())).violations).toEqual([]);
  });
});

describe("ledger verbs: a status moves only with its money", () => {
  it("hold, then release once: the second release and a late settle write nothing", async () => {
    const m = await fundedMerchant(5_000n);
    const id = `E99999999${Date.now()}${Math.random().toString(36).slice(2, 13)}`.slice(0, 32);
    const held = await inTx((tx) =>
      hold(tx, {
        id,
        endToEndId: id,
        accountId: m.accountId,
        userId: m.userId,
        reason: "pix_out:processing",
        grossCents: 1_000n,
        feeCents: 50n,
      }),
    );
    expect(held.status).toBe("processing");
    expect(await db().account.findUniqueOrThrow({ where: { id: m.accountId } })).toMatchObject({
      availableCents: 3_950n,
      heldCents: 1_050n,
    });
    const failed = await inTx((tx) => release(tx, held, "AC03: invalid account"));
    expect(failed).toMatchObject({ status: "failed", errorMessage: "AC03: invalid account" });
    const postings = await db().ledgerPosting.count({ where: { entrySeq: held.seq } });
    expect(await inTx((tx) => release(tx, held, "again"))).toBeNull();
    expect(await inTx((tx) => settle(tx, held))).toBeNull();
    expect(await db().ledgerPosting.count({ where: { entrySeq: held.seq } })).toBe(postings);
    expect(await db().entryEvent.count({ where: { entrySeq: held.seq } })).toBe(2);
    expect(await db().outboxEvent.count({ where: { topic: "entry.status_changed", entryId: id } })).toBe(1);
    expect(await availableCents(m.accountId)).toBe(5_000n);
  });
});
