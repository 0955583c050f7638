/**
 * A gateway route as `createRoute` takes it, with its security requirement derived from its method
 * the way the pipeline applies it (server/gateway/app.ts): every route needs the API key, and a POST
 * also the HMAC of its body (step 5, pipeline/hmac.ts). The API reference's "Authorize" reads it.
 */
import { createRoute, type RouteConfig } from "@hono/zod-openapi";

export const GATEWAY_SECURITY_SCHEMES = {
  apiKey: {
    type: "apiKey",
    in: "header",
    name: "Authorization",
    description:
      '`ApiKey <client_id>:<client_secret>` (HTTP Basic with the same pair is accepted too). In "Authorize", type the whole value, `ApiKey ` included.',
  },
  hmac: {
    type: "apiKey",
    in: "header",
    name: "hmac",
    description:
      "POST only: lowercase hex HMAC-SHA512 of the body in canonical form (keys sorted, no spaces, numbers in their shortest form), keyed with your client secret. No timestamp is signed. The reference cannot sign for you: compute the value for the exact body you send and paste it here. A worked example: /docs/getting-started/gateway.",
  },
} as const;

export type GatewayScheme = keyof typeof GATEWAY_SECURITY_SCHEMES;

export function securityOf(method: RouteConfig["method"]): Partial<Record<GatewayScheme, string[]>>[] {
  return method === "post" ? [{ apiKey: [], hmac: [] }] : [{ apiKey: [] }];
}

export const gatewayRoute = <const R extends Omit<RouteConfig, "security">>(route: R) =>
  createRoute({ ...route, security: securityOf(route.method) });
