import { fetchRequestHandler } from "@trpc/server/adapters/fetch";
import { logger } from "@/server/logger";
import { createTRPCContext } from "@/server/trpc/init";
import { appRouter } from "@/server/trpc/routers";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

function handler(req: Request) {
  return fetchRequestHandler({
    endpoint: "/api/trpc",
    req,
    router: appRouter,
    createContext: createTRPCContext,
    onError({ error, path, type }) {
      if (error.code === "INTERNAL_SERVER_ERROR")
        logger().error({ err: error.cause ?? error, path, type }, "tRPC call failed");
    },
  });
}

export { handler as GET, handler as POST };
