/**
 * The dashboard's Sandbox procedures: the same services as the REST sandbox, on the merchant's
 * own charges, accounts, keys and payments only, and nothing at all without the sandbox rail.
 */
import { TRPCError } from "@trpc/server";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { createCharge } from "../../server/charges/service";
import { resetConfigForTests } from "../../server/config";
import { db } from "../../server/db/client";
import { registerPixKey } from "../../server/pix/platform-keys";
import { settleOutgoingPix } from "../../server/transfers/send-pix";
import { createCallerFactory } from "../../server/trpc/init";
import { appRouter } from "../../server/trpc/routers";
import { availableCents, fundedMerchant } from "../support/fixtures";
import { useNetworkRail } from "../support/rail";

const caller = (userId: string) =>
  createCallerFactory(appRouter)({ user: { id: userId, role: "MERCHANT", name: "M", email: "m@example.test" } });

const codeOf = (promise: Promise<unknown>) =>
  promise.then(
    () => "resolved",
    (error: unknown) => (error instanceof TRPCError ? error.code : String(error)),
  );

/** A well-formed end-to-end id no entry has. */
const E2E = "E12345678202611260000abcdefghijk";

async function blockedCents(accountId: string): Promise<bigint> {
  return (await db().account.findUniqueOrThrow({ where: { id: accountId } })).blockedCents;
}

describe("sandbox router", () => {
  let shop: Awaited<ReturnType<typeof fundedMerchant>>;
  let other: Awaited<ReturnType<typeof fundedMerchant>>;

  beforeAll(async () => {
    shop = await fundedMerchant(10_000n);
    other = await fundedMerchant(10_000n);
  });

  afterEach(() => {
    delete process.env.PIX_RAIL;
    delete process.env.SPI_URL;
    delete process.env.DICT_URL;
    resetConfigForTests();
  });

  it("pays the merchant's own charge as an outside payer, with the payer's name", async () => {
    const charge = await createCharge(db(), { userId: shop.userId, accountId: shop.accountId, amountCents: 2_500n });
    const before = await availableCents(shop.accountId);
    const entry = await caller(shop.userId).sandbox.payCharge({ txId: charge.txId, payer: { name: "Ana Souza" } });
    expect(entry).toMatchObject({ reason: "pix_in:qrcode_paid", grossCents: 2_500n, accountId: shop.accountId });
    expect(entry.payer?.name).toBe("Ana Souza");
    expect(await availableCents(shop.accountId)).toBe(before + 2_500n);
    expect((await db().charge.findUniqueOrThrow({ where: { txId: charge.txId } })).status).toBe("paid");
  });

  it("cannot pay another merchant's charge", async () => {
    const charge = await createCharge(db(), { userId: other.userId, accountId: other.accountId, amountCents: 700n });
    const before = await availableCents(other.accountId);
    expect(await codeOf(caller(shop.userId).sandbox.payCharge({ txId: charge.txId }))).toBe("NOT_FOUND");
    expect(await availableCents(other.accountId)).toBe(before);
    expect((await db().charge.findUniqueOrThrow({ where: { txId: charge.txId } })).status).toBe("created");
  });

  it("credits the merchant's account or key, and neither another merchant's account nor key", async () => {
    const before = await availableCents(shop.accountId);
    const toAccount = await caller(shop.userId).sandbox.creditAccount({
      accountId: shop.accountId,
      amount: 12.34,
      payer: { name: "Bruno Lima" },
    });
    expect(toAccount).toMatchObject({ reason: "pix_in:credited", grossCents: 12_34n });
    expect(toAccount.payer?.name).toBe("Bruno Lima");

    const shopKey = await registerPixKey(db(), shop.accountId, "EVP");
    const toKey = await caller(shop.userId).sandbox.creditKey({ pixKey: shopKey.key, amount: 5 });
    expect(toKey).toMatchObject({ reason: "pix_in:credited", grossCents: 500n, pixKey: shopKey.key });
    expect(await availableCents(shop.accountId)).toBe(before + 12_34n + 500n);

    const otherBefore = await availableCents(other.accountId);
    const otherKey = await registerPixKey(db(), other.accountId, "EVP");
    // ownedAccount's answer for an account that exists but is not the caller's
    expect(await codeOf(caller(shop.userId).sandbox.creditAccount({ accountId: other.accountId, amount: 1 }))).toBe(
      "FORBIDDEN",
    );
    expect(await codeOf(caller(shop.userId).sandbox.creditKey({ pixKey: otherKey.key, amount: 1 }))).toBe("NOT_FOUND");
    expect(await availableCents(other.accountId)).toBe(otherBefore);
  });

  it("refuses an amount above what the capability's schema allows, before any service runs", async () => {
    const before = await availableCents(shop.accountId);
    expect(await codeOf(caller(shop.userId).sandbox.creditAccount({ accountId: shop.accountId, amount: 0 }))).toBe(
      "BAD_REQUEST",
    );
    expect(await availableCents(shop.accountId)).toBe(before);
  });

  it("opens a MED on the merchant's received PIX, blocking it, and not on another merchant's", async () => {
    const received = await caller(shop.userId).sandbox.creditAccount({ accountId: shop.accountId, amount: 30 });
    const endToEndId = received.endToEndId as string;
    const available = await availableCents(shop.accountId);
    const blocked = await blockedCents(shop.accountId);

    expect(await codeOf(caller(other.userId).sandbox.openMed({ endToEndId }))).toBe("NOT_FOUND");
    expect(await blockedCents(shop.accountId)).toBe(blocked);

    const med = await caller(shop.userId).sandbox.openMed({ endToEndId, details: "Compra não reconhecida" });
    expect(med).toMatchObject({ endToEndId, status: "under_analysis", disputedCents: 3_000n, blockedCents: 3_000n });
    expect(await availableCents(shop.accountId)).toBe(available - 3_000n);
    expect(await blockedCents(shop.accountId)).toBe(blocked + 3_000n);
    // once per PIX
    expect(await codeOf(caller(shop.userId).sandbox.openMed({ endToEndId }))).toBe("CONFLICT");
  });

  it("returns the merchant's settled payout, and not another merchant's", async () => {
    const sent = await caller(shop.userId).transfers.sendToKey({
      accountId: shop.accountId,
      pixKey: "ana@example.invalid",
      amount: 20,
    });
    await settleOutgoingPix(db(), (await db().ledgerEntry.findFirstOrThrow({ where: { id: sent.id } })).seq);
    const endToEndId = sent.endToEndId as string;
    const before = await availableCents(shop.accountId);

    expect(await codeOf(caller(other.userId).sandbox.returnPayment({ endToEndId }))).toBe("NOT_FOUND");

    const part = await caller(shop.userId).sandbox.returnPayment({ endToEndId, amount: 5 });
    expect(part).toMatchObject({
      reason: "pix_out:refunded_processing",
      grossCents: 500n,
      parentEndToEndId: endToEndId,
    });
    const rest = await caller(shop.userId).sandbox.returnPayment({ endToEndId });
    expect(rest.grossCents).toBe(1_500n);
    expect(await availableCents(shop.accountId)).toBe(before + 2_000n);
  });

  it("refuses every procedure when the PIX rail is the network", async () => {
    useNetworkRail();
    const charge = await createCharge(db(), { userId: shop.userId, accountId: shop.accountId, amountCents: 900n });
    const before = await availableCents(shop.accountId);
    const sandbox = caller(shop.userId).sandbox;
    expect(await codeOf(sandbox.payCharge({ txId: charge.txId }))).toBe("FORBIDDEN");
    expect(await codeOf(sandbox.creditAccount({ accountId: shop.accountId, amount: 1 }))).toBe("FORBIDDEN");
    expect(await codeOf(sandbox.creditKey({ pixKey: "ana@example.invalid", amount: 1 }))).toBe("FORBIDDEN");
    expect(await codeOf(sandbox.openMed({ endToEndId: E2E }))).toBe("FORBIDDEN");
    expect(await codeOf(sandbox.returnPayment({ endToEndId: E2E }))).toBe("FORBIDDEN");
    expect(await availableCents(shop.accountId)).toBe(before);
    expect((await db().charge.findUniqueOrThrow({ where: { txId: charge.txId } })).status).toBe("created");
  });
});
