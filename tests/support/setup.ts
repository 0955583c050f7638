import { afterAll, inject } from "vitest";

process.env.DATABASE_URL = inject("databaseUrl");
(process.env as Record<string, string>).NODE_ENV = "test";
// Many files fail authentication on purpose from 127.0.0.1, sharing one Redis window in CI;
// tests/hardening/auth-failures.test.ts sets its own limits.
process.env.AUTH_FAILURES_PER_ADDRESS_PER_MINUTE ??= "1000000";
process.env.AUTH_FAILURES_PER_CLIENT_PER_MINUTE ??= "1000000";

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
