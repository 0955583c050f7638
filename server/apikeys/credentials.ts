/**
 * The credential check both REST surfaces run before anything else: read the Authorization header,
 * look the key up while the failed-authentication windows are checked, count a failure, record a
 * use. Each surface words the refusals and shapes the error itself.
 */

import { db } from "../db/client";
import { authBlockedFor, callerAddress, recordAuthFailure } from "../http/auth-failures";
import { logger } from "../logger";
import { type Authentication, authenticateApiKey, touchApiKey } from "./service";

type Authenticated = Extract<Authentication, { ok: true }>;
type Pair = { id: string; secret: string };

/** `Basic base64(id:secret)` on both surfaces; `ApiKey id:secret` where the surface takes it too. */
export type Scheme = "basic" | "apikey";

export type CredentialRefusal = "missing" | "bearer" | "malformed" | Extract<Authentication, { ok: false }>["reason"];

export type CredentialCheck =
  | ({ outcome: "accepted" } & Pick<Authenticated, "key" | "merchant">)
  | { outcome: "refused"; refusal: CredentialRefusal }
  | { outcome: "throttled"; retryAfterSeconds: number };

export function parseAuthorization(
  header: string | undefined,
  schemes: readonly Scheme[],
): Pair | "missing" | "bearer" | "malformed" {
  if (!header?.trim()) return "missing";
  const [scheme, value] = header.trim().split(/\s+/, 2);
  const name = scheme?.toLowerCase();
  if (name === "bearer") return "bearer";
  let pair: string | undefined;
  if (name === "apikey" && schemes.includes("apikey")) pair = value;
  else if (name === "basic" && value) pair = Buffer.from(value, "base64").toString("utf8");
  const colon = pair?.indexOf(":") ?? -1;
  if (!pair || colon <= 0 || colon === pair.length - 1) return "malformed";
  return { id: pair.slice(0, colon), secret: pair.slice(colon + 1) };
}

type Caller = Parameters<typeof callerAddress>[0];

/** `cachedKey`: the caller may take a key read a few seconds ago (authenticateApiKey's `cached`). */
export async function checkCredentials(
  c: Caller,
  schemes: readonly Scheme[],
  options: { cachedKey?: boolean } = {},
): Promise<CredentialCheck> {
  const parsed = parseAuthorization(c.req.header("authorization"), schemes);
  if (parsed === "missing") return { outcome: "refused", refusal: parsed };
  const address = callerAddress(c);
  const clientId = typeof parsed === "string" ? null : parsed.id;
  // Both at once (the check must not wait on the lookup); a blocked caller learns nothing either way.
  const [wait, result] = await Promise.all([
    authBlockedFor(address, clientId),
    typeof parsed === "string"
      ? null
      : authenticateApiKey(parsed.id, parsed.secret, new Date(), { cached: options.cachedKey === true }),
  ]);
  if (wait !== null) return { outcome: "throttled", retryAfterSeconds: wait };
  if (!result?.ok) {
    await recordAuthFailure(address, clientId);
    return { outcome: "refused", refusal: result ? result.reason : (parsed as "bearer" | "malformed") };
  }
  touchApiKey(db(), result.key).catch((error) => logger().warn({ err: error }, "could not record API key use"));
  return { outcome: "accepted", key: result.key, merchant: result.merchant };
}
