/**
 * `npm run bench:statements`: an account with 10,000 entries in the period (BENCH_ENTRIES), then a
 * CSV and a PDF statement of that period, each built in a process of its own: wall time of the
 * build and the process's peak RSS. Targets: CSV < 2 s, PDF < 20 s, peak RSS < 512 MB.
 * Uses DATABASE_URL's server when set, otherwise an embedded PostgreSQL.
 */
import { execFileSync } from "node:child_process";
import path from "node:path";
import { dropDatabase, ensureDatabase } from "../server/db/embedded";
import { benchServer } from "./support/server";

const ENTRIES = Number(process.env.BENCH_ENTRIES ?? 10_000);
const bin = (name: string) => path.resolve("node_modules/.bin", name);

const { embedded, adminUrl, urlFor } = await benchServer();
const benchDb = `pix_bench_statements_${Date.now()}`;
const url = urlFor(benchDb);

try {
  console.log(`▸ database ${benchDb}: migrate, seed an account with ${ENTRIES} entries`);
  await ensureDatabase(adminUrl, benchDb);
  process.env.DATABASE_URL = url;
  process.env.LOG_LEVEL = "warn";
  execFileSync(bin("prisma"), ["migrate", "deploy"], { stdio: "ignore", env: process.env });
  const { seedStatementAccount } = await import("./statements-seed");
  const { disconnectDb } = await import("../server/db/client");
  const { closePool } = await import("../server/db/pool");
  const merchant = await seedStatementAccount(ENTRIES);
  await disconnectDb();
  await closePool();

  const results = [];
  for (const format of ["csv", "pdf"]) {
    const out = execFileSync(bin("tsx"), ["bench/statements-worker.ts", merchant.accountId, merchant.userId, format], {
      env: process.env,
      encoding: "utf8",
    });
    const result = JSON.parse(out.trim().split("\n").pop() as string);
    console.log(`  ${format}: ${JSON.stringify(result)}`);
    results.push(result);
  }
  const targets: Record<string, number> = { csv: 2, pdf: 20 };
  console.log("\n| format | entries | build s | target s | peak RSS MB | file MB |");
  console.log("|---|---|---|---|---|---|");
  for (const r of results) {
    console.log(`| ${r.format} | ${r.rows} | ${r.seconds} | < ${targets[r.format]} | ${r.peakRssMb} | ${r.sizeMb} |`);
  }
} finally {
  await dropDatabase(adminUrl, benchDb).catch(() => {});
  await embedded?.stop();
}
