import { getSession } from "@/server/auth/next-auth";
import { withoutSession } from "@/server/auth/with-session";
import { db } from "@/server/db/client";
import { publicReadiness, readiness } from "@/server/health/readiness";
import { trustedForHealthDetail } from "@/server/health/report";

export const dynamic = "force-dynamic";

/**
 * Readiness for a load balancer: 200 while the database takes writes (and, with PIX_RAIL=network,
 * a stream of the SPI is open), 503 (with Retry-After) while not. The network's figures only for
 * an admin session or a caller from HEALTH_DETAIL_ADDRESSES, as /api/health's detail.
 */
export const GET = withoutSession(async ({ request }) => {
  const ready = await readiness(db());
  const detail =
    "pixNetwork" in ready && (trustedForHealthDetail(request) || (await getSession())?.user.role === "ADMIN");
  return Response.json(detail ? ready : publicReadiness(ready), {
    status: ready.status === "ready" ? 200 : 503,
    headers: { "cache-control": "no-store", ...(ready.status === "ready" ? {} : { "retry-after": "5" }) },
  });
});
