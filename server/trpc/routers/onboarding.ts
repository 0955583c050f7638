/**
 * Onboarding in the dashboard: the programme owner's proposals ("Programa de contas") and the
 * back office's review queue, detail and decisions (server/onboarding).
 */
import { z } from "zod";
import { db } from "../../db/client";
import { Uuid } from "../../fields/ids";
import { Page, PageSize, pageInfo } from "../../fields/paging";
import type { OnboardingProposal } from "../../generated/prisma/client";
import { type KybSummary, kybSummaries } from "../../kyb/view";
import { approveProposal, proposalForAdmin, rejectProposal } from "../../onboarding/review";
import { OnboardingStatusField, PersonTypeField, RejectionReason } from "../../onboarding/schema";
import { listProposals } from "../../onboarding/service";
import { documentsOf, type ProposalWithFiles, proposalView, timelineOf } from "../../onboarding/view";
import { adminProcedure, can, createTRPCRouter } from "../init";

const ListInput = z.object({
  status: OnboardingStatusField.optional(),
  page: Page.default(1),
  limit: PageSize.default(20),
});

/** The owner's view: the API record (document masked) with the timeline. */
function ownerRow(p: ProposalWithFiles) {
  return { ...proposalView(p), timeline: timelineOf(p) };
}
export type OwnerProposal = ReturnType<typeof ownerRow>;

function adminRow(p: OnboardingProposal, kyb: KybSummary | null = null) {
  return {
    userId: p.userId,
    ownerId: p.ownerId,
    status: p.status,
    personType: p.personType,
    name: p.name,
    email: p.email,
    createdAt: p.createdAt,
    submittedAt: p.submittedAt,
    /** the latest KYB score of a company with registration data */
    kyb,
  };
}
export type AdminProposalRow = ReturnType<typeof adminRow>;

/** Administrators see the document whole, and every file. */
async function adminDetail(p: ProposalWithFiles) {
  const owner = await db().user.findUnique({ where: { id: p.ownerId }, select: { name: true, email: true } });
  return {
    ...proposalView(p),
    document: p.document,
    ownerId: p.ownerId,
    ownerName: owner?.name ?? null,
    ownerEmail: owner?.email ?? null,
    locale: p.locale,
    decidedBy: p.decidedBy,
    timeline: timelineOf(p),
    documents: documentsOf(p.files),
    files: p.files
      .map((f) => ({
        id: f.id,
        documentType: f.documentType,
        side: f.side,
        contentType: f.contentType,
        sizeBytes: f.sizeBytes,
        uploadedAt: f.uploadedAt,
      }))
      .sort((a, b) => a.uploadedAt.getTime() - b.uploadedAt.getTime()),
  };
}
export type AdminProposalDetail = Awaited<ReturnType<typeof adminDetail>>;

export const onboardingRouter = createTRPCRouter({
  /** The signed-in merchant's proposals (as programme owner), newest first. */
  mine: can("programme.read")
    .input(ListInput)
    .query(async ({ ctx, input }) => {
      const { items, total } = await listProposals(db(), ctx.tenantId, input);
      return { proposals: items.map(ownerRow), ...pageInfo(input, total) };
    }),

  /** The review queue: every programme's proposals, filtered by status, person type and age. */
  queue: adminProcedure
    .input(
      ListInput.extend({
        personType: PersonTypeField.optional(),
        /** only proposals at least this many days old */
        olderThanDays: z.number().int().min(1).max(365).optional(),
      }),
    )
    .query(async ({ input }) => {
      const createdBefore =
        input.olderThanDays === undefined ? undefined : new Date(Date.now() - input.olderThanDays * 86_400_000);
      const { items, total } = await listProposals(db(), undefined, { ...input, createdBefore });
      const kyb = await kybSummaries(
        db(),
        items.map((p) => p.userId),
      );
      return { proposals: items.map((p) => adminRow(p, kyb.get(p.userId) ?? null)), ...pageInfo(input, total) };
    }),

  detail: adminProcedure.input(z.object({ userId: Uuid })).query(async ({ input }) => {
    return adminDetail(await proposalForAdmin(db(), input.userId));
  }),

  approve: adminProcedure.input(z.object({ userId: Uuid })).mutation(async ({ ctx, input }) => {
    const proposal = await approveProposal(db(), input.userId, { userId: ctx.user.id, email: ctx.user.email });
    return { status: proposal.status, accountId: proposal.accountId };
  }),

  reject: adminProcedure.input(z.object({ userId: Uuid, reason: RejectionReason })).mutation(async ({ ctx, input }) => {
    const proposal = await rejectProposal(db(), input.userId, input.reason, {
      userId: ctx.user.id,
      email: ctx.user.email,
    });
    return { status: proposal.status };
  }),
});
