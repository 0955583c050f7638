/**
 * API Pix access tokens: HS256 JWTs keyed from AUTH_SECRET, carrying the API key's id, the
 * granted scopes and, when bound, the client certificate's SHA-256 thumbprint (RFC 8705 `cnf`).
 * Checking one reads no database: the signature and expiry are checked in process, and the key's
 * state (still active, not revoked or expired) comes from a short in-process cache.
 */
import { createHmac, randomUUID } from "node:crypto";
import { jwtVerify, SignJWT } from "jose";
import { config } from "../config";
import { db } from "../db/client";
import type { ApiKey } from "../generated/prisma/client";

const ISSUER = "pix-platform/api-pix";
/** how long a key's state is believed before it is read again (a revoked key stops within this) */
const KEY_STATE_TTL_MS = 15_000;

let signingKey: Uint8Array | undefined;
function key(): Uint8Array {
  signingKey ??= new Uint8Array(createHmac("sha256", config().AUTH_SECRET).update("api-pix-access-token").digest());
  return signingKey;
}

export type IssuedToken = { access_token: string; token_type: "Bearer"; expires_in: number; scope: string };

export async function issueAccessToken(input: {
  apiKey: Pick<ApiKey, "id" | "clientId">;
  scopes: readonly string[];
  /** base64url SHA-256 of the client certificate (DER), when tokens are certificate-bound */
  certificateThumbprint?: string;
}): Promise<IssuedToken> {
  const ttl = config().API_PIX_TOKEN_TTL_SECONDS;
  const scope = input.scopes.join(" ");
  const jwt = new SignJWT({
    scope,
    client_id: input.apiKey.clientId,
    ...(input.certificateThumbprint ? { cnf: { "x5t#S256": input.certificateThumbprint } } : {}),
  })
    .setProtectedHeader({ alg: "HS256", typ: "at+jwt" })
    .setIssuer(ISSUER)
    .setSubject(input.apiKey.id)
    .setJti(randomUUID())
    .setIssuedAt()
    .setExpirationTime(`${ttl}s`);
  return { access_token: await jwt.sign(key()), token_type: "Bearer", expires_in: ttl, scope };
}

export type VerifiedToken = { apiKey: ApiKey; scopes: string[]; certificateThumbprint: string | null };

const keyStates = new Map<string, { key: ApiKey | null; readAt: number }>();

async function currentKey(id: string): Promise<ApiKey | null> {
  const cached = keyStates.get(id);
  if (cached && Date.now() - cached.readAt < KEY_STATE_TTL_MS) return cached.key;
  const found = await db().apiKey.findUnique({ where: { id } });
  if (keyStates.size > 10_000) keyStates.clear();
  keyStates.set(id, { key: found, readAt: Date.now() });
  return found;
}

/** Forget cached key states (tests that revoke a key and expect the next request to see it). */
export function forgetKeyStates(): void {
  keyStates.clear();
}

/** The token's key and scopes, or null when the token is not one of ours, expired, or its key is no longer usable. */
export async function verifyAccessToken(token: string): Promise<VerifiedToken | null> {
  let payload: Awaited<ReturnType<typeof jwtVerify>>["payload"];
  try {
    ({ payload } = await jwtVerify(token, key(), { issuer: ISSUER, algorithms: ["HS256"], typ: "at+jwt" }));
  } catch {
    return null;
  }
  if (typeof payload.sub !== "string" || typeof payload.scope !== "string") return null;
  const apiKey = await currentKey(payload.sub);
  if (!apiKey?.active || apiKey.revokedAt || (apiKey.expiresAt && apiKey.expiresAt <= new Date())) return null;
  const cnf = payload.cnf as { "x5t#S256"?: unknown } | undefined;
  return {
    apiKey,
    // a scope removed from the key since the token was issued is no longer granted
    scopes: payload.scope.split(" ").filter((scope) => scope && apiKey.scopes.includes(scope)),
    certificateThumbprint: typeof cnf?.["x5t#S256"] === "string" ? cnf["x5t#S256"] : null,
  };
}
