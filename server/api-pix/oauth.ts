/**
 * POST /api/pix/oauth/token — OAuth 2.0 client credentials (RFC 6749 4.4): HTTP Basic with an API
 * key's clientId and clientSecret, form body `grant_type=client_credentials[&scope=a b]`. Errors
 * are RFC 6749's JSON (`{ error, error_description }`), as OAuth clients expect.
 */

import type { Context } from "hono";
import { Hono } from "hono";
import { checkCredentials } from "../apikeys/credentials";
import { API_PIX_SCOPES } from "../apikeys/scopes";
import { DATABASE_RETRY_AFTER_SECONDS, isDatabaseUnavailable } from "../db/unavailable";
import { honoBodyLimit } from "../http/body-limit";
import { addressAllowed } from "../http/ip";
import { restSecurityHeaders } from "../http/rest-headers";
import { logger } from "../logger";
import { certificateBindingEnabled, presentedCertificate } from "./certificate";
import { clientAddress } from "./middleware/access";
import { issueAccessToken } from "./token";

export const OAUTH_BASE = "/api/pix/oauth";
const FORM_LIMIT_BYTES = 4096;

type OAuthError = "invalid_request" | "invalid_client" | "unsupported_grant_type" | "invalid_scope" | "access_denied";

function oauthError(c: Context, status: 400 | 401 | 403 | 429, error: OAuthError, description: string) {
  if (status === 401) c.header("WWW-Authenticate", 'Basic realm="api-pix"');
  c.header("Cache-Control", "no-store");
  return c.json({ error, error_description: description }, status);
}

async function readForm(c: Context): Promise<Record<string, string> | null> {
  const type = c.req.header("content-type")?.split(";")[0]?.trim().toLowerCase();
  try {
    if (type === "application/json") {
      const body = (await c.req.json()) as unknown;
      if (!body || typeof body !== "object" || Array.isArray(body)) return null;
      return Object.fromEntries(Object.entries(body).filter(([, v]) => typeof v === "string")) as Record<
        string,
        string
      >;
    }
    if (type === "application/x-www-form-urlencoded")
      return Object.fromEntries(new URLSearchParams(await c.req.text()));
  } catch {
    return null;
  }
  return null;
}

/** The scopes granted: those asked for (all must be the key's), or every API Pix scope of the key. */
export function grantScopes(asked: string | undefined, keyScopes: readonly string[]): string[] | null {
  const own = API_PIX_SCOPES.filter((scope) => keyScopes.includes(scope));
  if (asked === undefined || asked.trim() === "") return own.length ? own : null;
  const wanted = [...new Set(asked.trim().split(/\s+/))];
  return wanted.every((scope) => (own as readonly string[]).includes(scope)) ? wanted : null;
}

export function createOAuthApi() {
  const app = new Hono().basePath(OAUTH_BASE);
  app.use("*", restSecurityHeaders());
  app.use(
    "*",
    honoBodyLimit({
      maxSize: FORM_LIMIT_BYTES,
      onError: (c) => oauthError(c, 400, "invalid_request", "The request body is too large."),
    }),
  );
  app.post("/token", async (c) => {
    const check = await checkCredentials(c, ["basic"]);
    if (check.outcome === "throttled") {
      c.header("Retry-After", String(check.retryAfterSeconds));
      return oauthError(c, 429, "invalid_client", "Too many failed authentication attempts.");
    }
    if (check.outcome === "refused") {
      return oauthError(
        c,
        401,
        "invalid_client",
        "Send HTTP Basic credentials: an active API key's clientId and clientSecret.",
      );
    }
    if (!addressAllowed(clientAddress(c), check.key.ipWhitelist)) {
      return oauthError(c, 403, "access_denied", "The caller's IP address is not on the API key's allowlist.");
    }
    const form = await readForm(c);
    if (!form) return oauthError(c, 400, "invalid_request", "Send an application/x-www-form-urlencoded body.");
    if (form.grant_type !== "client_credentials") {
      return oauthError(c, 400, "unsupported_grant_type", "Only grant_type=client_credentials is supported.");
    }
    const scopes = grantScopes(form.scope, check.key.scopes);
    if (!scopes) {
      return oauthError(c, 400, "invalid_scope", "A scope asked for is unknown or not granted to this API key.");
    }
    let certificateThumbprint: string | undefined;
    if (certificateBindingEnabled()) {
      const certificate = presentedCertificate(c.req.raw.headers, c.env);
      if (certificate.kind !== "certificate") {
        return oauthError(
          c,
          401,
          "invalid_client",
          "Mutual TLS is required: present the client certificate through the platform's TLS endpoint.",
        );
      }
      certificateThumbprint = certificate.thumbprint;
    }
    const token = await issueAccessToken({ apiKey: check.key, scopes, certificateThumbprint });
    c.header("Cache-Control", "no-store");
    c.header("Pragma", "no-cache");
    return c.json(token, 200);
  });
  app.notFound((c) => c.json({ error: "invalid_request", error_description: "Unknown OAuth endpoint." }, 404));
  app.onError((error, c) => {
    c.header("Cache-Control", "no-store");
    if (isDatabaseUnavailable(error)) {
      // RFC 6749's word for a server that cannot answer for now; the client retries later
      c.header("Retry-After", String(DATABASE_RETRY_AFTER_SECONDS));
      const description = "The service is briefly unavailable; retry shortly.";
      return c.json({ error: "temporarily_unavailable", error_description: description }, 503);
    }
    logger().error({ err: error, path: c.req.path }, "unhandled error on the OAuth endpoint");
    return c.json({ error: "server_error", error_description: "Internal server error." }, 500);
  });
  return app;
}

let instance: ReturnType<typeof createOAuthApi> | undefined;
export function oauthApi() {
  instance ??= createOAuthApi();
  return instance;
}
