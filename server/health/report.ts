/**
 * /api/health: anyone learns whether the web process and its database answer; the worker detail
 * (hostnames, pids, queue counts, outbox backlog) only an admin session or a caller from HEALTH_DETAIL_ADDRESSES
 * (monitoring hosts; loopback by default) sees.
 */
import { config } from "../config";
import type { Db } from "../db/client";
import { addressAllowed, peerAddressOf, resolveClientAddress } from "../http/ip";
import { healthDetail } from "./detail";

export function trustedForHealthDetail(request: Request): boolean {
  const settings = config();
  const address = resolveClientAddress(
    peerAddressOf(request.headers),
    request.headers.get("x-forwarded-for"),
    settings.TRUSTED_PROXIES,
  );
  return addressAllowed(address, settings.HEALTH_DETAIL_ADDRESSES);
}

export async function healthReport(db: Db, detail: boolean): Promise<Response> {
  try {
    await db.$queryRaw`SELECT 1`;
    const { worker, outbox } = await healthDetail(db);
    const body = detail
      ? { status: "ok", database: "ok", worker, outbox }
      : { status: "ok", database: "ok", worker: { status: worker.status } };
    return Response.json(body, { headers: { "cache-control": "no-store" } });
  } catch {
    return Response.json({ status: "degraded", database: "unreachable" }, { status: 503 });
  }
}
