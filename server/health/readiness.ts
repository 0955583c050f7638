/**
 * What a load balancer asks: is this process alive (`/api/health/live`: it answers at all) and
 * should it get traffic (`/api/health/ready`: its database takes writes). A primary that is gone,
 * a standby not yet promoted or a database put in read-only mode all make it not ready, so a
 * balancer stops sending writes that could only fail.
 */
import type { Db } from "../db/client";

export type Readiness = { status: "ready" } | { status: "not_ready"; database: "unreachable" | "read_only" };

/** How long the check waits for the database before calling it unreachable. */
export const READINESS_TIMEOUT_MS = 2_000;

function timeout(ms: number): Promise<never> {
  return new Promise((_, reject) => setTimeout(() => reject(new Error("readiness check timed out")), ms).unref());
}

export async function readiness(db: Db, timeoutMs = READINESS_TIMEOUT_MS): Promise<Readiness> {
  try {
    const [row] = await Promise.race([
      db.$queryRaw<{ writable: boolean }[]>`
        SELECT NOT pg_is_in_recovery() AND current_setting('transaction_read_only') = 'off' AS writable`,
      timeout(timeoutMs),
    ]);
    return row?.writable ? { status: "ready" } : { status: "not_ready", database: "read_only" };
  } catch {
    return { status: "not_ready", database: "unreachable" };
  }
}
