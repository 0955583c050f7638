/**
 * The gateway surface (/api/external): snake_case (or camelCase with X-Key-Case), the eight-step
 * pipeline of interface 5.1 — one middleware per step, in order — and 7.1's error shapes.
 * GET /balance runs steps 1-4 and 8; other GET and DELETE 1-4, 6, 8; POST all eight.
 */
import { OpenAPIHono } from "@hono/zod-openapi";
import { HTTPException } from "hono/http-exception";
import { config } from "../config";
import { asServiceError } from "../db/unavailable";
import { AppError } from "../errors";
import { honoBodyLimit } from "../http/body-limit";
import { restSecurityHeaders } from "../http/rest-headers";
import { logger } from "../logger";
import type { GatewayEnv } from "./context";
import { contentType } from "./pipeline/content-type";
import { credentials } from "./pipeline/credentials";
import { hmac } from "./pipeline/hmac";
import { idempotency } from "./pipeline/idempotency";
import { ipWhitelist } from "./pipeline/ip-whitelist";
import { keyCase } from "./pipeline/key-case";
import { rateLimit } from "./pipeline/rate-limit";
import { businessError, pipelineError, respond } from "./respond";
import { GATEWAY_SECURITY_SCHEMES } from "./route";
import { registerLookupRoutes } from "./routes/lookups";
import { registerMoneyRoutes } from "./routes/money";
import { registerWebhookRoutes } from "./routes/webhooks";

export const GATEWAY_BASE = "/api/external";

export function createGatewayApi() {
  const app = new OpenAPIHono<GatewayEnv>({
    defaultHook: (result, c) => {
      if (!result.success) {
        const errors = Object.fromEntries(
          result.error.issues.map((issue) => [issue.path.join(".") || "body", issue.message]),
        );
        return respond(c, { errors }, 400);
      }
    },
  }).basePath(GATEWAY_BASE);

  app.use("*", restSecurityHeaders());
  app.doc31("/openapi.json", {
    openapi: "3.1.0",
    info: {
      title: "Gateway surface (/api/external)",
      version: "1.0.0",
      description: [
        "snake_case JSON (camelCase with `X-Key-Case: camelCase`). Credentials: `Authorization: ApiKey <client_id>:<client_secret>` or Basic.",
        "",
        "**Signing POST requests.** Header `hmac`: lowercase hex HMAC-SHA512, keyed with your client secret, of the body in canonical form: parsed and written back compactly (no spaces) with the keys of every object sorted by UTF-16 code unit, numbers in their shortest round-trip form (`10.50` is signed as `10.5`), strings as `JSON.stringify` writes them (non-ASCII characters as themselves). With `X-Key-Case: camelCase`, sign the camelCase body as sent.",
        "",
        'Worked example: body `{"pix_key": "ana@example.invalid", "amount": 10.50, "pix_key_type": "email"}` is signed as `{"amount":10.5,"pix_key":"ana@example.invalid","pix_key_type":"email"}`; the secret and the resulting header, with code in curl, Node and Python: [Getting started](/docs/getting-started/gateway#signing).',
        "",
        // biome-ignore lint/suspicious/noTemplateCurlyInString: a JavaScript snippet shown in the API reference
        "```js\nconst canonical = (v) => Array.isArray(v) ? `[${v.map(canonical).join(',')}]`\n  : v && typeof v === 'object' ? `{${Object.keys(v).sort().map((k) => `${JSON.stringify(k)}:${canonical(v[k])}`).join(',')}}`\n  : JSON.stringify(v);\nconst hmac = crypto.createHmac('sha512', clientSecret).update(canonical(JSON.parse(body))).digest('hex');\n```",
        "",
        `**Idempotency.** \`Idempotency-Key\` (≤ ${config().IDEMPOTENCY_KEY_MAX_LENGTH} characters) on POST: scoped by key, method and path for ${config().IDEMPOTENCY_TTL_MS / 3_600_000} h; only 2xx answers are stored and replayed (header \`idempotent-replayed: true\`). A second request with the same key while the first runs gets 409; the same key with a different body gets 422. If the first request's process died, a retry after ${config().IDEMPOTENCY_LEASE_MS / 1000} s returns its committed result, or performs it once if nothing was committed.`,
        "",
        "**Input.** Every field's rules are in its description. No string may contain U+0000 or an unpaired UTF-16 surrogate; ids in paths must match their pattern. A refused input is a 400 `{ errors: { <field>: <message> } }`.",
        "",
        "**Errors.** Pipeline: `{ error: { status, message } }`; HMAC: `{ worked: false, detail }`; permission: `{ error: 'forbidden', message }`; business: `{ errors: { <field>: <message> } }`.",
      ].join("\n"),
    },
    servers: [{ url: config().APP_URL }],
  });
  for (const [name, scheme] of Object.entries(GATEWAY_SECURITY_SCHEMES)) {
    app.openAPIRegistry.registerComponent("securitySchemes", name, scheme);
  }

  // Before any step reads the body (the key-case step does): by Content-Length, else counted.
  app.use(
    "*",
    honoBodyLimit({
      maxSize: config().JSON_BODY_LIMIT_BYTES,
      onError: (c) => pipelineError(c, 413, "Payload Too Large"),
    }),
  );
  app.use("*", contentType, keyCase, credentials, ipWhitelist, hmac);
  app.use("*", async (c, next) => {
    // GET /balance skips the rate limiter (interface 5.1)
    if (c.req.method === "GET" && c.req.path === `${GATEWAY_BASE}/balance`) return next();
    return rateLimit(c, next);
  });
  app.use("*", idempotency);

  registerMoneyRoutes(app);
  registerLookupRoutes(app);
  registerWebhookRoutes(app);

  app.notFound((c) => respond(c, { error: { status: 404, message: "Route not found" } }, 404));
  app.onError((thrown, c) => {
    const error = asServiceError(thrown);
    if (error instanceof AppError) {
      const retryAfter = error.retryAfterSeconds;
      if (retryAfter !== undefined) c.header("Retry-After", String(retryAfter));
      return businessError(c, error);
    }
    if (error instanceof HTTPException && error.status < 500) {
      const message = error.status === 400 ? "Request body must be valid JSON" : error.message;
      return respond(c, { errors: { body: message } }, error.status);
    }
    logger().error({ err: error, path: c.req.path }, "unhandled error on the gateway surface");
    return respond(c, { errors: { base: "Internal server error" } }, 500);
  });
  return app;
}

let instance: ReturnType<typeof createGatewayApi> | undefined;
export function gatewayApi() {
  instance ??= createGatewayApi();
  return instance;
}
