/**
 * Failed API authentications, counted per caller address and per client id (both surfaces).
 * Checked before the secret is verified: once either window is used up the caller gets 429 with
 * Retry-After, whatever it sends, so guessing secrets costs a minute per few tries. Successful
 * authentications do not count. Kept on with RATE_LIMITS_ENABLED=false (a defence, not a quota).
 */
import { config } from "../config";
import { peerAddressOf, resolveClientAddress } from "./ip";
import { FixedWindowLimiter } from "./rate-limit";

type HonoLike = { req: { raw: Request; header: (name: string) => string | undefined }; env: unknown };

/** The caller's address as the IP allowlists see it (peer, or a trusted proxy's X-Forwarded-For). */
export function callerAddress(c: HonoLike): string {
  const peer = peerAddressOf(c.req.raw.headers, c.env);
  return resolveClientAddress(peer, c.req.header("x-forwarded-for"), config().TRUSTED_PROXIES) || "unknown";
}

let limiters: { address: FixedWindowLimiter; client: FixedWindowLimiter } | undefined;

function failureLimiters() {
  limiters ??= {
    address: new FixedWindowLimiter("authfail:ip", config().AUTH_FAILURES_PER_ADDRESS_PER_MINUTE, 60),
    client: new FixedWindowLimiter("authfail:client", config().AUTH_FAILURES_PER_CLIENT_PER_MINUTE, 60),
  };
  return limiters;
}

export function resetAuthFailureLimitersForTests(): void {
  limiters = undefined;
}

/** Seconds the caller must wait, or null when it may try. */
export async function authBlockedFor(address: string, clientId: string | null): Promise<number | null> {
  const { address: byAddress, client } = failureLimiters();
  const waits = await Promise.all([
    byAddress.blockedFor(address),
    clientId ? client.blockedFor(clientId) : Promise.resolve(null),
  ]);
  const blocked = waits.filter((w): w is number => w !== null);
  return blocked.length ? Math.max(...blocked) : null;
}

export async function recordAuthFailure(address: string, clientId: string | null): Promise<void> {
  const { address: byAddress, client } = failureLimiters();
  await Promise.all([byAddress.consume(address), clientId ? client.consume(clientId) : null]);
}
