import type { ApiKey } from "../generated/prisma/client";

/** What the account surface's middlewares put on the request context. */
export type AccountApiEnv = {
  Variables: {
    requestId: string;
    clientIp: string | null;
    apiKey: ApiKey;
  };
};
