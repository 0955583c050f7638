import { createTRPCRouter } from "../init";
import { accountRouter } from "./account";
import { ledgerRouter } from "./ledger";
import { transfersRouter } from "./transfers";

/** One router per feature; add each new one here. */
export const appRouter = createTRPCRouter({
  account: accountRouter,
  ledger: ledgerRouter,
  transfers: transfersRouter,
});

export type AppRouter = typeof appRouter;
