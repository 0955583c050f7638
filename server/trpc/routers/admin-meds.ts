/** The back office's MED analysis (admins only): the queue, one MED, the analysis and the decision. */
import { z } from "zod";
import { config } from "../../config";
import { db } from "../../db/client";
import { BrlAmount } from "../../fields/amount";
import { Page, PageSize, pageInfo } from "../../fields/paging";
import type { Party } from "../../ledger/parties";
import { adminListMeds, adminMedDetail, saveLegalAnalysis } from "../../meds/admin";
import { listEvidence } from "../../meds/evidence";
import { evidencePreview } from "../../meds/preview";
import { DeadlineWindow, LegalConsiderations, MedResolution, MedStatusField, MerchantSearch } from "../../meds/schema";
import { resolveMed } from "../../meds/service";
import { adminProcedure, createTRPCRouter } from "../init";

const MedId = z.string().max(64);

async function detailView(medId: string) {
  const { med, entry, merchant, refund } = await adminMedDetail(db(), medId);
  // Files stored by the platform are previewed; any other URL is only a link (never fetched).
  const stored = new Map((await listEvidence(db(), med.id, new Date())).map((file) => [file.id, file]));
  const owedCents = med.status === "under_analysis" ? med.disputedCents - med.blockedCents : 0n;
  return {
    id: med.id,
    status: med.status,
    endToEndId: med.endToEndId,
    pspCreatorName: med.pspCreatorName,
    details: med.details,
    createdAt: med.createdAt,
    resolvedAt: med.resolvedAt,
    defenseDeadline: med.defenseDeadline,
    transaction: {
      entryId: entry.id,
      endToEndId: entry.endToEndId,
      reason: entry.reason,
      grossCents: entry.grossCents,
      feeCents: entry.feeCents,
      netCents: entry.netCents,
      description: entry.description,
      createdAt: entry.createdAt,
      payer: (entry.payer as Party | null) ?? null,
      receiver: (entry.receiver as Party | null) ?? null,
    },
    merchant,
    effect: {
      disputedCents: med.disputedCents,
      blockedCents: med.blockedCents,
      owedCents,
      refundedCents: refund?.amountCents ?? 0n,
    },
    refund,
    defense: med.defenseCreatedAt
      ? {
          description: med.defenseDescription ?? "",
          createdAt: med.defenseCreatedAt,
          files: med.defenseFiles.map((url) => evidencePreview(url, config().APP_URL, stored)),
        }
      : null,
    legalAnalysis: med.legalCreatedAt
      ? {
          considerations: med.legalConsiderations ?? "",
          createdBy: med.legalCreatedBy ?? "",
          createdAt: med.legalCreatedAt,
        }
      : null,
  };
}

export type AdminMedDetail = Awaited<ReturnType<typeof detailView>>;

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
    .query(async ({ input }) => {
      const { items, total, counts } = await adminListMeds(db(), {
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

  get: adminProcedure.input(z.object({ id: MedId })).query(({ input }) => detailView(input.id)),

  saveAnalysis: adminProcedure
    .input(z.object({ id: MedId, considerations: LegalConsiderations }))
    .mutation(async ({ ctx, input }) => {
      await saveLegalAnalysis(db(), {
        medId: input.id,
        considerations: input.considerations,
        actor: actorOf(ctx.user),
      });
      return detailView(input.id);
    }),

  /** The same service as the sandbox resolve: accepted refunds the payer, rejected releases. */
  resolve: adminProcedure.input(z.object({ id: MedId, status: MedResolution })).mutation(async ({ ctx, input }) => {
    await resolveMed(db(), { medId: input.id, status: input.status, actor: actorOf(ctx.user) });
    return detailView(input.id);
  }),
});
