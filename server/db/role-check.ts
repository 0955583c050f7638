/**
 * At start, the web process and the worker check the role they connect as (server/db/roles.ts).
 * In production against a database elsewhere than this machine, a role that could write the
 * ledger's tables directly (a superuser, the owner) stops the process; on a cluster on loopback
 * (development, benchmarks, drills) it is only logged.
 */
import { config, databaseUrl } from "../config";
import { logger } from "../logger";
import { pool } from "./pool";
import { isLoopback, roleProblem } from "./roles";

export async function checkPlatformRole(processName: string): Promise<void> {
  const problem = await roleProblem(async (sql) => (await pool().query(sql)).rows);
  if (!problem) return;
  const message = `${processName}: ${problem}; connect as pix_app (docs/decisions/0053)`;
  if (config().NODE_ENV === "production" && !isLoopback(databaseUrl())) throw new Error(message);
  logger().warn(message);
}
