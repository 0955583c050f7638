/** The back office's MED analysis (admins only): the queue, one MED, the analysis and the decision. */
import { z } from "zod";
import { db } from "../../db/client";
import { readDb } from "../../db/replica";
import { BrlAmount } from "../../fields/amount";
import { Uuid } from "../../fields/ids";
import { Page, PageSize, pageInfo } from "../../fields/paging";
import { adminListMeds, saveLegalAnalysis } from "../../meds/admin";
import { type AdminMedDetail, adminMedDetailView } from "../../meds/admin-view";
import { DeadlineWindow, LegalConsiderations, MedResolution, MedStatusField, MerchantSearch } from "../../meds/schema";
import { resolveMed } from "../../meds/service";
import { adminProcedure, createTRPCRouter } from "../init";

export type { AdminMedDetail };

const actorOf = (user: { id: string; email: string }) => ({ userId: user.id, email: user.email });

export const adminMedsRouter = createTRPCRouter({
  list: adminProcedure
    .input(
      z.object({
        status: MedStatusField.optional(),
        deadline: DeadlineWindow.optional(),
        merchant: MerchantSearch.optional(),
        minAmount: BrlAmount.optional(),
        maxAmount: BrlAmount.optional(),
        sort: z.enum(["deadline_asc", "deadline_desc"]).default("deadline_asc"),
        page: Page.default(1),
        limit: PageSize.default(20),
      }),
    )
    .query(async ({ ctx, input }) => {
      const { items, total, counts } = await adminListMeds(await readDb(ctx.user.id), {
        status: input.status,
        deadline: input.deadline,
        merchant: input.merchant || undefined,
        minCents: input.minAmount,
        maxCents: input.maxAmount,
        sort: input.sort,
        page: input.page,
        limit: input.limit,
      });
      return { meds: items, counts, ...pageInfo(input, total) };
    }),

  get: adminProcedure.input(z.object({ id: Uuid })).query(({ input }) => adminMedDetailView(db(), input.id)),

  saveAnalysis: adminProcedure
    .input(z.object({ id: Uuid, considerations: LegalConsiderations }))
    .mutation(async ({ ctx, input }) => {
      await saveLegalAnalysis(db(), {
        medId: input.id,
        considerations: input.considerations,
        actor: actorOf(ctx.user),
      });
      return adminMedDetailView(db(), input.id);
    }),

  /**
   * The same service as the sandbox resolve: accepted refunds the payer, rejected releases. The
   * analysis is the merchant's to read and goes with every decision made here; deciding while the
   * merchant can still defend needs `confirmEarly` (MED_DEFENSE_PENDING otherwise).
   */
  resolve: adminProcedure
    .input(
      z.object({
        id: Uuid,
        status: MedResolution,
        analysis: LegalConsiderations,
        confirmEarly: z.boolean().default(false),
      }),
    )
    .mutation(async ({ ctx, input }) => {
      await resolveMed(db(), {
        medId: input.id,
        status: input.status,
        analysis: input.analysis,
        early: input.confirmEarly ? "allow" : "refuse",
        actor: actorOf(ctx.user),
      });
      return adminMedDetailView(db(), input.id);
    }),
});
