import { z } from "zod";
import { db } from "../../db/client";
import { EndToEndId, Uuid } from "../../fields/ids";
import { pageInfo } from "../../fields/paging";
import { listMedsForDashboard, medDetail } from "../../meds/dashboard";
import { removeEvidence, submitDefenseWithEvidence } from "../../meds/evidence";
import { DashboardDefense, MedListQuery } from "../../meds/schema";
import { can, createTRPCRouter } from "../init";

/** The merchant's MEDs (server/meds/). Evidence is uploaded through POST /api/meds/evidence. */
export const medsRouter = createTRPCRouter({
  list: can("meds.read")
    .input(MedListQuery)
    .query(async ({ ctx, input }) => {
      const { meds, total } = await listMedsForDashboard(db(), ctx.tenantId, input);
      return { meds, ...pageInfo(input, total) };
    }),

  get: can("meds.read")
    .input(z.object({ endToEndId: EndToEndId }))
    .query(({ ctx, input }) => medDetail(db(), ctx.tenantId, input.endToEndId)),

  submitDefense: can("meds.defend")
    .input(DashboardDefense)
    .mutation(async ({ ctx, input }) => {
      await submitDefenseWithEvidence(db(), { userId: ctx.tenantId, ...input });
      return medDetail(db(), ctx.tenantId, input.endToEndId);
    }),

  removeEvidence: can("meds.defend")
    .input(z.object({ id: Uuid }))
    .mutation(({ ctx, input }) => removeEvidence(db(), { userId: ctx.tenantId, id: input.id })),
});
