import { createMiddleware } from "hono/factory";
import { config } from "../../config";
import { addressAllowed, peerAddressOf, resolveClientAddress } from "../../http/ip";
import type { AccountApiEnv } from "../context";
import { errorResponse } from "../envelope";

/** The caller's address must be on its key's allowlist (interface 5.3). */
export const ipAllowlist = createMiddleware<AccountApiEnv>(async (c, next) => {
  const clientIp = resolveClientAddress(
    peerAddressOf(c.req.raw.headers, c.env),
    c.req.header("x-forwarded-for"),
    config().TRUSTED_PROXIES,
  );
  c.set("clientIp", clientIp);
  if (!addressAllowed(clientIp, c.get("apiKey").ipWhitelist)) {
    return errorResponse(c, 403, "IP_NOT_ALLOWLISTED", "IP not allowlisted");
  }
  await next();
});
