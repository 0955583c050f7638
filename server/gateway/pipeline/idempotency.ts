/** Step 7 (POST only): Idempotency-Key. */
import { createMiddleware } from "hono/factory";
import { config } from "../../config";
import { db } from "../../db/client";
import type { GatewayEnv } from "../context";
import { claimIdempotencyKey, completeIdempotencyKey, requestHash } from "../idempotency";
import { pipelineError } from "../respond";

const REPLAYED_HEADERS = ["content-type", "location"];

export const idempotency = createMiddleware<GatewayEnv>(async (c, next) => {
  const key = c.req.header("idempotency-key");
  if (c.req.method !== "POST" || key === undefined) return next();
  const max = config().IDEMPOTENCY_KEY_MAX_LENGTH;
  if (key.length > max) return pipelineError(c, 400, `Idempotency-Key must be at most ${max} characters`);
  if (key.length === 0) return pipelineError(c, 400, "Idempotency-Key must not be empty");
  const scope = { apiKeyId: c.get("apiKey").id, method: c.req.method, path: c.req.path, key };
  const claim = await claimIdempotencyKey(db(), scope, requestHash(c.get("rawBody")));
  if (claim.kind === "in-progress")
    return pipelineError(c, 409, "A request with this Idempotency-Key is still in progress");
  if (claim.kind === "mismatch") {
    return pipelineError(c, 422, "Idempotency-Key was already used with a different request body");
  }
  if (claim.kind === "replay") {
    const { record } = claim;
    return new Response(record.responseBody, {
      status: record.responseStatus ?? 200,
      headers: { ...(record.responseHeaders as Record<string, string>), "idempotent-replayed": "true" },
    });
  }
  try {
    await next();
  } finally {
    const body = await c.res.clone().text();
    const headers = Object.fromEntries(
      REPLAYED_HEADERS.flatMap((h) => (c.res.headers.get(h) ? [[h, c.res.headers.get(h) as string]] : [])),
    );
    await completeIdempotencyKey(db(), claim.recordId, { status: c.res.status, body, headers });
  }
});
