/** The dashboard's payment links: list (with payments count and total received), create, deactivate. */
import { z } from "zod";
import { db } from "../../db/client";
import { PaymentLinkCreate, PaymentLinkId } from "../../payment-links/schema";
import { createPaymentLink, deactivatePaymentLink, listPaymentLinks } from "../../payment-links/service";
import { linkView } from "../../payment-links/view";
import { createTRPCRouter, merchantProcedure } from "../init";

export const paymentLinksRouter = createTRPCRouter({
  list: merchantProcedure.query(async ({ ctx }) => (await listPaymentLinks(db(), ctx.user.id)).map(linkView)),

  create: merchantProcedure
    .input(PaymentLinkCreate)
    .mutation(async ({ ctx, input }) => linkView(await createPaymentLink(db(), ctx.user.id, input))),

  deactivate: merchantProcedure
    .input(z.object({ id: PaymentLinkId }))
    .mutation(async ({ ctx, input }) => linkView(await deactivatePaymentLink(db(), ctx.user.id, input.id))),
});
