/**
 * The API Pix surface (/api/pix/v2): the Central Bank's standard API over the platform's one charge
 * model, ledger, outbox and delivery machinery. Bearer access tokens from ./oauth.ts; every error
 * is an RFC 7807 problem (./problem.ts). Mounted in app/api/pix/[...path].
 */
import { randomUUID } from "node:crypto";
import { OpenAPIHono } from "@hono/zod-openapi";
import { createMiddleware } from "hono/factory";
import { HTTPException } from "hono/http-exception";
import { config } from "../config";
import { asServiceError } from "../db/unavailable";
import { AppError } from "../errors";
import { honoBodyLimit } from "../http/body-limit";
import { restSecurityHeaders } from "../http/rest-headers";
import { logger } from "../logger";
import type { ApiPixEnv } from "./context";
import { bearerToken, ipAllowlist, rateLimit } from "./middleware/access";
import { GENERAL, PixProblem, type ProblemInit, problemResponse } from "./problem";
import { OAUTH_SCHEME } from "./route";
import { registerCobRoutes } from "./routes/cob";
import { registerCobRRoutes } from "./routes/cobr";
import { registerCobVRoutes } from "./routes/cobv";
import { registerDevolucaoRoutes } from "./routes/devolucao";
import { registerLocRoutes } from "./routes/loc";
import { registerLocRecRoutes } from "./routes/locrec";
import { registerLoteCobVRoutes } from "./routes/lotecobv";
import { registerPixRoutes } from "./routes/pix";
import { registerRecRoutes } from "./routes/rec";
import { registerSolicRecRoutes } from "./routes/solicrec";
import { registerWebhookRoutes } from "./routes/webhook";
import { registerWebhookRecRoutes } from "./routes/webhookrec";

export const API_PIX_BASE = "/api/pix/v2";

const correlationId = createMiddleware<ApiPixEnv>(async (c, next) => {
  const id = randomUUID();
  c.set("correlationId", id);
  c.header("X-Correlation-Id", id);
  await next();
});

/** A service's refusal, on this surface: the general type of its status. */
function generalProblemOf(error: AppError): ProblemInit {
  if (error.status === 404) return GENERAL.notFound(error.message);
  if (error.status === 403) return GENERAL.accessDenied(error.message);
  if (error.status === 429) return GENERAL.tooManyRequests(error.message);
  if (error.status === 503) return GENERAL.unavailable(error.message);
  return { ...GENERAL.requestInvalid(error.message), status: error.status === 413 ? 413 : 400 };
}

export function createApiPix() {
  const app = new OpenAPIHono<ApiPixEnv>({
    defaultHook: (result, c) => {
      if (result.success) return;
      const invalid = c.get("invalidProblem");
      const prefix = invalid?.prefix ? `${invalid.prefix}.` : "";
      const violacoes = result.error.issues.map((issue) => ({
        razao: issue.message,
        propriedade: issue.path.length ? `${prefix}${issue.path.join(".")}` : prefix.replace(/\.$/, "") || "body",
      }));
      const problem: ProblemInit = invalid
        ? { ...invalid, detail: "A requisição não respeita o schema.", violacoes }
        : { ...GENERAL.requestInvalid("A requisição não respeita o schema."), violacoes };
      return problemResponse(c, problem);
    },
  }).basePath(API_PIX_BASE);

  app.use("*", restSecurityHeaders());
  app.use("*", correlationId);
  app.doc("/openapi.json", {
    openapi: "3.0.3",
    info: {
      title: "API Pix (/api/pix/v2)",
      version: "2.9.0",
      description:
        "The Central Bank's standard API Pix, version 2.9, served by this platform. Obtain a bearer token at `POST /api/pix/oauth/token` (HTTP Basic with an API key's clientId and clientSecret, `grant_type=client_credentials`, optional `scope`). Errors are RFC 7807 problem details with `type` `https://pix.bcb.gov.br/api/v2/error/<Type>`.",
    },
    servers: [{ url: `${config().APP_URL}${API_PIX_BASE}` }],
  });
  app.openAPIRegistry.registerComponent("securitySchemes", "oAuth", OAUTH_SCHEME);

  app.use(
    "*",
    honoBodyLimit({
      maxSize: config().JSON_BODY_LIMIT_BYTES,
      onError: (c) => problemResponse(c, GENERAL.payloadTooLarge()),
    }),
  );
  app.use("*", async (c, next) => (c.req.path === `${API_PIX_BASE}/openapi.json` ? next() : bearerToken(c, next)));
  app.use("*", async (c, next) => (c.req.path === `${API_PIX_BASE}/openapi.json` ? next() : ipAllowlist(c, next)));
  app.use("*", async (c, next) => (c.req.path === `${API_PIX_BASE}/openapi.json` ? next() : rateLimit(c, next)));

  // Resource routes register here, one line per file of ./routes.
  registerCobRoutes(app);
  registerCobVRoutes(app);
  registerLoteCobVRoutes(app);
  registerLocRoutes(app);
  registerPixRoutes(app);
  registerDevolucaoRoutes(app);
  registerWebhookRoutes(app);
  registerRecRoutes(app);
  registerSolicRecRoutes(app);
  registerLocRecRoutes(app);
  registerCobRRoutes(app);
  registerWebhookRecRoutes(app);

  app.notFound((c) => problemResponse(c, GENERAL.notFound("Recurso não encontrado nesta API.")));
  app.onError((thrown, c) => {
    const error = asServiceError(thrown);
    if (error instanceof PixProblem) return problemResponse(c, error.init);
    if (error instanceof AppError) {
      const problem = generalProblemOf(error);
      if (error.retryAfterSeconds !== undefined) {
        problem.headers = { "Retry-After": String(error.retryAfterSeconds) };
      }
      return problemResponse(c, problem);
    }
    if (error instanceof HTTPException && error.status < 500) {
      return problemResponse(c, GENERAL.requestInvalid("O corpo da requisição não é um JSON válido."));
    }
    logger().error(
      { err: error, correlationId: c.get("correlationId"), path: c.req.path },
      "unhandled error on the API Pix surface",
    );
    return problemResponse(c, GENERAL.internal());
  });
  return app;
}

let instance: ReturnType<typeof createApiPix> | undefined;
export function apiPix() {
  instance ??= createApiPix();
  return instance;
}
