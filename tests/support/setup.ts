import { afterAll, inject } from "vitest";

process.env.DATABASE_URL = inject("databaseUrl");
(process.env as Record<string, string>).NODE_ENV = "test";

afterAll(async () => {
  const { disconnectDb } = await import("../../server/db/client");
  const { disconnectRedis } = await import("../../server/redis");
  const { closePool } = await import("../../server/db/pool");
  await disconnectDb();
  await closePool();
  await disconnectRedis();
});
