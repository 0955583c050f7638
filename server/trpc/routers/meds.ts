import { z } from "zod";
import { db } from "../../db/client";
import { EndToEndId, Uuid } from "../../fields/ids";
import { pageInfo } from "../../fields/paging";
import { listMedsForDashboard, medDetail } from "../../meds/dashboard";
import { removeEvidence, submitDefenseWithEvidence } from "../../meds/evidence";
import { DashboardDefense, MedListQuery } from "../../meds/schema";
import { createTRPCRouter, merchantProcedure } from "../init";

/** The merchant's MEDs (server/meds/). Evidence is uploaded through POST /api/meds/evidence. */
export const medsRouter = createTRPCRouter({
  list: merchantProcedure.input(MedListQuery).query(async ({ ctx, input }) => {
    const { meds, total } = await listMedsForDashboard(db(), ctx.user.id, input);
    return { meds, ...pageInfo(input, total) };
  }),

  get: merchantProcedure
    .input(z.object({ endToEndId: EndToEndId }))
    .query(({ ctx, input }) => medDetail(db(), ctx.user.id, input.endToEndId)),

  submitDefense: merchantProcedure.input(DashboardDefense).mutation(async ({ ctx, input }) => {
    await submitDefenseWithEvidence(db(), { userId: ctx.user.id, ...input });
    return medDetail(db(), ctx.user.id, input.endToEndId);
  }),

  removeEvidence: merchantProcedure
    .input(z.object({ id: Uuid }))
    .mutation(({ ctx, input }) => removeEvidence(db(), { userId: ctx.user.id, id: input.id })),
});
