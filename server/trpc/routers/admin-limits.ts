/**
 * The back office's PIX limits (docs/decisions/0059-pix-limits.md): the raises waiting for an
 * operator, oldest first; approving or refusing one (audited by decideRaise); one account's limits.
 */
import { z } from "zod";
import { db } from "../../db/client";
import { readDb } from "../../db/replica";
import { AccountId } from "../../fields/ids";
import { accountLimits, approveRaise, refuseRaise } from "../../limits/admin";
import { RaiseApproval, RaiseRefusal } from "../../limits/decision";
import { pendingRaises } from "../../limits/view";
import { adminProcedure, createTRPCRouter } from "../init";

const actorOf = (user: { id: string; email: string }) => ({ userId: user.id, email: user.email });

export const adminLimitsRouter = createTRPCRouter({
  pending: adminProcedure.query(async ({ ctx }) => pendingRaises(await readDb(ctx.user.id))),

  account: adminProcedure
    .input(z.object({ accountId: AccountId }))
    .query(async ({ ctx, input }) => accountLimits(await readDb(ctx.user.id), input.accountId)),

  approve: adminProcedure
    .input(RaiseApproval)
    .mutation(({ ctx, input }) => approveRaise(db(), { id: input.id, actor: actorOf(ctx.user) })),

  refuse: adminProcedure
    .input(RaiseRefusal)
    .mutation(({ ctx, input }) => refuseRaise(db(), { ...input, actor: actorOf(ctx.user) })),
});
