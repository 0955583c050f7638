/** Step 3: `Authorization: ApiKey id:secret` or `Basic base64(id:secret)`, equivalent; else 401. */
import { createMiddleware } from "hono/factory";
import { type CredentialRefusal, checkCredentials } from "../../apikeys/credentials";
import type { GatewayEnv } from "../context";
import { pipelineError } from "../respond";

const MESSAGES: Record<CredentialRefusal, string> = {
  missing: "Missing API key: send Authorization: ApiKey <client_id>:<client_secret>",
  bearer: "Malformed Authorization header",
  malformed: "Malformed Authorization header",
  invalid: "Invalid API key credentials",
  inactive: "API key is inactive",
  expired: "API key has expired",
};

export const credentials = createMiddleware<GatewayEnv>(async (c, next) => {
  const check = await checkCredentials(c, ["apikey", "basic"]);
  if (check.outcome === "throttled") {
    return pipelineError(c, 429, "Too many failed authentication attempts", {
      "Retry-After": String(check.retryAfterSeconds),
    });
  }
  if (check.outcome === "refused") return pipelineError(c, 401, MESSAGES[check.refusal]);
  c.set("apiKey", check.key);
  c.set("merchant", check.merchant);
  await next();
});
