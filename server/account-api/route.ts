/**
 * The routes of one account-surface file, as `createRoute` takes them, without what each of them
 * would say again: the file's tag, the security requirement (every route needs the API key), the scope middleware and the error statuses (each with the
 * error body of server/account-api/schemas.ts). `limits` run after the scope check.
 */
import { createRoute, type RouteConfig } from "@hono/zod-openapi";
import type { MiddlewareHandler } from "hono";
import type { Scope } from "../apikeys/scopes";
import type { AccountApiEnv } from "./context";
import { requireScope } from "./middleware/scope";
import { errorResponses } from "./schemas";

type AccountRouteConfig = Omit<RouteConfig, "tags" | "middleware" | "security">;

/** The account surface's one security scheme: HTTP Basic `clientId:clientSecret` on every route. */
export const BASIC_SCHEME = {
  type: "http",
  scheme: "basic",
  description: "clientId as user name, clientSecret as password",
} as const;
const security = [{ basic: [] }];

export const accountRoutes =
  (tag: string) =>
  <const R extends AccountRouteConfig>(
    scope: Scope,
    errors: readonly number[],
    route: R,
    ...limits: MiddlewareHandler<AccountApiEnv>[]
  ) =>
    createRoute({
      tags: [tag],
      ...route,
      security,
      middleware: [requireScope(scope), ...limits] as const,
      responses: { ...route.responses, ...errorResponses(...errors) },
    });
