import { createMiddleware } from "hono/factory";
import type { Scope } from "../../apikeys/scopes";
import type { AccountApiEnv } from "../context";
import { errorResponse } from "../envelope";

/** Every route declares one (a test walks the route table); `scope` marks the middleware for it. */
export const requireScope = (scope: Scope) =>
  Object.assign(
    createMiddleware<AccountApiEnv>(async (c, next) => {
      if (!c.get("apiKey").scopes.includes(scope)) {
        return errorResponse(c, 403, "INSUFFICIENT_SCOPE", `API key lacks the scope ${scope}`);
      }
      await next();
    }),
    { scope },
  );
