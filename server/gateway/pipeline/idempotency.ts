/** Step 7 (POST only): Idempotency-Key (server/gateway/idempotency.ts, docs/decisions/0010). */
import { createMiddleware } from "hono/factory";
import { config } from "../../config";
import type { GatewayEnv } from "../context";
import {
  claimIdempotencyKey,
  completeIdempotencyKey,
  type Held,
  isAnsweredInEffect,
  openResponseBody,
  requestHash,
} from "../idempotency";
import { answerFromEffect, recoverResponse } from "../recover";
import { pipelineError } from "../respond";

const REPLAYED_HEADERS = ["content-type", "location"];
const IN_PROGRESS = "A request with this Idempotency-Key is still in progress";

async function store(held: Held, response: Response) {
  const body = await response.clone().text();
  const headers = Object.fromEntries(
    REPLAYED_HEADERS.flatMap((h) => (response.headers.get(h) ? [[h, response.headers.get(h) as string]] : [])),
  );
  await completeIdempotencyKey(held, { status: response.status, body, headers });
}

function replayed(response: Response): Response {
  const headers = new Headers(response.headers);
  headers.set("idempotent-replayed", "true");
  return new Response(response.body, { status: response.status, headers });
}

export const idempotency = createMiddleware<GatewayEnv>(async (c, next) => {
  const key = c.req.header("idempotency-key");
  if (c.req.method !== "POST" || key === undefined) return next();
  const max = config().IDEMPOTENCY_KEY_MAX_LENGTH;
  if (key.length > max) return pipelineError(c, 400, `Idempotency-Key must be at most ${max} characters`);
  if (key.length === 0) return pipelineError(c, 400, "Idempotency-Key must not be empty");
  const scope = { apiKeyId: c.get("apiKey").id, method: c.req.method, path: c.req.path, key };
  const claim = await claimIdempotencyKey(scope, requestHash(c.get("rawBody")));
  if (claim.kind === "in-progress") return pipelineError(c, 409, IN_PROGRESS);
  if (claim.kind === "mismatch") {
    return pipelineError(c, 422, "Idempotency-Key was already used with a different request body");
  }
  if (claim.kind === "replay") {
    const { record } = claim;
    // No body stored: completed in its effect's transaction, rebuilt from the effect.
    const body =
      record.responseBody === null
        ? await answerFromEffect(c.get("apiKey").userId, record)
        : openResponseBody(record.responseBody);
    if (body === null) return pipelineError(c, 409, IN_PROGRESS);
    return new Response(body, {
      status: record.responseStatus ?? 200,
      headers: { ...(record.responseHeaders as Record<string, string>), "idempotent-replayed": "true" },
    });
  }
  const held: Held = { recordId: claim.recordId, token: claim.token, keyCase: c.get("keyCase") };
  if (claim.kind === "recover") {
    const recovered = await recoverResponse(c, claim.effect);
    if (!recovered) return pipelineError(c, 409, IN_PROGRESS);
    await store(held, recovered);
    return replayed(recovered);
  }
  c.set("idempotency", held);
  try {
    await next();
  } finally {
    if (!isAnsweredInEffect(held)) await store(held, c.res);
  }
});
