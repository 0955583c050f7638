/**
 * Plain `pg` pools for the few hot paths where Prisma's per-query cost shows (API key lookup,
 * internal transfers): see docs/performance.md. Everything else goes through Prisma.
 */
import pg from "pg";
import { config, databaseUrl } from "../config";
import { logger } from "../logger";

/**
 * What every pool of the process needs to live through a failover (docs/decisions/0048): a
 * connection attempt gives up instead of hanging, TCP keepalive finds a peer that vanished, and
 * an idle connection's error (its server killed) is logged and the connection dropped — without
 * a listener, pg re-emits it on the pool and the unhandled 'error' event ends the process.
 */
export const RESILIENT_POOL_SETTINGS = {
  connectionTimeoutMillis: 5_000,
  idleTimeoutMillis: 10_000,
  keepAlive: true,
} as const;

/** Only the message and code: the error carries its whole connection (settings, buffers). */
export const logPoolError = (error: Error & { code?: string }) =>
  logger().warn({ error: error.message, code: error.code }, "a pooled database connection failed; the pool drops it");

function resilientPool(settings: pg.PoolConfig): pg.Pool {
  const created = new pg.Pool({ ...RESILIENT_POOL_SETTINGS, ...settings });
  created.on("error", logPoolError);
  return created;
}

const globalForPool = globalThis as unknown as {
  pixPool?: pg.Pool;
  pixBookkeepingPool?: pg.Pool;
  pixProbePool?: pg.Pool;
  pixReplicaPool?: pg.Pool;
};

export function pool(): pg.Pool {
  globalForPool.pixPool ??= resilientPool({ connectionString: databaseUrl(), max: 10 });
  return globalForPool.pixPool;
}

/**
 * For bookkeeping whose loss in a database crash is already a case the code recovers from: the
 * gateway's idempotency claims and take-overs (docs/decisions/0010, "Asynchronous commit"); the
 * answers that end a request are not, and commit on the plain pool.
 * Its commits do not wait for the WAL flush; whatever commits after them, on any connection,
 * flushes them too, so no effect is ever durable without the claim it ran under. Its prepared
 * statements keep one generic plan: they are written for it (a LATERAL … LIMIT 1 or a primary
 * key per row) — a statement joined to its batch otherwise must stay unnamed here, since a
 * generic plan made while the table was small stays a sequential scan. Off with
 * BOOKKEEPING_ASYNC_COMMIT=false: then this is the plain pool.
 */
export function bookkeepingPool(): pg.Pool {
  if (!config().BOOKKEEPING_ASYNC_COMMIT) return pool();
  globalForPool.pixBookkeepingPool ??= resilientPool({
    connectionString: databaseUrl(),
    max: 4,
    options: "-c synchronous_commit=off -c plan_cache_mode=force_generic_plan",
  });
  return globalForPool.pixBookkeepingPool;
}

/**
 * For the hot named reads written so that every plan of theirs is an index probe (each row a
 * LATERAL … LIMIT 1 on an index: the API key look-up, the cash-out's source read, the internal
 * transfer's account read, the read of a payout whose answer a replay rebuilds). PostgreSQL
 * plans each once per connection here, where the main pool's default choice re-planned them on
 * most calls (docs/decisions/0023, item 6). Sequential scans are off: on
 * a table of a page or two the planner prefers one even inside a LATERAL probe, and a generic
 * plan made then would scan the table on every call once it has grown. Bitmap scans are off for
 * the same reason: on a small table the planner chose a bitmap scan of an index on the account
 * alone over the unique index of the probe, which would read all of the account's entries on
 * every call. tests/support/plans.ts shows a statement's plan on this pool.
 */
export function probePool(): pg.Pool {
  globalForPool.pixProbePool ??= resilientPool({
    connectionString: databaseUrl(),
    max: 6,
    options: "-c plan_cache_mode=force_generic_plan -c enable_seqscan=off -c enable_bitmapscan=off",
  });
  return globalForPool.pixProbePool;
}

/**
 * The read replica's pool (`DATABASE_REPLICA_URL`) for reads in plain SQL — the statement worker's
 * (docs/decisions/0048) — or null when none is configured.
 */
export function replicaPool(): pg.Pool | null {
  const url = config().DATABASE_REPLICA_URL;
  if (!url) return null;
  globalForPool.pixReplicaPool ??= resilientPool({ connectionString: url, max: 4 });
  return globalForPool.pixReplicaPool;
}

export async function closePool(): Promise<void> {
  const { pixPool, pixBookkeepingPool, pixProbePool, pixReplicaPool } = globalForPool;
  globalForPool.pixPool = undefined;
  globalForPool.pixBookkeepingPool = undefined;
  globalForPool.pixProbePool = undefined;
  globalForPool.pixReplicaPool = undefined;
  await Promise.all([pixPool?.end(), pixBookkeepingPool?.end(), pixProbePool?.end(), pixReplicaPool?.end()]);
}
