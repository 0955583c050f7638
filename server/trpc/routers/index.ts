import { createTRPCRouter } from "../init";
import { accountRouter } from "./account";
import { apiKeysRouter } from "./api-keys";
import { chargesRouter } from "./charges";
import { ledgerRouter } from "./ledger";
import { onboardingRouter } from "./onboarding";
import { refundsRouter } from "./refunds";
import { statementsRouter } from "./statements";
import { transfersRouter } from "./transfers";
import { webhooksRouter } from "./webhooks";

/** One router per feature; add each new one here. */
export const appRouter = createTRPCRouter({
  account: accountRouter,
  apiKeys: apiKeysRouter,
  charges: chargesRouter,
  ledger: ledgerRouter,
  onboarding: onboardingRouter,
  refunds: refundsRouter,
  statements: statementsRouter,
  transfers: transfersRouter,
  webhooks: webhooksRouter,
});

export type AppRouter = typeof appRouter;
