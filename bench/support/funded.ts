/**
 * The starting point the write benchmarks share: a fresh database on the bench server, migrated,
 * with `count` merchants, each with one account holding R$ 1.000.000,00 and an API key allowed
 * from 127.0.0.1. Points DATABASE_URL at it, so `server/db/client` and the web process use it.
 */
import { execFileSync } from "node:child_process";
import { ensureDatabase } from "../../server/db/embedded";
import { bin } from "./web";

export type FundedMerchant = { accountId: string; clientId: string; clientSecret: string };

export async function fundedMerchants(
  bench: { adminUrl: string; urlFor: (name: string) => string },
  database: string,
  count: number,
  emailPrefix: string,
): Promise<FundedMerchant[]> {
  await ensureDatabase(bench.adminUrl, database);
  process.env.DATABASE_URL = bench.urlFor(database);
  process.env.LOG_LEVEL = "warn";
  execFileSync(bin("prisma"), ["migrate", "deploy"], { stdio: "ignore", env: process.env });
  const { createMerchant } = await import("../../server/accounts/merchants");
  const { creditIncomingPix } = await import("../../server/transfers/incoming");
  const { db } = await import("../../server/db/client");
  const merchants: FundedMerchant[] = [];
  for (let i = 0; i < count; i++) {
    const m = await createMerchant(db(), {
      name: `Bench ${i}`,
      document: "11222333000181",
      email: `${emailPrefix}-${i}@bench.test`,
      password: "bench-password-1",
      ipWhitelist: ["127.0.0.1", "::1"],
    });
    await creditIncomingPix(db(), { userId: m.userId, accountId: m.accountId, amountCents: 100_000_000n });
    merchants.push({ accountId: m.accountId, clientId: m.clientId, clientSecret: m.clientSecret });
  }
  return merchants;
}
