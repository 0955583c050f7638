import { afterAll, inject } from "vitest";

process.env.DATABASE_URL = inject("databaseUrl");
(process.env as Record<string, string>).NODE_ENV = "test";
// Many files fail authentication on purpose from 127.0.0.1, sharing one Redis window in CI;
// tests/hardening/auth-failures.test.ts sets its own limits.
process.env.AUTH_FAILURES_PER_ADDRESS_PER_MINUTE ??= "1000000";
process.env.AUTH_FAILURES_PER_CLIENT_PER_MINUTE ??= "1000000";
// No test reaches the outside world: webhook deliveries and lookups go to loopback only, and a
// file whose code tried anything else fails (server/webhooks/loopback-guard.ts).
process.env.OUTBOUND_LOOPBACK_ONLY = "true";
// PIX limits (server/limits) stay out of the way of files that do not test them: the platform's
// cap is the only limit unless a file sets its own (tests/limits).
for (const name of ["PER_TRANSACTION", "DAILY", "MONTHLY", "NIGHTLY_PER_TRANSACTION", "NIGHTLY"])
  process.env[`PIX_LIMIT_${name}_CENTS`] ??= "100000000000";

// Test files tune limits through the environment; a worker process runs several files, so each
// file leaves the environment as it found it.
const environmentAtStart = { ...process.env };

afterAll(async () => {
  const { refusedOutbound } = await import("../../server/webhooks/loopback-guard");
  const refused = [...refusedOutbound()];
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
  if (refused.length > 0) throw new Error(`this file tried to reach the outside world:\n${refused.join("\n")}`);
});
