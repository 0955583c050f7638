/**
 * The replica tests point the app at their own cluster (tests/support/streaming-cluster.ts):
 * `useCluster` sets DATABASE_URL and DATABASE_REPLICA_URL (and unsets REDIS_URL when asked, for
 * the in-process read-your-writes marks); the function it returns closes the app's clients and
 * pools and puts the settings back as they were.
 */
import type { StreamingCluster } from "../support/streaming-cluster";

const KEYS = ["DATABASE_URL", "DATABASE_REPLICA_URL", "REDIS_URL"] as const;

export async function useCluster(
  cluster: StreamingCluster,
  options: { withoutRedis?: boolean } = {},
): Promise<() => Promise<void>> {
  const saved = Object.fromEntries(KEYS.map((key) => [key, process.env[key]]));
  process.env.DATABASE_URL = cluster.primary.url();
  process.env.DATABASE_REPLICA_URL = cluster.standby.url();
  if (options.withoutRedis) delete process.env.REDIS_URL;
  const { resetConfigForTests } = await import("../../server/config");
  resetConfigForTests();
  return async () => {
    const { disconnectReplicaDb } = await import("../../server/db/replica");
    const { disconnectDb } = await import("../../server/db/client");
    const { closePool } = await import("../../server/db/pool");
    await disconnectReplicaDb();
    await disconnectDb();
    await closePool();
    for (const key of KEYS) {
      const value = saved[key];
      if (value === undefined) delete process.env[key];
      else process.env[key] = value;
    }
    resetConfigForTests();
  };
}
