/**
 * "Limites" in the dashboard (docs/decisions/0059-pix-limits.md): an account's PIX limits, what is
 * used and left, the raises not yet in force and the history; lowering a limit (at once) and
 * asking to raise one (in force after 24 h, above the approval threshold once an operator
 * approved). Support may read; changing is for the roles that send money.
 */
import { z } from "zod";
import { db } from "../../db/client";
import { readDb } from "../../db/replica";
import { AccountId } from "../../fields/ids";
import { changeOwnLimits, ownLimits } from "../../limits/merchant";
import { LimitChangesInput, limitChanges } from "../../limits/schema";
import { can, createTRPCRouter } from "../init";

export const limitsRouter = createTRPCRouter({
  view: can("ledger.read")
    .input(z.object({ accountId: AccountId }))
    .query(async ({ ctx, input }) =>
      ownLimits(await readDb(ctx.user.id), { accountId: input.accountId, userId: ctx.tenantId }),
    ),

  /** Each limit given at or below the one in force is lowered at once; each above it is a raise request. */
  change: can("money.send")
    .input(LimitChangesInput.extend({ accountId: AccountId }))
    .mutation(({ ctx, input }) => {
      const { accountId, ...changes } = input;
      return changeOwnLimits(db(), {
        accountId,
        userId: ctx.tenantId,
        actor: { userId: ctx.user.id, email: ctx.user.email },
        changes: limitChanges(changes),
      });
    }),
});
