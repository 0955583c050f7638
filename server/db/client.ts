import { PrismaPg } from "@prisma/adapter-pg";
import { databaseUrl } from "../config";
import { PrismaClient } from "../generated/prisma/client";
import { logPoolError, RESILIENT_POOL_SETTINGS } from "./pool";

export type Db = PrismaClient;
/** The handle a service receives: the client itself or an interactive transaction. */
export type Tx = Omit<PrismaClient, "$connect" | "$disconnect" | "$on" | "$transaction" | "$extends">;

const globalForDb = globalThis as unknown as { pixDb?: PrismaClient };

export function createDb(url = databaseUrl(), poolSize = 10): PrismaClient {
  return new PrismaClient({
    adapter: new PrismaPg(
      { connectionString: url, max: poolSize, ...RESILIENT_POOL_SETTINGS },
      { onPoolError: logPoolError },
    ),
    // Under bursts, transactions queue for a pooled connection: wait rather than fail.
    transactionOptions: { maxWait: 15_000, timeout: 20_000 },
  });
}

/** One client per process (kept on globalThis so Next's dev reloads do not leak pools). */
export function db(): PrismaClient {
  globalForDb.pixDb ??= createDb();
  return globalForDb.pixDb;
}

export async function disconnectDb(): Promise<void> {
  await globalForDb.pixDb?.$disconnect();
  globalForDb.pixDb = undefined;
}
