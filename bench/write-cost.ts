/**
 * `npm run bench:write-cost`: PostgreSQL's CPU per internal transfer, without HTTP. Seeds
 * BENCH_ACCOUNTS funded accounts, then runs transferInternal (group commit) from
 * BENCH_CONNECTIONS callers for BENCH_SECONDS and prints transfers/s and the CPU per transfer of
 * the postgres processes (/proc), this process and the machine. KEEP_DB=1 leaves the database
 * for experiments (its URL is printed); BENCH_DB=<name> runs on such a database again.
 */
import { dropDatabase } from "../server/db/embedded";
import { cpuMicrosOf, machineBusyMicros } from "./support/cpu";
import { fundedMerchants } from "./support/funded";
import { benchServer } from "./support/server";
import { transfersInProcess } from "./support/transfers-in-process";

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const ACCOUNTS = Number(process.env.BENCH_ACCOUNTS ?? 100);
const CONCURRENCY = Number(process.env.BENCH_CONNECTIONS ?? 16);
const { embedded, adminUrl, urlFor } = await benchServer();
const name = process.env.BENCH_DB ?? `pix_bench_write_${Date.now()}`;
const merchants = process.env.BENCH_DB ? null : await fundedMerchants({ adminUrl, urlFor }, name, ACCOUNTS, "write");
if (!merchants) process.env.DATABASE_URL = urlFor(name);
const { pool } = await import("../server/db/pool");
const accounts = merchants
  ? merchants.map((m) => m.accountId)
  : (await pool().query("SELECT id FROM accounts ORDER BY id")).rows.map((r) => r.id as string);
const run = (seconds: number) => transfersInProcess(accounts, CONCURRENCY, seconds);

await run(2);
const before = { pg: cpuMicrosOf("postgres"), machine: machineBusyMicros(), node: process.cpuUsage() };
const done = await run(SECONDS);
const node = process.cpuUsage(before.node);
const per = (a: number | null, b: number | null) =>
  a === null || b === null ? "?" : ((a - b) / 1000 / done).toFixed(3);
console.log(
  `${(done / SECONDS).toFixed(0)} transfers/s; CPU ms per transfer: postgres ${per(cpuMicrosOf("postgres"), before.pg)}, ` +
    `node ${((node.user + node.system) / 1000 / done).toFixed(3)}, machine ${per(machineBusyMicros(), before.machine)}`,
);
const { closePool } = await import("../server/db/pool");
await closePool();
if (process.env.KEEP_DB || process.env.BENCH_DB) console.log(`database kept: ${urlFor(name)}`);
else await dropDatabase(adminUrl, name).catch(() => {});
await embedded?.stop();
process.exit(0);
