import { afterAll, inject } from "vitest";

process.env.DATABASE_URL = inject("databaseUrl");
(process.env as Record<string, string>).NODE_ENV = "test";

// Test files tune limits through the environment; a worker process runs several files, so each
// file leaves the environment as it found it.
const environmentAtStart = { ...process.env };

afterAll(async () => {
  for (const key of Object.keys(process.env)) if (!(key in environmentAtStart)) delete process.env[key];
  Object.assign(process.env, environmentAtStart);
  const { resetConfigForTests } = await import("../../server/config");
  resetConfigForTests();
  const { disconnectDb } = await import("../../server/db/client");
  const { disconnectRedis } = await import("../../server/redis");
  const { closePool } = await import("../../server/db/pool");
  await disconnectDb();
  await closePool();
  await disconnectRedis();
});
