import type { ApiKey } from "../generated/prisma/client";
import type { ProblemInit } from "./problem";

/** What the API Pix surface's middlewares put on the request context. */
export type ApiPixEnv = {
  Variables: {
    /** in every problem body and in the X-Correlation-Id header */
    correlationId: string;
    clientIp: string | null;
    apiKey: ApiKey;
    /** the scopes the access token was granted (a subset of the key's) */
    scopes: readonly string[];
    /** how the current route reports a request its schemas refuse (set by the route's middleware) */
    invalidProblem?: InvalidProblem;
  };
};

/** The problem a route answers for input its schemas refuse; violations name `prefix.path`. */
export type InvalidProblem = Pick<ProblemInit, "type" | "title" | "status"> & { prefix?: string };
