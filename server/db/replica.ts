/**
 * Reads that may go to a streaming standby (DATABASE_REPLICA_URL): statement generation,
 * analytics, the ledger's list, search and export, the back office's lists. Without the setting
 * every read goes to the primary and nothing here costs a query.
 *
 * Statements (the worker, plain SQL on `replicaPool()`): after claiming a statement the job takes
 * the primary's WAL position and waits, bounded, until the replica has replayed it
 * (`waitForReplay`) — else it reads the primary. The claim commits after the request did, and the
 * request after every write its requester made before it, so the file misses none of them.
 *
 * Read-your-writes (docs/decisions/0048-replicas-and-failover.md): after a user's write, the door
 * records the primary's WAL position (`pg_current_wal_lsn()`) for that user — in Redis when set, so
 * every web process knows, else in this process — and that user's reads stay on the primary until
 * the replica has replayed past it (`pg_last_wal_replay_lsn()`). A replica that cannot answer, or
 * lags past the mark's lifetime, sends the read to the primary too: never a read from an
 * unknown position.
 */
import type pg from "pg";
import { config } from "../config";
import type { PrismaClient } from "../generated/prisma/client";
import { logger } from "../logger";
import { redis } from "../redis";
import { createDb, db } from "./client";

/** How long a user's write mark lives; a replica this far behind is not read from for them. */
export const WRITE_MARK_TTL_MS = 60_000;

const globalForReplica = globalThis as unknown as { pixReplicaDb?: PrismaClient };
const marks = new Map<string, { lsn: string; expires: number }>();
const key = (userId: string) => `pix:rw-lsn:${userId}`;

export function replicaConfigured(): boolean {
  return Boolean(config().DATABASE_REPLICA_URL);
}

/** The replica's client, or null when none is configured. */
export function replicaDb(): PrismaClient | null {
  const url = config().DATABASE_REPLICA_URL;
  if (!url) return null;
  globalForReplica.pixReplicaDb ??= createDb(url);
  return globalForReplica.pixReplicaDb;
}

export async function disconnectReplicaDb(): Promise<void> {
  await globalForReplica.pixReplicaDb?.$disconnect();
  globalForReplica.pixReplicaDb = undefined;
  marks.clear();
}

/** After a write by `userId` on the primary: their reads stay there until the replica has it. */
export async function noteWrite(userId: string, primary: PrismaClient = db()): Promise<void> {
  if (!replicaConfigured()) return;
  const [row] = await primary.$queryRaw<{ lsn: string }[]>`SELECT pg_current_wal_lsn()::text AS lsn`;
  if (!row) return;
  const store = redis();
  if (store) await store.set(key(userId), row.lsn, "PX", WRITE_MARK_TTL_MS);
  else marks.set(userId, { lsn: row.lsn, expires: Date.now() + WRITE_MARK_TTL_MS });
}

async function markOf(userId: string): Promise<string | null> {
  const store = redis();
  if (store) return store.get(key(userId));
  const mark = marks.get(userId);
  if (!mark || mark.expires < Date.now()) {
    marks.delete(userId);
    return null;
  }
  return mark.lsn;
}

async function forget(userId: string, lsn: string): Promise<void> {
  const store = redis();
  // only the mark read: a newer write's mark stays
  if (store) await store.eval(FORGET_IF_SAME, 1, key(userId), lsn);
  else if (marks.get(userId)?.lsn === lsn) marks.delete(userId);
}
const FORGET_IF_SAME = "if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end return 0";

/**
 * The client a read for `userId` should use: the replica when one is configured and it has
 * replayed the user's last write (or there is none to wait for), the primary otherwise.
 */
export async function readDb(userId: string | null): Promise<PrismaClient> {
  const replica = replicaDb();
  if (!replica) return db();
  try {
    const mark = userId ? await markOf(userId) : null;
    if (!mark) return replica;
    const [row] = await replica.$queryRaw<{ replayed: boolean }[]>`
      SELECT COALESCE(pg_last_wal_replay_lsn() >= ${mark}::pg_lsn, true) AS replayed`;
    if (!row?.replayed) return db();
    if (userId) await forget(userId, mark);
    return replica;
  } catch (error) {
    logger().warn({ err: error }, "replica unavailable; reading from the primary");
    return db();
  }
}

/** How long the statement worker waits for the replica to replay its claim before reading the primary. */
export const REPLAY_WAIT_MS = 30_000;
const REPLAY_POLL_MS = 200;

type SqlReader = Pick<pg.Pool, "query">;

/**
 * The primary's WAL position (written and, with synchronous commits, flushed): every transaction
 * whose commit returned before this call ends at or before it.
 */
export async function primaryLsn(primary: SqlReader): Promise<string> {
  const result = await primary.query<{ lsn: string }>("SELECT pg_current_wal_lsn()::text AS lsn");
  const lsn = result.rows[0]?.lsn;
  if (!lsn) throw new Error("the primary did not say its WAL position");
  return lsn;
}

/**
 * Waits until `replica` has replayed `lsn`, asking every REPLAY_POLL_MS for at most `waitMs`: true
 * once it has (or when it is no standby at all), false when the wait ran out or it could not answer.
 */
export async function waitForReplay(replica: SqlReader, lsn: string, waitMs = REPLAY_WAIT_MS): Promise<boolean> {
  const deadline = Date.now() + waitMs;
  try {
    for (;;) {
      const result = await replica.query<{ replayed: boolean }>(
        "SELECT COALESCE(pg_last_wal_replay_lsn() >= $1::pg_lsn, true) AS replayed",
        [lsn],
      );
      if (result.rows[0]?.replayed) return true;
      if (Date.now() >= deadline) return false;
      await new Promise((resolve) => setTimeout(resolve, Math.min(REPLAY_POLL_MS, deadline - Date.now())));
    }
  } catch (error) {
    logger().warn({ err: error }, "replica unavailable; reading from the primary");
    return false;
  }
}
