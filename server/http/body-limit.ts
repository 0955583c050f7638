/**
 * Request body limits for handlers outside Hono (tRPC): refuse by Content-Length without reading,
 * else read while counting and stop at the limit. The Hono surfaces use hono/body-limit.
 */
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
