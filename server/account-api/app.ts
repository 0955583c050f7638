/**
 * The account surface (/v4/i): Basic credentials, IP allowlist, per-key rate limits, the
 * envelope of interface 2.1 and the error body of 7.2. Mounted in app/v4/i/[...path].
 */

import { OpenAPIHono } from "@hono/zod-openapi";
import type { Context } from "hono";
import { HTTPException } from "hono/http-exception";
import { config } from "../config";
import { noteWrite } from "../db/replica";
import { asServiceError } from "../db/unavailable";
import { AppError } from "../errors";
import { honoBodyLimit } from "../http/body-limit";
import { restSecurityHeaders } from "../http/rest-headers";
import { logger } from "../logger";
import { sandboxMode } from "../pix/current-rail";
import type { AccountApiEnv } from "./context";
import { errorBody, errorResponse } from "./envelope";
import { authenticate } from "./middleware/authenticate";
import { ipAllowlist } from "./middleware/ip-allowlist";
import { jsonDepth } from "./middleware/json-depth";
import { rateLimit } from "./middleware/rate-limit";
import { requestId } from "./middleware/request-id";
import { BASIC_SCHEME } from "./route";
import { registerBaasAccountRoutes } from "./routes/baas-accounts";
import { registerBaasPixRoutes } from "./routes/baas-pix";
import { registerBalanceRoutes } from "./routes/balance";
import { registerChargeRoutes } from "./routes/charges";
import { registerDueDateChargeRoutes } from "./routes/due-date-charges";
import { registerFeeRoutes } from "./routes/fees";
import { registerLedgerRoutes } from "./routes/ledger";
import { registerLimitRoutes } from "./routes/limits";
import { registerMedRoutes, registerMedSandboxRoutes } from "./routes/meds";
import { registerOnboardingRoutes, registerOnboardingSandboxRoutes, UPLOAD_PATH } from "./routes/onboarding";
import { registerPaymentLinkRoutes } from "./routes/payment-links";
import { registerRefundRoutes } from "./routes/refunds";
import { registerSandboxRoutes } from "./routes/sandbox";
import { registerRecurrenceSandboxRoutes } from "./routes/sandbox-recurrences";
import { registerStatementRoutes } from "./routes/statements";
import { registerTransferRoutes } from "./routes/transfers";
import { registerWebhookRoutes } from "./routes/webhooks";

export const ACCOUNT_API_BASE = "/v4/i";

function describeIssues(issues: { path: PropertyKey[]; message: string }[]): string {
  return issues.map((i) => (i.path.length ? `${i.path.join(".")}: ${i.message}` : i.message)).join("; ");
}

export function createAccountApi() {
  const app = new OpenAPIHono<AccountApiEnv>({
    defaultHook: (result, c) => {
      if (!result.success) {
        return errorResponse(c, 400, "VALIDATION_ERROR", describeIssues(result.error.issues));
      }
    },
  }).basePath(ACCOUNT_API_BASE);

  app.use("*", restSecurityHeaders());
  app.use("*", requestId);

  app.doc31("/openapi.json", {
    openapi: "3.1.0",
    info: {
      title: "Account surface (/v4/i)",
      version: "4.4.0",
      description:
        "camelCase JSON, HTTP Basic credentials (clientId:clientSecret), responses in an envelope. See /docs/api.\n\n" +
        "**Input.** Every field's rules are in its description. No string may contain U+0000 or an unpaired UTF-16 surrogate; ids in paths must match their pattern. A refused input is a 400 with code `VALIDATION_ERROR` and a message naming the field.",
    },
    servers: [{ url: config().APP_URL }],
  });
  app.openAPIRegistry.registerComponent("securitySchemes", "basic", BASIC_SCHEME);

  const tooLarge = (c: Context<AccountApiEnv>) => errorResponse(c, 413, "PAYLOAD_TOO_LARGE", "Request body too large");
  const jsonLimit = honoBodyLimit({ maxSize: config().JSON_BODY_LIMIT_BYTES, onError: tooLarge });
  // KYC uploads carry files (server/account-api/routes/onboarding.ts): their own, larger limit.
  const uploadLimit = honoBodyLimit({ maxSize: config().ONBOARDING_UPLOAD_BODY_MAX_BYTES, onError: tooLarge });
  app.use("*", (c, next) => (UPLOAD_PATH.test(c.req.path) ? uploadLimit(c, next) : jsonLimit(c, next)));
  app.use("*", authenticate, ipAllowlist, rateLimit, jsonDepth);
  // after a write, this user's reads stay on the primary until the replica has it (server/db/replica.ts)
  app.use("*", async (c, next) => {
    await next();
    const apiKey = c.get("apiKey");
    if (c.req.method !== "GET" && apiKey) await noteWrite(apiKey.userId).catch(() => {});
  });

  registerBalanceRoutes(app);
  registerTransferRoutes(app);
  registerLedgerRoutes(app);
  registerLimitRoutes(app);
  registerFeeRoutes(app);
  registerChargeRoutes(app);
  registerDueDateChargeRoutes(app);
  registerRefundRoutes(app);
  registerPaymentLinkRoutes(app);
  registerWebhookRoutes(app);
  registerStatementRoutes(app);
  registerMedRoutes(app);
  registerBaasAccountRoutes(app);
  registerBaasPixRoutes(app);
  registerOnboardingRoutes(app);
  if (sandboxMode()) registerSandboxRoutes(app);
  if (sandboxMode()) registerRecurrenceSandboxRoutes(app);
  if (sandboxMode()) registerMedSandboxRoutes(app);
  if (sandboxMode()) registerOnboardingSandboxRoutes(app);

  app.notFound((c) =>
    c.json(errorBody(c.get("requestId") ?? crypto.randomUUID(), 404, "NOT_FOUND", "Route not found"), 404),
  );

  app.onError((thrown, c) => {
    const error = asServiceError(thrown);
    const id = c.get("requestId") ?? crypto.randomUUID();
    if (error instanceof AppError) {
      if (error.retryAfterSeconds !== undefined) c.header("Retry-After", String(error.retryAfterSeconds));
      return c.json(errorBody(id, error.status, error.code, error.message), error.status as 400);
    }
    if (error instanceof HTTPException && error.status < 500) {
      const message = error.status === 400 ? "Malformed JSON in request body" : error.message;
      return c.json(errorBody(id, error.status, "VALIDATION_ERROR", message), error.status);
    }
    logger().error({ err: error, requestId: id, path: c.req.path }, "unhandled error on the account surface");
    return c.json(errorBody(id, 500, "INTERNAL_ERROR", "Internal server error"), 500);
  });

  return app;
}

let instance: ReturnType<typeof createAccountApi> | undefined;
export function accountApi() {
  instance ??= createAccountApi();
  return instance;
}
