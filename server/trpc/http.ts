/**
 * The tRPC endpoint (/api/trpc) as a fetch handler: the body limit (413 by Content-Length or
 * while streaming, before the session or any procedure), the JSON depth limit, and the Origin
 * check on mutations (POST) against cross-site requests riding the session cookie.
 */
import { fetchRequestHandler } from "@trpc/server/adapters/fetch";
import { config } from "../config";
import { DATABASE_RETRY_AFTER_SECONDS } from "../db/unavailable";
import { readWithin } from "../http/body-limit";
import { jsonDepthExceeds } from "../http/json-depth";
import { sameOrigin } from "../http/same-origin";
import { logger } from "../logger";
import { createTRPCContext } from "./init";
import { appRouter } from "./routers";

export const TRPC_ENDPOINT = "/api/trpc";

/** tRPC's own error body (superjson-wrapped), so the client reads these like any other error. */
function refusal(status: 400 | 403 | 413, code: string, message: string): Response {
  const body = { error: { json: { message, code: -32600, data: { code, httpStatus: status } } } };
  return Response.json(body, { status });
}

export async function handleTrpc(request: Request): Promise<Response> {
  let req = request;
  if (request.method === "POST") {
    if (!sameOrigin(request)) return refusal(403, "FORBIDDEN", "Cross-origin request refused");
    const settings = config();
    const body = await readWithin(request, settings.JSON_BODY_LIMIT_BYTES);
    if (body === "too-large") return refusal(413, "PAYLOAD_TOO_LARGE", "Request body too large");
    if (jsonDepthExceeds(new TextDecoder().decode(body), settings.JSON_MAX_DEPTH)) {
      return refusal(400, "BAD_REQUEST", `Request body must not nest deeper than ${settings.JSON_MAX_DEPTH} levels`);
    }
    req = new Request(request.url, { method: "POST", headers: request.headers, body });
  }
  return fetchRequestHandler({
    endpoint: TRPC_ENDPOINT,
    req,
    router: appRouter,
    createContext: createTRPCContext,
    responseMeta({ errors }) {
      const unavailable = errors.find((error) => error.code === "SERVICE_UNAVAILABLE");
      return unavailable ? { headers: new Headers({ "Retry-After": String(DATABASE_RETRY_AFTER_SECONDS) }) } : {};
    },
    onError({ error, path, type }) {
      if (error.code === "INTERNAL_SERVER_ERROR")
        logger().error({ err: error.cause ?? error, path, type }, "tRPC call failed");
    },
  });
}
