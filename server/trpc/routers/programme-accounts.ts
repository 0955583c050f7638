/** The accounts of the merchant's account programme, for "Programa de contas" (read only). */
import { programmeAccounts } from "../../accounts/programme";
import { balanceOf } from "../../accounts/service";
import { db } from "../../db/client";
import { maskDocument } from "../../documents/cpf-cnpj";
import { pixKeyView } from "../../pix/keys/service";
import { can, createTRPCRouter } from "../init";

export const programmeAccountsRouter = createTRPCRouter({
  list: can("programme.read").query(async ({ ctx }) => {
    const accounts = await programmeAccounts(db(), ctx.tenantId);
    return accounts.map((account) => ({
      accountId: account.id,
      holder: account.name,
      document: maskDocument(account.document),
      personType: account.personType,
      status: account.status,
      createdAt: account.createdAt.getTime(),
      balance: balanceOf(account),
      keys: account.pixKeys.map(pixKeyView),
    }));
  }),
});

export type ProgrammeAccountView = Awaited<ReturnType<typeof programmeAccountsRouter.list>>;
