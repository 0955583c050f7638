import { getSession } from "@/server/auth/next-auth";
import { withoutSession } from "@/server/auth/with-session";
import { db } from "@/server/db/client";
import { healthReport, trustedForHealthDetail } from "@/server/health/report";

export const dynamic = "force-dynamic";

/** Liveness of the web process, its database and the worker: public on purpose (detail for admins and monitoring hosts). */
export const GET = withoutSession(async ({ request }) => {
  const detail = trustedForHealthDetail(request) || (await getSession())?.user.role === "ADMIN";
  const report = await healthReport(db(), detail);
  return Response.json(report, {
    status: report.status === "ok" ? 200 : 503,
    headers: { "cache-control": "no-store" },
  });
});
