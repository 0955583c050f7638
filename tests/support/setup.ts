import { afterAll, inject } from "vitest";

process.env.DATABASE_URL = inject("databaseUrl");
(process.env as Record<string, string>).NODE_ENV = "test";

afterAll(async () => {
  const { disconnectDb } = await import("../../server/db/client");
  const { disconnectRedis } = await import("../../server/redis");
  await disconnectDb();
  await disconnectRedis();
});
