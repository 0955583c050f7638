/** The public payment pages' request limit, per client address (server/http/rate-limit.ts). */
import { config } from "../config";
import { AppError } from "../errors";
import { peerAddressOf, resolveClientAddress } from "../http/ip";
import { limiterFor } from "../http/rate-limit";

export function pageLimiter() {
  return limiterFor("payment-page", config().PAYMENT_PAGE_RATE_PER_MINUTE);
}

/** The caller's address as our HTTP server saw it, "unknown" when it cannot tell. */
export function pageClientAddress(headers: Headers): string {
  return (
    resolveClientAddress(
      peerAddressOf(headers),
      headers.get("x-forwarded-for") ?? undefined,
      config().TRUSTED_PROXIES,
    ) || "unknown"
  );
}

/** Throws 429 (RATE_LIMIT_EXCEEDED, with Retry-After) once the address used up its minute. */
export async function limitPageRequest(headers: Headers): Promise<void> {
  if (!config().RATE_LIMITS_ENABLED) return;
  const { allowed, state } = await pageLimiter().consume(pageClientAddress(headers));
  if (!allowed) {
    throw new AppError("RATE_LIMIT_EXCEEDED", "too many requests", undefined, undefined, state.retryAfter);
  }
}
