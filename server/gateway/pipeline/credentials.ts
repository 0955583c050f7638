/** Step 3: `Authorization: ApiKey id:secret` or `Basic base64(id:secret)`, equivalent; else 401. */
import { createMiddleware } from "hono/factory";
import { authenticateApiKey, touchApiKey } from "../../apikeys/service";
import { db } from "../../db/client";
import { authBlockedFor, callerAddress, recordAuthFailure } from "../../http/auth-failures";
import { logger } from "../../logger";
import type { GatewayEnv } from "../context";
import { pipelineError } from "../respond";

const MESSAGES = {
  missing: "Missing API key: send Authorization: ApiKey <client_id>:<client_secret>",
  malformed: "Malformed Authorization header",
  invalid: "Invalid API key credentials",
  inactive: "API key is inactive",
  expired: "API key has expired",
} as const;

export function parseCredentials(header: string | undefined): { id: string; secret: string } | "missing" | "malformed" {
  if (!header?.trim()) return "missing";
  const [scheme, value] = header.trim().split(/\s+/, 2);
  let pair: string | undefined;
  if (scheme?.toLowerCase() === "apikey") pair = value;
  else if (scheme?.toLowerCase() === "basic" && value) pair = Buffer.from(value, "base64").toString("utf8");
  const colon = pair?.indexOf(":") ?? -1;
  if (!pair || colon <= 0 || colon === pair.length - 1) return "malformed";
  return { id: pair.slice(0, colon), secret: pair.slice(colon + 1) };
}

export const credentials = createMiddleware<GatewayEnv>(async (c, next) => {
  const parsed = parseCredentials(c.req.header("authorization"));
  if (parsed === "missing") return pipelineError(c, 401, MESSAGES[parsed]);
  const address = callerAddress(c);
  const clientId = typeof parsed === "string" ? null : parsed.id;
  // Both at once (the check must not wait on the lookup); a blocked caller learns nothing either way.
  const [wait, result] = await Promise.all([
    authBlockedFor(address, clientId),
    typeof parsed === "string" ? null : authenticateApiKey(parsed.id, parsed.secret),
  ]);
  if (wait !== null) {
    return pipelineError(c, 429, "Too many failed authentication attempts", { "Retry-After": String(wait) });
  }
  if (!result?.ok) {
    await recordAuthFailure(address, clientId);
    return pipelineError(c, 401, MESSAGES[result ? result.reason : (parsed as "malformed")]);
  }
  c.set("apiKey", result.key);
  c.set("merchant", result.merchant);
  touchApiKey(db(), result.key).catch((error) => logger().warn({ err: error }, "could not record API key use"));
  await next();
});
