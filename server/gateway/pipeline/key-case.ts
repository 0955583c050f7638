/**
 * Step 2: X-Key-Case. With `camelCase`, the request's keys are read as camelCase (converted to
 * the canonical snake_case before validation) and every response key is written camelCase.
 * The body as received is kept for the HMAC step.
 */
import { createMiddleware } from "hono/factory";
import { config } from "../../config";
import { carriesBody } from "../../http/body-limit";
import { jsonDepthExceeds } from "../../http/json-depth";
import type { GatewayEnv } from "../context";
import { convertKeys, toSnake } from "../key-case";
import { pipelineError } from "../respond";

export const keyCase = createMiddleware<GatewayEnv>(async (c, next) => {
  const camel = (c.req.header("x-key-case") ?? "").toLowerCase() === "camelcase";
  c.set("keyCase", camel ? "camel" : "snake");
  const raw = carriesBody(c.req.raw) ? await c.req.text() : null;
  c.set("rawBody", raw);
  const maxDepth = config().JSON_MAX_DEPTH;
  const json = (c.req.header("content-type") ?? "").toLowerCase().includes("json");
  if (raw && json && jsonDepthExceeds(raw, maxDepth)) {
    return pipelineError(c, 400, `Request body must not nest deeper than ${maxDepth} levels`);
  }
  if (camel && raw) {
    try {
      const converted = JSON.stringify(convertKeys(JSON.parse(raw), toSnake));
      const headers = new Headers(c.req.raw.headers);
      headers.delete("content-length");
      c.req.raw = new Request(c.req.raw.url, { method: c.req.method, headers, body: converted });
      // The body read above is cached for later steps; they must read the converted one.
      c.req.bodyCache = {};
    } catch {
      // not JSON: later steps answer for it
    }
  }
  await next();
});
