/**
 * The web server's own body rule, before any handler runs (server/web/listener.ts):
 *
 * - the REST surfaces: nothing above REQUEST_BODY_MAX_BYTES by Content-Length; they count
 *   streamed bodies themselves against their own limits (hono/body-limit);
 * - Next: bodies must declare their length (Next's handlers read them whole, and browsers always
 *   declare it), so a streamed body is a 411 before a byte of it is read; and the length is
 *   checked against the path's limit: the dashboard's API (tRPC, which counts its body against
 *   JSON_BODY_LIMIT_BYTES) and the MED evidence upload (its own limit) may use the absolute cap,
 *   every other path — sign-in, pages and their form posts — at most FORM_BODY_LIMIT_BYTES.
 */
import type { IncomingHttpHeaders } from "node:http";

export type BodyRefusal = { status: 411 | 413; message: string };

/** Next paths whose handlers limit their (larger) bodies themselves. */
const OWN_LIMIT_PREFIXES = ["/api/trpc/", "/api/meds/evidence"];

export type BodyLimits = { maxBytes: number; formBytes: number };

/** The most a request to `url` may declare by Content-Length. */
export function bodyLimitFor(url: string, forNext: boolean, limits: BodyLimits): number {
  if (!forNext) return limits.maxBytes;
  const path = url.split("?")[0] ?? "";
  return OWN_LIMIT_PREFIXES.some((prefix) => path.startsWith(prefix)) ? limits.maxBytes : limits.formBytes;
}

export function bodyRefusal(
  headers: IncomingHttpHeaders,
  url: string,
  forNext: boolean,
  limits: BodyLimits,
): BodyRefusal | null {
  if (Number(headers["content-length"] ?? 0) > bodyLimitFor(url, forNext, limits)) {
    return { status: 413, message: "Payload Too Large" };
  }
  if (forNext && headers["transfer-encoding"] !== undefined && headers["content-length"] === undefined) {
    return { status: 411, message: "Length Required" };
  }
  return null;
}
