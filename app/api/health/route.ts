import { db } from "@/server/db/client";
import { workerHealth } from "@/server/worker/health";

export const dynamic = "force-dynamic";

/** Liveness of the web process, its database and the worker's queue (no secrets, no tenant data). */
export async function GET() {
  try {
    await db().$queryRaw`SELECT 1`;
    const worker = await workerHealth(db());
    return Response.json({ status: "ok", database: "ok", worker });
  } catch {
    return Response.json({ status: "degraded", database: "unreachable" }, { status: 503 });
  }
}
