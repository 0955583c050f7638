/**
 * Plain `pg` pools for the few hot paths where Prisma's per-query cost shows (API key lookup,
 * internal transfers): see docs/performance.md. Everything else goes through Prisma.
 */
import pg from "pg";
import { config, databaseUrl } from "../config";

const globalForPool = globalThis as unknown as { pixPool?: pg.Pool; pixBookkeepingPool?: pg.Pool };

export function pool(): pg.Pool {
  globalForPool.pixPool ??= new pg.Pool({ connectionString: databaseUrl(), max: 10 });
  return globalForPool.pixPool;
}

/**
 * For bookkeeping whose loss in a database crash is already a case the code recovers from: the
 * gateway's idempotency claims and stored answers (docs/decisions/0010, "Asynchronous commit").
 * Its commits do not wait for the WAL flush; whatever commits after them, on any connection,
 * flushes them too, so no effect is ever durable without the claim it ran under. Its prepared
 * statements keep one generic plan: they are written for it (a LATERAL … LIMIT 1 or a primary
 * key per row) — a statement joined to its batch otherwise must stay unnamed here, since a
 * generic plan made while the table was small stays a sequential scan. Off with
 * BOOKKEEPING_ASYNC_COMMIT=false: then this is the plain pool.
 */
export function bookkeepingPool(): pg.Pool {
  if (!config().BOOKKEEPING_ASYNC_COMMIT) return pool();
  globalForPool.pixBookkeepingPool ??= new pg.Pool({
    connectionString: databaseUrl(),
    max: 4,
    options: "-c synchronous_commit=off -c plan_cache_mode=force_generic_plan",
  });
  return globalForPool.pixBookkeepingPool;
}

export async function closePool(): Promise<void> {
  const { pixPool, pixBookkeepingPool } = globalForPool;
  globalForPool.pixPool = undefined;
  globalForPool.pixBookkeepingPool = undefined;
  await Promise.all([pixPool?.end(), pixBookkeepingPool?.end()]);
}
