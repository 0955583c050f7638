/** The movement rules hold in the services themselves, whatever door calls them. */
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "../../server/db/client";
import { inBatch, inCallerTransaction } from "../../server/ledger/write-path";
import { cashOut } from "../../server/payouts/cash-out";
import { creditIncomingPix } from "../../server/transfers/incoming";
import { transferInternal } from "../../server/transfers/internal";
import { sendPixToKey } from "../../server/transfers/pix-out";
import { availableCents, fundedMerchant, newMerchant } from "../support/fixtures";

const OVER_MAX = 100_000_001n; // MAX_TRANSACTION_AMOUNT_CENTS + 1

describe("movement rules in the services", () => {
  let m: Awaited<ReturnType<typeof fundedMerchant>>;
  let other: Awaited<ReturnType<typeof newMerchant>>;
  beforeAll(async () => {
    m = await fundedMerchant(10_000n);
    other = await newMerchant();
  });

  const base = () => ({ userId: m.userId, accountId: m.accountId });
  const attempts = (amountCents: bigint) => ({
    "PIX to a key": () => sendPixToKey(db(), { ...base(), amountCents, pixKey: "ana@example.invalid" }),
    "gateway cash-out": () =>
      cashOut(inBatch(db()), { ...base(), amountCents, pixKey: "ana@example.invalid", pixKeyType: "EMAIL" }),
    "internal transfer": () =>
      transferInternal(inBatch(db()), { ...base(), amountCents, receiverAccountId: other.accountId }),
    "sandbox credit": () => creditIncomingPix(db(), { ...base(), amountCents }),
  });

  it.each(Object.keys(attempts(1n)))("%s: LIMIT_EXCEEDED (422) above the maximum", async (name) => {
    const attempt = attempts(OVER_MAX)[name as keyof ReturnType<typeof attempts>];
    await expect(attempt()).rejects.toMatchObject({ code: "LIMIT_EXCEEDED", status: 422 });
    expect(await availableCents(m.accountId)).toBe(10_000n);
  });

  it("an inactive account moves no money, through any service", async () => {
    await db().account.update({ where: { id: m.accountId }, data: { status: "inactive" } });
    try {
      for (const attempt of Object.values(attempts(100n))) {
        await expect(attempt()).rejects.toMatchObject({ code: "FORBIDDEN", message: "account is inactive" });
      }
      expect(await availableCents(m.accountId)).toBe(10_000n);
    } finally {
      await db().account.update({ where: { id: m.accountId }, data: { status: "active" } });
    }
  });

  it("services join a caller's transaction: rolled back with it", async () => {
    const step = { ...base(), amountCents: 100n };
    await expect(
      db().$transaction(async (tx) => {
        await transferInternal(inCallerTransaction(tx), { ...step, receiverAccountId: other.accountId });
        await sendPixToKey(tx, { ...step, pixKey: "ana@example.invalid" });
        expect((await tx.account.findUniqueOrThrow({ where: { id: m.accountId } })).availableCents).toBe(9_800n);
        throw new Error("the caller gives up");
      }),
    ).rejects.toThrow("the caller gives up");
    expect(await availableCents(m.accountId)).toBe(10_000n);
    expect(await availableCents(other.accountId)).toBe(0n);
  });
});
