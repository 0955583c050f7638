import { getSession } from "@/server/auth/next-auth";
import { db } from "@/server/db/client";
import { healthReport, trustedForHealthDetail } from "@/server/health/report";

export const dynamic = "force-dynamic";

/** Liveness of the web process, its database and the worker (detail for admins and monitoring hosts). */
export async function GET(request: Request) {
  const detail = trustedForHealthDetail(request) || (await getSession())?.user.role === "ADMIN";
  return healthReport(db(), detail);
}
