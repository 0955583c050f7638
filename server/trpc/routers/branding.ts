/** The merchant's branding on the payer's pages: read and update (the logo is uploaded at /api/branding/logo). */
import { BrandingUpdate } from "../../branding/schema";
import { getBranding, updateBranding } from "../../branding/service";
import { db } from "../../db/client";
import { can, createTRPCRouter } from "../init";

export const brandingRouter = createTRPCRouter({
  get: can("branding.manage").query(({ ctx }) => getBranding(db(), ctx.tenantId)),
  update: can("branding.manage")
    .input(BrandingUpdate)
    .mutation(({ ctx, input }) => updateBranding(db(), ctx.tenantId, input)),
});
