/**
 * Headers on every answer of the REST surfaces (/v4/i, /api/external), their errors and OpenAPI
 * documents included: the first middleware of each app, so nothing answers without them. A JSON
 * answer loads nothing and is never framed (`default-src 'none'`, `frame-ancestors 'none'`,
 * X-Frame-Options for old browsers), is never sniffed as anything else, and — carrying balances,
 * keys and secrets — is never stored by a browser or proxy unless a route says otherwise.
 */
import type { MiddlewareHandler } from "hono";
import { secureHeaders } from "hono/secure-headers";

export function restSecurityHeaders(): MiddlewareHandler {
  const secure = secureHeaders({
    contentSecurityPolicy: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] },
    xFrameOptions: "DENY",
    xContentTypeOptions: "nosniff",
  });
  return (c, next) =>
    secure(c, async () => {
      await next();
      if (!c.res.headers.has("cache-control")) c.res.headers.set("cache-control", "no-store");
    });
}
