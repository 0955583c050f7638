/**
 * A plain `pg` pool for the few hot paths where Prisma's per-query cost shows (API key lookup,
 * internal transfers): see docs/performance.md. Everything else goes through Prisma.
 */
import pg from "pg";
import { databaseUrl } from "../config";

const globalForPool = globalThis as unknown as { pixPool?: pg.Pool };

export function pool(): pg.Pool {
  globalForPool.pixPool ??= new pg.Pool({ connectionString: databaseUrl(), max: 10 });
  return globalForPool.pixPool;
}

export async function closePool(): Promise<void> {
  await globalForPool.pixPool?.end();
  globalForPool.pixPool = undefined;
}
