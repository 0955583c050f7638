import { createMiddleware } from "hono/factory";
import { authenticateApiKey, touchApiKey } from "../../apikeys/service";
import { db } from "../../db/client";
import { authBlockedFor, callerAddress, recordAuthFailure } from "../../http/auth-failures";
import { logger } from "../../logger";
import type { AccountApiEnv } from "../context";
import { errorResponse } from "../envelope";

const MESSAGES = {
  missing: "Missing credentials: send Authorization: Basic base64(clientId:clientSecret)",
  bearer: "Bearer tokens are not accepted: use Basic credentials",
  malformed: "Malformed Basic credentials",
  invalid: "Invalid credentials",
  inactive: "API key is inactive",
  expired: "API key has expired",
} as const;

export function parseBasic(header: string | undefined): { id: string; secret: string } | keyof typeof MESSAGES {
  if (!header) return "missing";
  const [scheme, value] = header.trim().split(/\s+/, 2);
  if (scheme?.toLowerCase() === "bearer") return "bearer";
  if (scheme?.toLowerCase() !== "basic" || !value) return "malformed";
  const decoded = Buffer.from(value, "base64").toString("utf8");
  const colon = decoded.indexOf(":");
  if (colon <= 0 || colon === decoded.length - 1) return "malformed";
  return { id: decoded.slice(0, colon), secret: decoded.slice(colon + 1) };
}

/** Basic clientId:clientSecret (interface 5.3); anything else is a 401. */
export const authenticate = createMiddleware<AccountApiEnv>(async (c, next) => {
  const credentials = parseBasic(c.req.header("authorization"));
  if (credentials === "missing") return errorResponse(c, 401, "UNAUTHORIZED", MESSAGES[credentials]);
  const address = callerAddress(c);
  const clientId = typeof credentials === "string" ? null : credentials.id;
  // Both at once (the check must not wait on the lookup); a blocked caller learns nothing either way.
  const [wait, result] = await Promise.all([
    authBlockedFor(address, clientId),
    typeof credentials === "string" ? null : authenticateApiKey(credentials.id, credentials.secret),
  ]);
  if (wait !== null) {
    c.header("Retry-After", String(wait));
    return errorResponse(c, 429, "RATE_LIMIT_EXCEEDED", "Too many failed authentication attempts");
  }
  if (!result?.ok) {
    await recordAuthFailure(address, clientId);
    return errorResponse(c, 401, "UNAUTHORIZED", MESSAGES[result ? result.reason : (credentials as "malformed")]);
  }
  c.set("apiKey", result.key);
  touchApiKey(db(), result.key).catch((error) => logger().warn({ err: error }, "could not record API key use"));
  await next();
});
