import { createMiddleware } from "hono/factory";
import { type CredentialRefusal, checkCredentials } from "../../apikeys/credentials";
import type { AccountApiEnv } from "../context";
import { errorResponse } from "../envelope";

const MESSAGES: Record<CredentialRefusal, string> = {
  missing: "Missing credentials: send Authorization: Basic base64(clientId:clientSecret)",
  bearer: "Bearer tokens are not accepted: use Basic credentials",
  malformed: "Malformed Basic credentials",
  invalid: "Invalid credentials",
  inactive: "API key is inactive",
  expired: "API key has expired",
};

/** Basic clientId:clientSecret (interface 5.3); anything else is a 401. */
export const authenticate = createMiddleware<AccountApiEnv>(async (c, next) => {
  // the account surface reads the accounts' state itself: the key may come from the cache
  const check = await checkCredentials(c, ["basic"], { cachedKey: true });
  if (check.outcome === "throttled") {
    c.header("Retry-After", String(check.retryAfterSeconds));
    return errorResponse(c, 429, "RATE_LIMIT_EXCEEDED", "Too many failed authentication attempts");
  }
  if (check.outcome === "refused") return errorResponse(c, 401, "UNAUTHORIZED", MESSAGES[check.refusal]);
  c.set("apiKey", check.key);
  await next();
});
