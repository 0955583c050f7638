/** Step 8: the key must hold the route's scope, else `{ error: "forbidden", message }`. */
import { createMiddleware } from "hono/factory";
import type { Scope } from "../../apikeys/scopes";
import type { GatewayEnv } from "../context";
import { forbidden } from "../respond";

export const permission = (scope: Scope) =>
  createMiddleware<GatewayEnv>(async (c, next) => {
    if (!c.get("apiKey").scopes.includes(scope)) return forbidden(c, `API key lacks the permission ${scope}`);
    await next();
  });
