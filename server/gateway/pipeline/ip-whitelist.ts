/** Step 4: the key's IP whitelist (required), and an active account (read with the key, step 3). */
import { createMiddleware } from "hono/factory";
import { config } from "../../config";
import { addressAllowed, peerAddressOf, resolveClientAddress } from "../../http/ip";
import type { GatewayEnv } from "../context";
import { pipelineError } from "../respond";

export const ipWhitelist = createMiddleware<GatewayEnv>(async (c, next) => {
  const key = c.get("apiKey");
  const clientIp = resolveClientAddress(
    peerAddressOf(c.req.raw.headers, c.env),
    c.req.header("x-forwarded-for"),
    config().TRUSTED_PROXIES,
  );
  c.set("clientIp", clientIp);
  if (key.ipWhitelist.length === 0) {
    return pipelineError(c, 403, "IP whitelist required. Configure at least one allowed IP to use this API key.");
  }
  if (!addressAllowed(clientIp, key.ipWhitelist)) return pipelineError(c, 403, "Request IP not in API key whitelist");
  const { primaryAccountId, anyAccountActive } = c.get("merchant");
  if (!anyAccountActive || !primaryAccountId) return pipelineError(c, 403, "Account is inactive");
  c.set("primaryAccountId", primaryAccountId);
  await next();
});
