/**
 * The web server's own body rule, before any handler runs: nothing above REQUEST_BODY_MAX_BYTES
 * by Content-Length; and bodies for Next (pages, tRPC, next-auth) must declare their length,
 * since Next's handlers read them without a limit of their own (browsers always declare it).
 * The REST surfaces count streamed bodies themselves (hono/body-limit).
 */
import type { IncomingHttpHeaders } from "node:http";

export type BodyRefusal = { status: 411 | 413; message: string };

export function bodyRefusal(headers: IncomingHttpHeaders, forNext: boolean, maxBytes: number): BodyRefusal | null {
  if (Number(headers["content-length"] ?? 0) > maxBytes) return { status: 413, message: "Payload Too Large" };
  if (forNext && headers["transfer-encoding"] !== undefined && headers["content-length"] === undefined) {
    return { status: 411, message: "Length Required" };
  }
  return null;
}
