import { createTRPCRouter } from "../init";
import { accountRouter } from "./account";
import { analyticsRouter } from "./analytics";
import { apiKeysRouter } from "./api-keys";
import { chargesRouter } from "./charges";
import { ledgerRouter } from "./ledger";
import { refundsRouter } from "./refunds";
import { statementsRouter } from "./statements";
import { transfersRouter } from "./transfers";
import { webhooksRouter } from "./webhooks";

/** One router per feature; add each new one here. */
export const appRouter = createTRPCRouter({
  account: accountRouter,
  analytics: analyticsRouter,
  apiKeys: apiKeysRouter,
  charges: chargesRouter,
  ledger: ledgerRouter,
  refunds: refundsRouter,
  statements: statementsRouter,
  transfers: transfersRouter,
  webhooks: webhooksRouter,
});

export type AppRouter = typeof appRouter;
