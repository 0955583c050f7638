/** The merchant's branding on the payer's pages: read and update (the logo is uploaded at /api/branding/logo). */
import { BrandingUpdate } from "../../branding/schema";
import { getBranding, updateBranding } from "../../branding/service";
import { db } from "../../db/client";
import { createTRPCRouter, merchantProcedure } from "../init";

export const brandingRouter = createTRPCRouter({
  get: merchantProcedure.query(({ ctx }) => getBranding(db(), ctx.user.id)),
  update: merchantProcedure
    .input(BrandingUpdate)
    .mutation(({ ctx, input }) => updateBranding(db(), ctx.user.id, input)),
});
