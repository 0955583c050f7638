import { z } from "zod";
import { accountPulse } from "../../accounts/pulse";
import { accountsOfUser, balanceOf } from "../../accounts/service";
import { config } from "../../config";
import { db } from "../../db/client";
import { maxTransactionCents } from "../../fields/amount";
import { can, createTRPCRouter } from "../init";

export const accountRouter = createTRPCRouter({
  /**
   * The signed-in user's accounts with their balances, in centavos (bigint); a blocked account's
   * reason and whom to contact; the amounts a send form checks before asking the server.
   */
  overview: can("overview.read").query(async ({ ctx }) => {
    const accounts = await accountsOfUser(db(), ctx.tenantId);
    return {
      accounts: accounts.map((account) => ({
        ...balanceOf(account),
        name: account.name,
        agency: account.agency,
        status: account.status,
        statusReason: account.status === "inactive" ? account.statusReason : null,
      })),
      supportContact: config().SUPPORT_CONTACT,
      limits: { maxTransactionCents: maxTransactionCents(), confirmAboveCents: config().LARGE_AMOUNT_CONFIRM_CENTS },
    };
  }),
  /** Polled by the dashboard: changes when money moves; the PIX received since `since`. */
  pulse: can("overview.read")
    .input(z.object({ since: z.string().max(4000).nullable() }))
    .query(({ ctx, input }) => accountPulse(db(), ctx.tenantId, input.since)),
});
