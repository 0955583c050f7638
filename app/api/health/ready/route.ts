import { withoutSession } from "@/server/auth/with-session";
import { db } from "@/server/db/client";
import { readiness } from "@/server/health/readiness";

export const dynamic = "force-dynamic";

/** Readiness for a load balancer: 200 while the database takes writes, 503 (with Retry-After) while not. */
export const GET = withoutSession(async () => {
  const ready = await readiness(db());
  return Response.json(ready, {
    status: ready.status === "ready" ? 200 : 503,
    headers: { "cache-control": "no-store", ...(ready.status === "ready" ? {} : { "retry-after": "5" }) },
  });
});
