import { Redis } from "ioredis";
import { config } from "./config";

const globalForRedis = globalThis as unknown as { pixRedis?: Redis | null };

/** The shared Redis connection when REDIS_URL is set; null otherwise (memory fallbacks apply). */
export function redis(): Redis | null {
  if (globalForRedis.pixRedis === undefined) {
    const url = config().REDIS_URL;
    // Auto-pipelining: the commands of concurrent requests issued in one tick share one write
    // (the auth-failure checks are two reads on every API request; docs/performance.md).
    globalForRedis.pixRedis = url
      ? new Redis(url, { enableOfflineQueue: true, maxRetriesPerRequest: 2, enableAutoPipelining: true })
      : null;
  }
  return globalForRedis.pixRedis;
}

export async function disconnectRedis(): Promise<void> {
  await globalForRedis.pixRedis?.quit();
  globalForRedis.pixRedis = undefined;
}
