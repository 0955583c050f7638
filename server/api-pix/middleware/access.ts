/**
 * The API Pix surface's checks before a route runs: a bearer access token (401), the key's IP
 * allowlist (403 AcessoNegado), the per-key rate limits (429), and per route the scope (403).
 */
import type { Context } from "hono";
import { createMiddleware } from "hono/factory";
import { routePath } from "hono/route";
import type { Scope } from "../../apikeys/scopes";
import { config } from "../../config";
import { unsafeTextPath } from "../../fields/text";
import { addressAllowed, peerAddressOf, resolveClientAddress } from "../../http/ip";
import { consumeAll, limiterFor } from "../../http/rate-limit";
import { certificateBindingEnabled, presentedCertificate } from "../certificate";
import type { ApiPixEnv, InvalidProblem } from "../context";
import { GENERAL, PixProblem } from "../problem";
import { verifyAccessToken } from "../token";

const BEARER = /^Bearer\s+([A-Za-z0-9._~+/-]+=*)$/i;

function unauthorized(detail: string, error: "invalid_request" | "invalid_token"): never {
  throw new PixProblem({ ...GENERAL.unauthorized(detail), headers: { "WWW-Authenticate": `Bearer error="${error}"` } });
}

export const bearerToken = createMiddleware<ApiPixEnv>(async (c, next) => {
  const match = BEARER.exec(c.req.header("authorization")?.trim() ?? "");
  if (!match?.[1]) {
    unauthorized("Envie Authorization: Bearer <access_token>, obtido em POST /api/pix/oauth/token.", "invalid_request");
  }
  const verified = await verifyAccessToken(match[1]);
  if (!verified)
    unauthorized("O access token é inválido, expirou, ou a sua chave de API não está mais ativa.", "invalid_token");
  // RFC 8705 3: a bound token is good only with the certificate it was bound to; with binding on, every token must be bound
  if (verified.certificateThumbprint !== null || certificateBindingEnabled()) {
    const certificate = presentedCertificate(c.req.raw.headers, c.env);
    if (certificate.kind !== "certificate" || certificate.thumbprint !== verified.certificateThumbprint) {
      unauthorized(
        "O access token está vinculado a um certificado de cliente (mTLS) e a requisição não apresentou esse certificado.",
        "invalid_token",
      );
    }
  }
  c.set("apiKey", verified.apiKey);
  c.set("scopes", verified.scopes);
  await next();
});

export function clientAddress(c: Context) {
  return resolveClientAddress(
    peerAddressOf(c.req.raw.headers, c.env),
    c.req.header("x-forwarded-for"),
    config().TRUSTED_PROXIES,
  );
}

export const ipAllowlist = createMiddleware<ApiPixEnv>(async (c, next) => {
  const clientIp = clientAddress(c);
  c.set("clientIp", clientIp);
  if (!addressAllowed(clientIp, c.get("apiKey").ipWhitelist)) {
    throw new PixProblem(
      GENERAL.accessDenied("O endereço IP de origem não está na lista de IPs permitidos da chave de API."),
    );
  }
  await next();
});

/** The account surface's global and per-endpoint limits, per key, in their own windows. */
export const rateLimit = createMiddleware<ApiPixEnv>(async (c, next) => {
  if (!config().RATE_LIMITS_ENABLED) return next();
  const settings = config();
  const keyId = c.get("apiKey").id;
  const { allowed, state } = await consumeAll([
    { limiter: limiterFor("api-pix:global", settings.ACCOUNT_RATE_GLOBAL_PER_MINUTE), key: keyId },
    {
      limiter: limiterFor("api-pix:endpoint", settings.ACCOUNT_RATE_ENDPOINT_PER_MINUTE),
      key: `${keyId}:${c.req.method} ${routePath(c, -1)}`,
    },
  ]);
  c.header("X-RateLimit-Limit", String(state.limit));
  c.header("X-RateLimit-Remaining", String(state.remaining));
  c.header("X-RateLimit-Reset", String(state.resetAt));
  if (!allowed) {
    throw new PixProblem({
      ...GENERAL.tooManyRequests("Limite de requisições por minuto excedido; tente de novo após Retry-After segundos."),
      headers: { "Retry-After": String(state.retryAfter) },
    });
  }
  await next();
});

/** Every route declares one scope (a test walks the route table); `scope` marks the middleware. */
export const requirePixScope = (scope: Scope) =>
  Object.assign(
    createMiddleware<ApiPixEnv>(async (c, next) => {
      if (!c.get("scopes").includes(scope)) {
        throw new PixProblem(GENERAL.accessDenied(`O access token não tem o escopo ${scope}.`));
      }
      await next();
    }),
    { scope },
  );

/** How the route reports input its schemas refuse (the validators run after the route's middlewares). */
export const refusesInputAs = (problem: InvalidProblem) =>
  createMiddleware<ApiPixEnv>(async (c, next) => {
    c.set("invalidProblem", problem);
    const unsafe = await unsafeTextOfBody(c);
    if (unsafe) {
      const where = [problem.prefix, ...unsafe].filter(Boolean).join(".") || "body";
      throw new PixProblem({
        type: problem.type,
        title: problem.title,
        status: problem.status,
        detail: "A requisição não respeita o schema.",
        violacoes: [
          { razao: "O texto não pode conter o caractere NUL nem surrogates UTF-16 isolados.", propriedade: where },
        ],
      });
    }
    await next();
  });

/**
 * Where a JSON body holds a string PostgreSQL cannot store (server/fields/text.ts), before any
 * schema reads it: refused as the route's invalid input, not a 500 at the insert. A body that is
 * not JSON is left to the route's schema. Hono keeps the parsed body for the route's validator.
 */
async function unsafeTextOfBody(c: Context): Promise<string[] | null> {
  if (c.req.method === "GET" || c.req.method === "DELETE") return null;
  if (!c.req.header("content-type")?.includes("json")) return null;
  const body: unknown = await c.req.json().catch(() => undefined);
  return unsafeTextPath(body);
}
