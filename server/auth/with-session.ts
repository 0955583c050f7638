/**
 * The wrappers every Next.js route handler under app/api is built with: they check who may call,
 * run the handler and answer every refusal in one shape (the account surface's error body), so no
 * handler writes its own 401, 403 or 500 and no stack trace or driver message reaches a caller.
 */
import { randomUUID } from "node:crypto";
import type { Session } from "next-auth";
import { AppError, forbidden } from "../errors";
import { errorBody } from "../http/error-body";
import { sameOrigin } from "../http/same-origin";
import { logger } from "../logger";
import { getSession } from "./next-auth";
import type { Permission } from "./permissions";
import { memberOfSession, tenantFor } from "./tenant";

type RouteContext<Params> = { params: Promise<Params> };
/** Next.js passes the context; a test may leave it out for a route without dynamic segments. */
type RouteHandler<Params> = (request: Request, context?: RouteContext<Params>) => Promise<Response>;

export type PublicRequest<Params> = { request: Request; params: Params };
export type SessionRequest<Params> = PublicRequest<Params> & { session: Session };
/** `tenantId`: the organisation the member acts in (server/auth/tenant.ts), every lookup's key. */
export type MemberRequest<Params> = SessionRequest<Params> & { tenantId: string };

export type SessionOptions = {
  /** Administrators only: anyone else is refused with 403. */
  admin?: boolean;
  /** Refuse a request from another site's page (403). On by default for anything but GET and HEAD. */
  sameOrigin?: boolean;
};

const SAFE_METHODS = new Set(["GET", "HEAD"]);

/** The error body of an app/api refusal; `reason` when the dashboard explains it in its own words. */
function refusal(error: AppError): Response {
  const body = { ...errorBody(randomUUID(), error.status, error.code, error.message), reason: error.reason };
  const headers = error.retryAfterSeconds ? { "retry-after": String(error.retryAfterSeconds) } : undefined;
  return Response.json(body, { status: error.status, headers });
}

function answerFailure(error: unknown, request: Request): Response {
  if (error instanceof AppError && error.status < 500) return refusal(error);
  logger().error({ err: error, method: request.method, path: new URL(request.url).pathname }, "route handler failed");
  return refusal(new AppError("INTERNAL_ERROR", "Internal server error"));
}

async function answer(request: Request, run: () => Promise<Response>): Promise<Response> {
  try {
    return await run();
  } catch (error) {
    return answerFailure(error, request);
  }
}

/** A handler for the signed-in dashboard user (401 without a session). */
export function withSession<Params = object>(
  handler: (call: SessionRequest<Params>) => Response | Promise<Response>,
  options: SessionOptions = {},
): RouteHandler<Params> {
  return (request, context) =>
    answer(request, async () => {
      const checkOrigin = options.sameOrigin ?? !SAFE_METHODS.has(request.method);
      if (checkOrigin && !sameOrigin(request)) throw forbidden("Cross-origin request refused");
      const session = await getSession();
      if (!session?.user) throw new AppError("UNAUTHORIZED", "Sign in first");
      if (options.admin && session.user.role !== "ADMIN") throw forbidden("Administrators only");
      if (session.user.secondFactor?.mustEnrol) throw forbidden("Enrol a second factor first");
      return handler({ request, params: (await context?.params) as Params, session });
    });
}

/**
 * A handler for a member of an organisation whose role has `permission` (server/auth/permissions.ts):
 * 401 without a session, 403 without the permission.
 */
export function withMember<Params = object>(
  permission: Permission,
  handler: (call: MemberRequest<Params>) => Response | Promise<Response>,
  options: Omit<SessionOptions, "admin"> = {},
): RouteHandler<Params> {
  return withSession<Params>(async (call) => {
    const tenantId = tenantFor(await memberOfSession(call.session.user), permission);
    return handler({ ...call, tenantId });
  }, options);
}

/**
 * A handler that needs no session, on purpose: a signed link carries its own authority, liveness
 * is public, and a mounted API (tRPC, the gateway, next-auth) authenticates each request itself.
 * Same error shape as withSession for what the handler throws.
 */
export function withoutSession<Params = object>(
  handler: (call: PublicRequest<Params>) => Response | Promise<Response>,
): RouteHandler<Params> {
  return (request, context) =>
    answer(request, async () => handler({ request, params: (await context?.params) as Params }));
}
