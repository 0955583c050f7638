import { Redis } from "ioredis";
import { config } from "./config";

const globalForRedis = globalThis as unknown as { pixRedis?: Redis | null };

/** The shared Redis connection when REDIS_URL is set; null otherwise (memory fallbacks apply). */
export function redis(): Redis | null {
  if (globalForRedis.pixRedis === undefined) {
    const url = config().REDIS_URL;
    globalForRedis.pixRedis = url ? new Redis(url, { enableOfflineQueue: true, maxRetriesPerRequest: 2 }) : null;
  }
  return globalForRedis.pixRedis;
}

export async function disconnectRedis(): Promise<void> {
  await globalForRedis.pixRedis?.quit();
  globalForRedis.pixRedis = undefined;
}
