/** The catalogue of one locale: one JSON file per namespace, so that parallel work touches different files. */

import activity from "./activity.json";
import adminAudit from "./adminAudit.json";
import adminHome from "./adminHome.json";
import adminMeds from "./adminMeds.json";
import adminMerchants from "./adminMerchants.json";
import adminOnboarding from "./adminOnboarding.json";
import analytics from "./analytics.json";
import apiKeys from "./apiKeys.json";
import app from "./app.json";
import baasProposals from "./baasProposals.json";
import balance from "./balance.json";
import charges from "./charges.json";
import common from "./common.json";
import copy from "./copy.json";
import dateInput from "./dateInput.json";
import dialog from "./dialog.json";
import errorPage from "./errorPage.json";
import fieldErrors from "./fieldErrors.json";
import forbidden from "./forbidden.json";
import language from "./language.json";
import ledger from "./ledger.json";
import ledgerRules from "./ledgerRules.json";
import login from "./login.json";
import meds from "./meds.json";
import money from "./money.json";
import notFound from "./notFound.json";
import onboardingStatus from "./onboardingStatus.json";
import onboardingVerify from "./onboardingVerify.json";
import overview from "./overview.json";
import pagination from "./pagination.json";
import party from "./party.json";
import pixKeys from "./pixKeys.json";
import programmeAccounts from "./programmeAccounts.json";
import reconciliation from "./reconciliation.json";
import refunds from "./refunds.json";
import sections from "./sections.json";
import send from "./send.json";
import serviceErrors from "./serviceErrors.json";
import shell from "./shell.json";
import statements from "./statements.json";
import staticQr from "./staticQr.json";
import user from "./user.json";
import webhooks from "./webhooks.json";

export default {
  app,
  common,
  language,
  login,
  shell,
  user,
  sections,
  overview,
  forbidden,
  notFound,
  errorPage,
  money,
  copy,
  dateInput,
  pagination,
  party,
  balance,
  activity,
  ledger,
  send,
  dialog,
  fieldErrors,
  serviceErrors,
  charges,
  staticQr,
  refunds,
  apiKeys,
  webhooks,
  ledgerRules,
  statements,
  adminHome,
  adminMerchants,
  adminMeds,
  adminAudit,
  meds,
  pixKeys,
  programmeAccounts,
  onboardingStatus,
  onboardingVerify,
  baasProposals,
  adminOnboarding,
  analytics,
  reconciliation,
};
