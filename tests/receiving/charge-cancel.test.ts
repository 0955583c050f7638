import { TRPCError } from "@trpc/server";
import { beforeAll, describe, expect, it } from "vitest";
import { cancelCharge } from "../../server/charges/cancel";
import { payChargeFromOutside } from "../../server/charges/payment";
import { createCharge } from "../../server/charges/service";
import { db } from "../../server/db/client";
import { AppError } from "../../server/errors";
import { createCallerFactory } from "../../server/trpc/init";
import { appRouter } from "../../server/trpc/routers";
import { fundedMerchant, newMerchant } from "../support/fixtures";

describe("cancelling a charge", () => {
  let shop: Awaited<ReturnType<typeof fundedMerchant>>;
  const caller = (userId: string) =>
    createCallerFactory(appRouter)({ user: { id: userId, role: "MERCHANT", name: "M", email: "m@example.test" } });

  beforeAll(async () => {
    shop = await fundedMerchant(0n);
  });

  const charge = (now?: Date) =>
    createCharge(db(), { userId: shop.userId, accountId: shop.accountId, amountCents: 1500n }, { now });

  it("cancels an unpaid charge, records charge.cancelled, and the charge can no longer be paid", async () => {
    const created = await charge();
    const view = await caller(shop.userId).charges.cancel({ txId: created.txId });
    expect(view.status).toBe("cancelled");
    const events = await db().outboxEvent.findMany({ where: { entryId: created.txId, topic: "charge.cancelled" } });
    expect(events).toHaveLength(1);
    expect(events[0]?.payload).toMatchObject({ txId: created.txId, status: "cancelled" });
    await expect(payChargeFromOutside(db(), { userId: shop.userId, txId: created.txId })).rejects.toMatchObject({
      reason: "CHARGE_EXPIRED",
    });
    // twice: a conflict with the reason the dashboard explains
    const again = await caller(shop.userId)
      .charges.cancel({ txId: created.txId })
      .catch((error: unknown) => error);
    expect(again).toBeInstanceOf(TRPCError);
    expect((again as TRPCError).code).toBe("CONFLICT");
    expect(((again as TRPCError).cause as AppError).reason).toBe("CHARGE_NOT_CANCELLABLE");
  });

  it("refuses a paid or expired charge and changes nothing", async () => {
    const paid = await charge();
    await payChargeFromOutside(db(), { userId: shop.userId, txId: paid.txId });
    await expect(cancelCharge(db(), shop.userId, paid.txId)).rejects.toMatchObject({
      code: "CONFLICT",
      reason: "CHARGE_NOT_CANCELLABLE",
    });
    expect((await db().charge.findUniqueOrThrow({ where: { txId: paid.txId } })).status).toBe("paid");

    const old = await charge(new Date(Date.now() - 2 * 86_400_000));
    await expect(cancelCharge(db(), shop.userId, old.txId)).rejects.toBeInstanceOf(AppError);
    expect((await db().charge.findUniqueOrThrow({ where: { txId: old.txId } })).status).toBe("created");
  });

  it("answers 404 for another merchant's charge and an id that cannot exist", async () => {
    const created = await charge();
    const stranger = await newMerchant();
    await expect(caller(stranger.userId).charges.cancel({ txId: created.txId })).rejects.toMatchObject({
      code: "NOT_FOUND",
    });
    await expect(cancelCharge(db(), shop.userId, "x".repeat(40))).rejects.toMatchObject({ code: "NOT_FOUND" });
    expect((await db().charge.findUniqueOrThrow({ where: { txId: created.txId } })).status).toBe("created");
  });
});
