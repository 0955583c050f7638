/**
 * Step 5 (POST only): header `hmac` = hex HMAC-SHA512 of the canonical body (canonical-json.ts),
 * keyed with the API key's signing secret; compared in constant time. Errors as interface 7.1.
 */
import { createHmac, timingSafeEqual } from "node:crypto";
import { createMiddleware } from "hono/factory";
import { decryptSecret } from "../../apikeys/secrets";
import { canonicalJson } from "../canonical-json";
import type { GatewayEnv } from "../context";
import { hmacError } from "../respond";

export function expectedSignature(secret: string, body: unknown): string {
  return createHmac("sha512", secret).update(canonicalJson(body)).digest("hex");
}

export const hmac = createMiddleware<GatewayEnv>(async (c, next) => {
  if (c.req.method !== "POST") return next();
  const sealed = c.get("apiKey").hmacSecretCiphertext;
  if (!sealed) return hmacError(c, 403, "HMAC secret not configured for this API key");
  const header = c.req.header("hmac");
  if (!header) return hmacError(c, 401, "Missing HMAC header");
  const raw = c.get("rawBody");
  if (!raw?.trim()) return hmacError(c, 400, "Request body is required for HMAC validation");
  let body: unknown;
  try {
    body = JSON.parse(raw);
  } catch {
    return hmacError(c, 400, "Request body must be valid JSON for HMAC validation");
  }
  const given = header.trim().toLowerCase();
  const expected = expectedSignature(decryptSecret(sealed), body);
  const valid =
    /^[0-9a-f]{128}$/.test(given) && timingSafeEqual(Buffer.from(given, "hex"), Buffer.from(expected, "hex"));
  if (!valid) return hmacError(c, 401, "Invalid HMAC signature");
  await next();
});
