import { z } from "zod";
import { cancelCharge } from "../../charges/cancel";
import { listCharges } from "../../charges/list";
import { type ChargePayment, getChargeWithPayment } from "../../charges/paid";
import { payChargeFromOutside } from "../../charges/payment";
import { qrCodePng } from "../../charges/qr-image";
import { ChargeCreate, ChargeListQuery, ExpirationSeconds, StaticQrCreate, TxId } from "../../charges/schema";
import { createCharge } from "../../charges/service";
import { createStaticQr, getStaticQr, listStaticQrs, removeStaticQr } from "../../charges/static-qr";
import { db } from "../../db/client";
import { forbidden } from "../../errors";
import { Uuid } from "../../fields/ids";
import { pageInfo } from "../../fields/paging";
import type { Charge, StaticQrCode } from "../../generated/prisma/client";
import { paymentPageUrl } from "../../payment-pages/public-id";
import { sandboxMode } from "../../pix/current-rail";
import { can, createTRPCRouter } from "../init";

const txId = TxId;
const sandbox = () => sandboxMode();

/** What the dashboard shows of a charge: no location id, user id or metadata. */
function chargeView(charge: Charge, refundedCents = 0n) {
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
    /** refunded (processing or done) of a paid charge's PIX */
    refundedCents,
    createdAt: charge.createdAt,
    /** the hosted payment page to send to the payer */
    paymentPageUrl: paymentPageUrl(charge.publicId),
  };
}

/**
 * One charge with its QR image (a PNG data URL), whether payments can be simulated here and, once
 * paid, its payer and refunds.
 */
async function chargeDetailView(charge: Charge, payment: ChargePayment | null = null) {
  return {
    ...chargeView(charge, payment?.refundedCents),
    qrCode: await qrCodePng(charge.emv),
    sandbox: sandbox(),
    payment,
  };
}

/** A static QR code as the dashboard lists it. */
function staticQrView(code: StaticQrCode) {
  return {
    id: code.id,
    accountId: code.accountId,
    label: code.label,
    pixKey: code.pixKey,
    amountCents: code.amountCents,
    description: code.description,
    emv: code.emv,
    createdAt: code.createdAt,
  };
}

const staticQrId = z.object({ id: Uuid });

/** Static QR codes for a shop counter (server/charges/static-qr.ts). */
const staticQrRouter = createTRPCRouter({
  list: can("charges.read").query(async ({ ctx }) => (await listStaticQrs(db(), ctx.tenantId)).map(staticQrView)),
  /** One code with its QR image and the holder's name, for the printable page. */
  byId: can("charges.read")
    .input(staticQrId)
    .query(async ({ ctx, input }) => {
      const code = await getStaticQr(db(), ctx.tenantId, input.id);
      return { ...staticQrView(code), merchantName: code.merchantName, qrCode: await qrCodePng(code.emv) };
    }),
  create: can("charges.write")
    .input(StaticQrCreate)
    .mutation(async ({ ctx, input }) =>
      staticQrView(
        await createStaticQr(db(), {
          userId: ctx.tenantId,
          accountId: input.accountId,
          pixKeyId: input.pixKeyId ?? null,
          label: input.label,
          amountCents: input.amount ?? null,
          description: input.description || null,
        }),
      ),
    ),
  remove: can("charges.write")
    .input(staticQrId)
    .mutation(async ({ ctx, input }) => {
      await removeStaticQr(db(), ctx.tenantId, input.id);
      return { id: input.id };
    }),
});

export type StaticQrView = ReturnType<typeof staticQrView>;
export type ChargeView = ReturnType<typeof chargeView>;
export type ChargeDetailView = Awaited<ReturnType<typeof chargeDetailView>>;

export const chargesRouter = createTRPCRouter({
  static: staticQrRouter,

  /** A page of the user's charges, newest first, with the total for pagination. */
  list: can("charges.read")
    .input(ChargeListQuery)
    .query(async ({ ctx, input }) => {
      const { charges, total } = await listCharges(db(), ctx.tenantId, input);
      return {
        charges: charges.map((charge) => chargeView(charge, charge.refundedCents)),
        ...pageInfo(input, total),
      };
    }),

  /** One of the user's charges (404 when unknown or expired, as the service answers). */
  byTxId: can("charges.read")
    .input(z.object({ txId }))
    .query(async ({ ctx, input }) => {
      const { charge, payment } = await getChargeWithPayment(db(), ctx.tenantId, input.txId);
      return chargeDetailView(charge, payment);
    }),

  /** A dynamic QR charge of `amount` BRL, payable until `expirationSeconds` from now. */
  create: can("charges.write")
    .input(ChargeCreate.omit({ metadata: true }).extend({ expirationSeconds: ExpirationSeconds }))
    .mutation(async ({ ctx, input }) =>
      chargeDetailView(
        await createCharge(db(), {
          userId: ctx.tenantId,
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
  cancel: can("charges.write")
    .input(z.object({ txId }))
    .mutation(async ({ ctx, input }) => chargeView(await cancelCharge(db(), ctx.tenantId, input.txId))),

  /** Sandbox only: a payer at another institution pays the charge; answers the credit entry. */
  simulatePayment: can("sandbox.use")
    .input(z.object({ txId }))
    .mutation(async ({ ctx, input }) => {
      if (!sandbox()) throw forbidden("payments can be simulated only in sandbox mode");
      const credit = await payChargeFromOutside(db(), { userId: ctx.tenantId, txId: input.txId });
      return {
        id: credit.id,
        accountId: credit.accountId,
        endToEndId: credit.endToEndId,
        grossCents: credit.grossCents,
        status: credit.status,
      };
    }),
});
