/** Step 6: fixed window per client IP (90,000 / 60 s by default), every route but GET /balance. */
import { createMiddleware } from "hono/factory";
import { config } from "../../config";
import { limiterFor } from "../../http/rate-limit";
import type { GatewayEnv } from "../context";
import { pipelineError } from "../respond";

export const rateLimit = createMiddleware<GatewayEnv>(async (c, next) => {
  if (!config().RATE_LIMITS_ENABLED) return next();
  const limiter = limiterFor("gateway:ip", config().GATEWAY_RATE_PER_MINUTE);
  const { allowed, state } = await limiter.consume(c.get("clientIp") ?? "unknown");
  if (!allowed) return pipelineError(c, 429, "Too many requests", { "Retry-After": "60" });
  await next();
  if (c.res.status >= 200 && c.res.status < 300) c.res.headers.set("x-ratelimit-remaining", String(state.remaining));
});
