/**
 * The gateway's answers (interface 7.1): snake_case by default, camelCase with X-Key-Case, for
 * every key, errors included.
 */
import type { Context } from "hono";
import { AppError } from "../errors";
import type { GatewayEnv } from "./context";
import { convertKeys, toCamel } from "./key-case";

export function respond(c: Context<GatewayEnv>, body: unknown, status = 200, headers: Record<string, string> = {}) {
  const shaped = c.get("keyCase") === "camel" ? convertKeys(body, toCamel) : body;
  return new Response(JSON.stringify(shaped), {
    status,
    headers: { "content-type": "application/json", ...Object.fromEntries(c.res.headers), ...headers },
  });
}

/** Content type, credentials, IP, idempotency and rate-limiter refusals: `{ error: { status, message } }`. */
export const pipelineError = (
  c: Context<GatewayEnv>,
  status: number,
  message: string,
  headers: Record<string, string> = {},
) => respond(c, { error: { status, message } }, status, headers);

/** HMAC refusals: `{ worked: false, detail }`. */
export const hmacError = (c: Context<GatewayEnv>, status: number, detail: string) =>
  respond(c, { worked: false, detail }, status);

/** Permission refusals: `{ error: "forbidden", message }`. */
export const forbidden = (c: Context<GatewayEnv>, message: string) => respond(c, { error: "forbidden", message }, 403);

/** Business errors: `{ errors: { <field>: <message> } }`, field in the request's key case. */
export function businessError(c: Context<GatewayEnv>, error: AppError) {
  const field = snakeField(error.field ?? "base");
  return respond(c, { errors: { [field]: error.message } }, error.status);
}

function snakeField(field: string): string {
  return field.replace(/[A-Z]/g, (ch) => `_${ch.toLowerCase()}`);
}

export { AppError };
