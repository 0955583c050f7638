/**
 * /api/health: anyone learns whether the web process and its database answer; the worker detail
 * (hostnames, pids, queue counts, outbox backlog) only an admin session or a caller from HEALTH_DETAIL_ADDRESSES
 * (monitoring hosts; loopback by default) sees.
 */
import { config } from "../config";
import type { Db } from "../db/client";
import { addressAllowed, peerAddressOf, resolveClientAddress } from "../http/ip";
import { type HealthDetail, healthDetail } from "./detail";

export function trustedForHealthDetail(request: Request): boolean {
  const settings = config();
  const address = resolveClientAddress(
    peerAddressOf(request.headers),
    request.headers.get("x-forwarded-for"),
    settings.TRUSTED_PROXIES,
  );
  return addressAllowed(address, settings.HEALTH_DETAIL_ADDRESSES);
}

export type HealthReport =
  | {
      status: "ok";
      database: "ok";
      worker: HealthDetail["worker"] | Pick<HealthDetail["worker"], "status">;
      outbox?: HealthDetail["outbox"];
    }
  | { status: "degraded"; database: "unreachable" };

/** Whether the database answers, and the worker's state (in detail when `detail`). */
export async function healthReport(db: Db, detail: boolean): Promise<HealthReport> {
  try {
    await db.$queryRaw`SELECT 1`;
    const { worker, outbox } = await healthDetail(db);
    return detail
      ? { status: "ok", database: "ok", worker, outbox }
      : { status: "ok", database: "ok", worker: { status: worker.status } };
  } catch {
    return { status: "degraded", database: "unreachable" };
  }
}
