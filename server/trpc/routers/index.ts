import { createTRPCRouter } from "../init";
import { accountRouter } from "./account";
import { adminAuditRouter } from "./admin-audit";
import { adminBooksRouter } from "./admin-books";
import { adminFeesRouter } from "./admin-fees";
import { adminHomeRouter } from "./admin-home";
import { adminLimitsRouter } from "./admin-limits";
import { adminMedsRouter } from "./admin-meds";
import { adminMerchantsRouter } from "./admin-merchants";
import { adminNetworkRouter } from "./admin-network";
import { adminReserveRouter } from "./admin-reserve";
import { analyticsRouter } from "./analytics";
import { apiKeysRouter } from "./api-keys";
import { brandingRouter } from "./branding";
import { chargesRouter } from "./charges";
import { dueDateBatchesRouter } from "./due-date-batches";
import { dueDateChargesRouter } from "./due-date-charges";
import { feesRouter } from "./fees";
import { kybRouter } from "./kyb";
import { ledgerRouter } from "./ledger";
import { limitsRouter } from "./limits";
import { medsRouter } from "./meds";
import { membersRouter } from "./members";
import { onboardingRouter } from "./onboarding";
import { paymentLinksRouter } from "./payment-links";
import { pixKeysRouter } from "./pix-keys";
import { programmeAccountsRouter } from "./programme-accounts";
import { recurrencesRouter } from "./recurrences";
import { refundsRouter } from "./refunds";
import { sandboxRouter } from "./sandbox";
import { securityRouter } from "./security";
import { sessionsRouter } from "./sessions";
import { statementsRouter } from "./statements";
import { transfersRouter } from "./transfers";
import { webhooksRouter } from "./webhooks";

/** One router per feature; add each new one here. */
export const appRouter = createTRPCRouter({
  account: accountRouter,
  adminHome: adminHomeRouter,
  adminMerchants: adminMerchantsRouter,
  adminAudit: adminAuditRouter,
  adminFees: adminFeesRouter,
  adminLimits: adminLimitsRouter,
  adminMeds: adminMedsRouter,
  adminNetwork: adminNetworkRouter,
  adminReserve: adminReserveRouter,
  adminBooks: adminBooksRouter,
  analytics: analyticsRouter,
  apiKeys: apiKeysRouter,
  branding: brandingRouter,
  charges: chargesRouter,
  dueDateCharges: dueDateChargesRouter,
  dueDateBatches: dueDateBatchesRouter,
  fees: feesRouter,
  ledger: ledgerRouter,
  limits: limitsRouter,
  kyb: kybRouter,
  meds: medsRouter,
  members: membersRouter,
  paymentLinks: paymentLinksRouter,
  security: securityRouter,
  pixKeys: pixKeysRouter,
  programmeAccounts: programmeAccountsRouter,
  recurrences: recurrencesRouter,
  onboarding: onboardingRouter,
  refunds: refundsRouter,
  sandbox: sandboxRouter,
  sessions: sessionsRouter,
  statements: statementsRouter,
  transfers: transfersRouter,
  webhooks: webhooksRouter,
});

export type AppRouter = typeof appRouter;
