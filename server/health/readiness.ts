/**
 * What a load balancer asks: is this process alive (`/api/health/live`: it answers at all) and
 * should it get traffic (`/api/health/ready`: its database takes writes). A primary that is gone,
 * a standby not yet promoted or a database put in read-only mode all make it not ready, so a
 * balancer stops sending writes that could only fail.
 *
 * With PIX_RAIL=network the platform is also not ready while no process reads the SPI's stream
 * (server/pix/monitoring.ts: no reader wrote its row within 30 s with a stream open): payments
 * would be sent and never decided, PIX in never answered. The sandbox has no such check.
 */
import type { Db } from "../db/client";
import { currentRailName, type NetworkCheck, networkCheck, type PixRailName } from "../pix/monitoring";

export type Readiness =
  | { status: "ready"; pixNetwork?: NetworkCheck }
  | { status: "not_ready"; database: "unreachable" | "read_only" }
  | { status: "not_ready"; pixNetwork: NetworkCheck };

/** What anyone may read of it: the checks' states, none of the network's figures. */
export type PublicReadiness =
  | { status: "ready"; pixNetwork?: Pick<NetworkCheck, "status"> }
  | { status: "not_ready"; database: "unreachable" | "read_only" }
  | { status: "not_ready"; pixNetwork: Pick<NetworkCheck, "status"> };

/** How long the check waits for the database before calling it unreachable. */
export const READINESS_TIMEOUT_MS = 2_000;

function timeout(ms: number): Promise<never> {
  return new Promise((_, reject) => setTimeout(() => reject(new Error("readiness check timed out")), ms).unref());
}

export async function readiness(
  db: Db,
  timeoutMs = READINESS_TIMEOUT_MS,
  options: { rail?: PixRailName; now?: Date } = {},
): Promise<Readiness> {
  const rail = options.rail ?? currentRailName();
  try {
    const deadline = timeout(timeoutMs);
    const [row] = await Promise.race([
      db.$queryRaw<{ writable: boolean }[]>`
        SELECT NOT pg_is_in_recovery() AND current_setting('transaction_read_only') = 'off' AS writable`,
      deadline,
    ]);
    if (!row?.writable) return { status: "not_ready", database: "read_only" };
    if (rail !== "network") return { status: "ready" };
    const pixNetwork = await Promise.race([networkCheck(db, options.now), deadline]);
    return pixNetwork.status === "ok" ? { status: "ready", pixNetwork } : { status: "not_ready", pixNetwork };
  } catch {
    return { status: "not_ready", database: "unreachable" };
  }
}

/** The answer for a caller not trusted with the detail (as /api/health): the network's figures left out. */
export function publicReadiness(ready: Readiness): PublicReadiness {
  if (!("pixNetwork" in ready) || !ready.pixNetwork) return ready;
  return { ...ready, pixNetwork: { status: ready.pixNetwork.status } };
}
