/**
 * The gateway's answers (interface 7.1): snake_case by default, camelCase with X-Key-Case, for
 * every key, errors included.
 */
import type { Context, TypedResponse } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { AppError } from "../errors";
import type { GatewayEnv } from "./context";
import { convertKeys, toCamel } from "./key-case";

/**
 * Typed as the route's documented answer for that status: the body's key case is chosen per
 * request, so its static shape is unknowable here; openapi.ts documents it and views.test.ts
 * parses real views against those schemas.
 */
export function respond<S extends ContentfulStatusCode = 200>(
  c: Context<GatewayEnv>,
  body: unknown,
  status: S = 200 as S,
  headers: Record<string, string> = {},
  // biome-ignore lint/suspicious/noExplicitAny: see above — the documented schema is the contract
): Response & TypedResponse<any, S, "json"> {
  const shaped = c.get("keyCase") === "camel" ? convertKeys(body, toCamel) : body;
  const response = new Response(JSON.stringify(shaped), {
    status,
    headers: { "content-type": "application/json", ...Object.fromEntries(c.res.headers), ...headers },
  });
  // biome-ignore lint/suspicious/noExplicitAny: a plain Response carrying the route's typed marker
  return response as Response & TypedResponse<any, S, "json">;
}

/** Content type, credentials, IP, idempotency and rate-limiter refusals: `{ error: { status, message } }`. */
export const pipelineError = (
  c: Context<GatewayEnv>,
  status: ContentfulStatusCode,
  message: string,
  headers: Record<string, string> = {},
) => respond(c, { error: { status, message } }, status, headers);

/** HMAC refusals: `{ worked: false, detail }`. */
export const hmacError = (c: Context<GatewayEnv>, status: ContentfulStatusCode, detail: string) =>
  respond(c, { worked: false, detail }, status);

/** Permission refusals: `{ error: "forbidden", message }`. */
export const forbidden = (c: Context<GatewayEnv>, message: string) => respond(c, { error: "forbidden", message }, 403);

/** Business errors: `{ errors: { <field>: <message> } }`, field in the request's key case. */
export function businessError(c: Context<GatewayEnv>, error: AppError) {
  const field = snakeField(error.field ?? "base");
  return respond(c, { errors: { [field]: error.message } }, error.status as ContentfulStatusCode);
}

function snakeField(field: string): string {
  return field.replace(/[A-Z]/g, (ch) => `_${ch.toLowerCase()}`);
}

export { AppError };
