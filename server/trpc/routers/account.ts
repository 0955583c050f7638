import { z } from "zod";
import { accountsOfUser, balanceOf, getBalance } from "../../accounts/service";
import { db } from "../../db/client";
import { createTRPCRouter, merchantProcedure } from "../init";

export const accountRouter = createTRPCRouter({
  /** The signed-in user's accounts with their balances, in centavos (bigint). */
  overview: merchantProcedure.query(async ({ ctx }) => {
    const accounts = await accountsOfUser(db(), ctx.user.id);
    return {
      accounts: accounts.map((account) => ({
        ...balanceOf(account),
        name: account.name,
        agency: account.agency,
        status: account.status,
      })),
    };
  }),

  /** One of the user's accounts: available, blocked, total and held (in transit), in centavos. */
  balance: merchantProcedure
    .input(z.object({ accountId: z.string().min(1).max(32) }))
    .query(({ ctx, input }) => getBalance(db(), input.accountId, ctx.user.id)),
});
