import { accountsOfUser, balanceOf } from "../../accounts/service";
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
});
