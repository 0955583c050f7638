import { z } from "zod";
import { cancelCharge } from "../../charges/cancel";
import { payChargeFromOutside } from "../../charges/payment";
import { qrCodePng } from "../../charges/qr-image";
import { ChargeCreate, ChargeListQuery, ExpirationSeconds, TxId } from "../../charges/schema";
import { createCharge, getCharge, listCharges } from "../../charges/service";
import { config } from "../../config";
import { db } from "../../db/client";
import { forbidden } from "../../errors";
import { pageInfo } from "../../fields/paging";
import type { Charge } from "../../generated/prisma/client";
import { createTRPCRouter, merchantProcedure } from "../init";

const txId = TxId;
const sandbox = () => config().PIX_MODE === "sandbox";

/** What the dashboard shows of a charge: no location id, user id or metadata. */
function chargeView(charge: Charge) {
  return {
    txId: charge.txId,
    accountId: charge.accountId,
    amountCents: charge.amountCents,
    description: charge.description,
    externalId: charge.externalId,
    sameDocument: charge.sameDocument,
    pixKey: charge.pixKey,
    emv: charge.emv,
    status: charge.status,
    expiresAt: charge.expiresAt,
    paidAt: charge.paidAt,
    paidEndToEndId: charge.paidEndToEndId,
    createdAt: charge.createdAt,
  };
}

/** One charge with its QR image (a PNG data URL) and whether payments can be simulated here. */
async function chargeDetailView(charge: Charge) {
  return { ...chargeView(charge), qrCode: await qrCodePng(charge.emv), sandbox: sandbox() };
}

export type ChargeView = ReturnType<typeof chargeView>;
export type ChargeDetailView = Awaited<ReturnType<typeof chargeDetailView>>;

export const chargesRouter = createTRPCRouter({
  /** A page of the user's charges, newest first, with the total for pagination. */
  list: merchantProcedure.input(ChargeListQuery).query(async ({ ctx, input }) => {
    const { charges, total } = await listCharges(db(), ctx.user.id, input);
    return {
      charges: charges.map(chargeView),
      ...pageInfo(input, total),
    };
  }),

  /** One of the user's charges (404 when unknown or expired, as the service answers). */
  byTxId: merchantProcedure
    .input(z.object({ txId }))
    .query(async ({ ctx, input }) => chargeDetailView(await getCharge(db(), ctx.user.id, input.txId))),

  /** A dynamic QR charge of `amount` BRL, payable until `expirationSeconds` from now. */
  create: merchantProcedure
    .input(ChargeCreate.omit({ metadata: true }).extend({ expirationSeconds: ExpirationSeconds }))
    .mutation(async ({ ctx, input }) =>
      chargeDetailView(
        await createCharge(db(), {
          userId: ctx.user.id,
          accountId: input.accountId,
          amountCents: input.amount,
          description: input.description || null,
          expirationSeconds: input.expirationSeconds,
          externalId: input.externalId || null,
          sameDocument: input.sameDocument || null,
        }),
      ),
    ),

  /** Withdraws an unpaid charge (409 CHARGE_NOT_CANCELLABLE once paid, expired or cancelled). */
  cancel: merchantProcedure
    .input(z.object({ txId }))
    .mutation(async ({ ctx, input }) => chargeView(await cancelCharge(db(), ctx.user.id, input.txId))),

  /** Sandbox only: a payer at another institution pays the charge; answers the credit entry. */
  simulatePayment: merchantProcedure.input(z.object({ txId })).mutation(async ({ ctx, input }) => {
    if (!sandbox()) throw forbidden("payments can be simulated only in sandbox mode");
    const credit = await payChargeFromOutside(db(), { userId: ctx.user.id, txId: input.txId });
    return {
      id: credit.id,
      accountId: credit.accountId,
      endToEndId: credit.endToEndId,
      grossCents: credit.grossCents,
      status: credit.status,
    };
  }),
});
