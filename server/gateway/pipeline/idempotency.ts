/**
 * Step 7 (POST only): Idempotency-Key, on the idempotency capability (server/idempotency/,
 * docs/decisions/0010). The route's service records its effect in the request's EffectSink.
 */
import { createMiddleware } from "hono/factory";
import { config } from "../../config";
import { completeIdempotencyKey, replayedBody } from "../../idempotency/answer";
import { claimIdempotencyKey, type Lease, requestHash } from "../../idempotency/claim";
import { CLAIM_IN_PROGRESS, EffectSink } from "../../idempotency/sink";
import type { GatewayEnv } from "../context";
import { answerFromEffect, recoverResponse } from "../recover";
import { pipelineError } from "../respond";

const REPLAYED_HEADERS = ["content-type", "location"];

async function store(lease: Lease, response: Response) {
  const body = await response.clone().text();
  const headers = Object.fromEntries(
    REPLAYED_HEADERS.flatMap((h) => (response.headers.get(h) ? [[h, response.headers.get(h) as string]] : [])),
  );
  await completeIdempotencyKey(lease, { status: response.status, body, headers });
}

function replayed(response: Response): Response {
  const headers = new Headers(response.headers);
  headers.set("idempotent-replayed", "true");
  return new Response(response.body, { status: response.status, headers });
}

const succeeded = (response: Response) => response.status >= 200 && response.status < 300;

export const idempotency = createMiddleware<GatewayEnv>(async (c, next) => {
  const key = c.req.header("idempotency-key");
  if (c.req.method !== "POST" || key === undefined) return next();
  const max = config().IDEMPOTENCY_KEY_MAX_LENGTH;
  if (key.length > max) return pipelineError(c, 400, `Idempotency-Key must be at most ${max} characters`);
  if (key.length === 0) return pipelineError(c, 400, "Idempotency-Key must not be empty");
  const scope = { apiKeyId: c.get("apiKey").id, method: c.req.method, path: c.req.path, key };
  const claim = await claimIdempotencyKey(scope, requestHash(c.get("rawBody")));
  if (claim.kind === "in-progress") return pipelineError(c, 409, CLAIM_IN_PROGRESS);
  if (claim.kind === "mismatch") {
    return pipelineError(c, 422, "Idempotency-Key was already used with a different request body");
  }
  if (claim.kind === "replay") {
    const { record } = claim;
    const body = await replayedBody(record, (effect) => answerFromEffect(c.get("apiKey").userId, effect));
    if (body === null) return pipelineError(c, 409, CLAIM_IN_PROGRESS);
    return new Response(body, {
      status: record.responseStatus ?? 200,
      headers: { ...(record.responseHeaders as Record<string, string>), "idempotent-replayed": "true" },
    });
  }
  const lease: Lease = { recordId: claim.recordId, token: claim.token };
  if (claim.kind === "recover") {
    const recovered = await recoverResponse(c, claim.effect);
    if (!recovered) return pipelineError(c, 409, CLAIM_IN_PROGRESS);
    await store(lease, recovered);
    return replayed(recovered);
  }
  const sink = new EffectSink(lease, c.get("keyCase"));
  c.set("effects", sink);
  try {
    await next();
  } finally {
    // An effect that was the whole answer completed the record in its own transaction.
    if (!(sink.answersRequest && succeeded(c.res))) await store(lease, c.res);
  }
});
