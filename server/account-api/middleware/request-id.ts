import { randomUUID } from "node:crypto";
import { createMiddleware } from "hono/factory";
import type { AccountApiEnv } from "../context";

/** A fresh UUID per request, in the body of every answer and in X-Request-Id. */
export const requestId = createMiddleware<AccountApiEnv>(async (c, next) => {
  const id = randomUUID();
  c.set("requestId", id);
  c.header("X-Request-Id", id);
  await next();
});
