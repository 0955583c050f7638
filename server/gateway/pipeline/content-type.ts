/** Step 1: a request with a body must be JSON or multipart, else 415. */
import { createMiddleware } from "hono/factory";
import { carriesBody } from "../../http/body-limit";
import type { GatewayEnv } from "../context";
import { pipelineError } from "../respond";

const ACCEPTED = ["application/json", "multipart/form-data"];

export const contentType = createMiddleware<GatewayEnv>(async (c, next) => {
  if (!["GET", "HEAD", "DELETE"].includes(c.req.method) && carriesBody(c.req.raw)) {
    const type = (c.req.header("content-type") ?? "").split(";")[0]?.trim().toLowerCase() ?? "";
    if (!ACCEPTED.includes(type)) {
      return pipelineError(
        c,
        415,
        "Unsupported Media Type: Content-Type must be application/json or multipart/form-data",
      );
    }
  }
  await next();
});
