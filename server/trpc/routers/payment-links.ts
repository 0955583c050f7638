/** The dashboard's payment links: list (with payments count and total received), create, deactivate. */
import { z } from "zod";
import { db } from "../../db/client";
import { PaymentLinkCreate, PaymentLinkId } from "../../payment-links/schema";
import { createPaymentLink, deactivatePaymentLink, listPaymentLinks } from "../../payment-links/service";
import { linkView } from "../../payment-links/view";
import { can, createTRPCRouter } from "../init";

export const paymentLinksRouter = createTRPCRouter({
  list: can("paymentLinks.read").query(async ({ ctx }) => (await listPaymentLinks(db(), ctx.tenantId)).map(linkView)),

  create: can("paymentLinks.manage")
    .input(PaymentLinkCreate)
    .mutation(async ({ ctx, input }) => linkView(await createPaymentLink(db(), ctx.tenantId, input))),

  deactivate: can("paymentLinks.manage")
    .input(z.object({ id: PaymentLinkId }))
    .mutation(async ({ ctx, input }) => linkView(await deactivatePaymentLink(db(), ctx.tenantId, input.id))),
});
