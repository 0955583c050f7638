/**
 * KYB in the back office (server/kyb): a company proposal's registration data, partners with
 * their hits and latest screening; the lists' versions; the approved accounts a re-screening
 * flagged. Lists are uploaded through POST /api/admin/kyb/lists (a file, not JSON).
 */
import { z } from "zod";
import { db } from "../../db/client";
import { Uuid } from "../../fields/ids";
import { listHistory } from "../../kyb/lists";
import { currentLists } from "../../kyb/screening";
import { clearFlag, companyReview, flaggedCompanies } from "../../kyb/view";
import { adminProcedure, createTRPCRouter } from "../init";

export const kybRouter = createTRPCRouter({
  company: adminProcedure.input(z.object({ userId: Uuid })).query(async ({ input }) => ({
    company: await companyReview(db(), input.userId),
  })),

  lists: adminProcedure.query(async () => {
    const [history, current] = await Promise.all([listHistory(db()), currentLists(db())]);
    return { history, current: { pep: current.pep?.version ?? null, sanctions: current.sanctions?.version ?? null } };
  }),

  flagged: adminProcedure.query(async () => ({ companies: await flaggedCompanies(db()) })),

  clearFlag: adminProcedure.input(z.object({ userId: Uuid })).mutation(async ({ ctx, input }) => {
    await clearFlag(db(), input.userId, { userId: ctx.user.id, email: ctx.user.email });
    return { ok: true };
  }),
});
