/**
 * Request body limits: refuse by Content-Length without reading, else read while counting and
 * stop at the limit. tRPC reads with `readWithin`; the Hono surfaces use `honoBodyLimit`.
 */
import type { Context, MiddlewareHandler } from "hono";
import { bodyLimit } from "hono/body-limit";

export function declaredLength(headers: Headers): number | null {
  const value = headers.get("content-length");
  if (value === null || headers.has("transfer-encoding")) return null;
  const length = Number(value);
  return Number.isFinite(length) ? length : null;
}

/** The body's bytes, or "too-large" as soon as more than `max` bytes have arrived. */
export async function readWithin(request: Request, max: number): Promise<Uint8Array<ArrayBuffer> | "too-large"> {
  const declared = declaredLength(request.headers);
  if (declared !== null && declared > max) return "too-large";
  if (!request.body) return new Uint8Array(0);
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.length;
    if (size > max) {
      await reader.cancel().catch(() => {});
      return "too-large";
    }
    chunks.push(value);
  }
  const body = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    body.set(chunk, offset);
    offset += chunk.length;
  }
  return body;
}

/**
 * Whether a request carries a body, from its framing headers where it has them (RFC 9112 §6.3;
 * every request off the wire does). Asking the Node adapter's request for `body` makes it build a
 * web stream over the socket, which then also carries the read that would otherwise take the
 * adapter's direct path: ~15% of the web process's CPU per transfer (docs/measurements/transfers.md).
 * A Request built in-process may have neither header: its `body` answers.
 */
export function carriesBody(request: Request): boolean {
  if (request.method === "GET" || request.method === "HEAD") return false;
  const { headers } = request;
  if (headers.has("transfer-encoding")) return true;
  const length = headers.get("content-length");
  return length === null ? request.body !== null : length !== "0";
}

/**
 * hono/body-limit, deciding by Content-Length where there is one (Node's parser never reads past
 * it) and counting only other bodies (chunked, or built in-process), so that the common case
 * builds no web stream.
 */
export function honoBodyLimit<C extends Context>(options: {
  maxSize: number;
  onError: (c: C) => Response | Promise<Response>;
}): MiddlewareHandler {
  const counted = bodyLimit(options as Parameters<typeof bodyLimit>[0]);
  return async (c, next) => {
    const length = declaredLength(c.req.raw.headers);
    if (length !== null && length > options.maxSize) return options.onError(c as C);
    if (length === null && carriesBody(c.req.raw)) return counted(c, next);
    await next();
  };
}
