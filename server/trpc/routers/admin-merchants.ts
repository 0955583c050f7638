import { blockAccount, unblockAccount } from "../../accounts/status";
import { merchantDetail, searchMerchants } from "../../admin/merchants";
import { AccountStatusChange, MerchantLookup, MerchantSearch } from "../../admin/schema";
import { db } from "../../db/client";
import { pageInfo } from "../../fields/paging";
import { adminProcedure, createTRPCRouter } from "../init";

const actorOf = (user: { id: string; email: string }) => ({ userId: user.id, email: user.email });

/** Merchants in the back office: search, detail, and blocking an account (audited). */
export const adminMerchantsRouter = createTRPCRouter({
  search: adminProcedure.input(MerchantSearch).query(async ({ input }) => {
    const { items, total } = await searchMerchants(db(), input);
    return { items, ...pageInfo(input, total) };
  }),

  detail: adminProcedure.input(MerchantLookup).query(({ input }) => merchantDetail(db(), input.userId)),

  block: adminProcedure.input(AccountStatusChange).mutation(async ({ ctx, input }) => {
    const account = await blockAccount(db(), { ...input, actor: actorOf(ctx.user) });
    return { accountId: account.id, status: account.status };
  }),

  unblock: adminProcedure.input(AccountStatusChange).mutation(async ({ ctx, input }) => {
    const account = await unblockAccount(db(), { ...input, actor: actorOf(ctx.user) });
    return { accountId: account.id, status: account.status };
  }),
});
