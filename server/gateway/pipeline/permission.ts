/** Step 8: the key must hold the route's scope, else `{ error: "forbidden", message }`. */
import { createMiddleware } from "hono/factory";
import type { Scope } from "../../apikeys/scopes";
import type { GatewayEnv } from "../context";
import { forbidden } from "../respond";

/** Every route declares one (a test walks the route table); `scope` marks the middleware for it. */
export const permission = (scope: Scope) =>
  Object.assign(
    createMiddleware<GatewayEnv>(async (c, next) => {
      if (!c.get("apiKey").scopes.includes(scope)) return forbidden(c, `API key lacks the permission ${scope}`);
      await next();
    }),
    { scope },
  );
