import { blockAccount, unblockAccount } from "../../accounts/status";
import { merchantDetail, searchMerchants } from "../../admin/merchants";
import { AccountStatusChange, MerchantLookup, MerchantSearch } from "../../admin/schema";
import { db } from "../../db/client";
import { readDb } from "../../db/replica";
import { pageInfo } from "../../fields/paging";
import { resetUserPassword, setUserRole } from "../../users/access";
import { UserPasswordReset, UserRoleChange } from "../../users/access-schema";
import { adminProcedure, createTRPCRouter } from "../init";

const actorOf = (user: { id: string; email: string }) => ({ userId: user.id, email: user.email });

/** Merchants in the back office: search, detail, blocking an account, role and password (audited). */
export const adminMerchantsRouter = createTRPCRouter({
  search: adminProcedure.input(MerchantSearch).query(async ({ ctx, input }) => {
    const { items, total } = await searchMerchants(await readDb(ctx.user.id), input);
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

  /** Either change ends every session the user has. */
  changeRole: adminProcedure
    .input(UserRoleChange)
    .mutation(({ ctx, input }) =>
      setUserRole(db(), { user: { userId: input.userId }, role: input.role, actor: actorOf(ctx.user) }),
    ),

  /** A generated password, shown once to the operator who hands it over. */
  resetPassword: adminProcedure.input(UserPasswordReset).mutation(async ({ ctx, input }) => {
    const { userId, password } = await resetUserPassword(db(), {
      user: { userId: input.userId },
      actor: actorOf(ctx.user),
    });
    return { userId, password };
  }),
});
