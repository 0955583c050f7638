/** Bodies nested deeper than JSON_MAX_DEPTH are a 400, before any parser or validator walks them. */
import { createMiddleware } from "hono/factory";
import { config } from "../../config";
import { carriesBody } from "../../http/body-limit";
import { jsonDepthExceeds } from "../../http/json-depth";
import type { AccountApiEnv } from "../context";
import { errorResponse } from "../envelope";

export const jsonDepth = createMiddleware<AccountApiEnv>(async (c, next) => {
  const json = (c.req.header("content-type") ?? "").toLowerCase().includes("json");
  if (!json || !carriesBody(c.req.raw)) return next();
  const maxDepth = config().JSON_MAX_DEPTH;
  if (jsonDepthExceeds(await c.req.text(), maxDepth)) {
    return errorResponse(c, 400, "VALIDATION_ERROR", `Request body must not nest deeper than ${maxDepth} levels`);
  }
  await next();
});
