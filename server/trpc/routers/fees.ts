/**
 * The merchant's fees (dashboard "Tarifas"): each account's price list in force and the version
 * scheduled after it, and the fees paid over a period of São Paulo days (the reserve report's
 * period rules: the last 30 days by default, at most a year).
 */
import { accountsOfUser } from "../../accounts/service";
import { readDb } from "../../db/replica";
import { reservePeriod } from "../../ledger/reserve";
import { ReserveQuery } from "../../ledger/schema";
import { feesPaid, priceListHistory, priceListOutlook } from "../../pricing/service";
import { saoPauloDayEnd, saoPauloDayStart } from "../../time";
import { can, createTRPCRouter } from "../init";

export const feesRouter = createTRPCRouter({
  priceLists: can("ledger.read").query(async ({ ctx }) => {
    const tx = await readDb(ctx.user.id);
    const now = new Date();
    const [accounts, defaults] = await Promise.all([accountsOfUser(tx, ctx.tenantId), priceListHistory(tx, null)]);
    return Promise.all(
      accounts.map(async (account) => ({
        accountId: account.id,
        name: account.name,
        ...(await priceListOutlook(tx, account.id, now, defaults)),
      })),
    );
  }),

  paid: can("ledger.read")
    .input(ReserveQuery)
    .query(async ({ ctx, input }) => {
      const tx = await readDb(ctx.user.id);
      const period = reservePeriod(input, new Date());
      const from = new Date(saoPauloDayStart(period.from) as number);
      const to = new Date((saoPauloDayEnd(period.to) as number) + 1);
      const accounts = await accountsOfUser(tx, ctx.tenantId);
      const paid = await Promise.all(
        accounts.map(async (account) => ({
          accountId: account.id,
          name: account.name,
          ...(await feesPaid(tx, { userId: ctx.tenantId, accountId: account.id, from, to })),
        })),
      );
      return { ...period, accounts: paid };
    }),
});
