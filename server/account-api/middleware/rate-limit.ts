import { createMiddleware } from "hono/factory";
import { routePath } from "hono/route";
import { config } from "../../config";
import { consumeAll, limiterFor } from "../../http/rate-limit";
import type { AccountApiEnv } from "../context";
import { errorResponse } from "../envelope";

const PIX_TRANSFER_ROUTE = /\/transfer\/(internal|external|pay)$|\/baas\/pix\/pay-(key|qrcode)$/;

function accountLimiters() {
  const settings = config();
  return {
    global: limiterFor("v4:global", settings.ACCOUNT_RATE_GLOBAL_PER_MINUTE),
    endpoint: limiterFor("v4:endpoint", settings.ACCOUNT_RATE_ENDPOINT_PER_MINUTE),
    pixTransfer: limiterFor("v4:pix", settings.ACCOUNT_RATE_PIX_TRANSFER_PER_MINUTE),
  };
}

/**
 * Interface section 8, per API key: global, per endpoint, and PIX transfers. The headers
 * describe the limit with the least remaining (docs/contract.md).
 */
export const rateLimit = createMiddleware<AccountApiEnv>(async (c, next) => {
  if (!config().RATE_LIMITS_ENABLED) return next();
  const { global, endpoint, pixTransfer } = accountLimiters();
  const keyId = c.get("apiKey").id;
  const route = `${c.req.method} ${routePath(c, -1)}`;
  const checks = [
    { limiter: global, key: keyId },
    { limiter: endpoint, key: `${keyId}:${route}` },
  ];
  if (c.req.method === "POST" && PIX_TRANSFER_ROUTE.test(route)) checks.push({ limiter: pixTransfer, key: keyId });
  const { allowed, state } = await consumeAll(checks);
  c.header("X-RateLimit-Limit", String(state.limit));
  c.header("X-RateLimit-Remaining", String(state.remaining));
  c.header("X-RateLimit-Reset", String(state.resetAt));
  if (!allowed) {
    c.header("Retry-After", String(state.retryAfter));
    return errorResponse(c, 429, "RATE_LIMIT_EXCEEDED", "Too many requests");
  }
  await next();
});
