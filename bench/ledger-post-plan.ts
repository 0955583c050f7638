/**
 * `npx tsx bench/ledger-post-plan.ts`: where PostgreSQL spends an internal transfer's time.
 * On a fresh database with two funded accounts it posts TRANSFERS transfers through the service
 * (warm-up first), then one more with auto_explain on its nested statements (the plan and time
 * of each statement inside `ledger_post`, sent to this client), and prints the server's time per
 * call of `ledger_post` (pg_stat_user_functions, track_functions = all). pg_stat_statements is
 * not preloaded on the shared server, so this is the profile of the database side.
 */
import { execFileSync } from "node:child_process";
import pg from "pg";
import { dropDatabase, ensureDatabase } from "../server/db/embedded";
import { benchServer } from "./support/server";
import { bin } from "./support/web";

const TRANSFERS = Number(process.env.TRANSFERS ?? 500);
const { embedded, adminUrl, urlFor } = await benchServer();
const name = `pix_bench_plan_${Date.now()}`;
try {
  await ensureDatabase(adminUrl, name);
  process.env.DATABASE_URL = urlFor(name);
  process.env.LOG_LEVEL = "warn";
  execFileSync(bin("prisma"), ["migrate", "deploy"], { stdio: "ignore", env: process.env });
  const { createMerchant } = await import("../server/accounts/merchants");
  const { creditIncomingPix } = await import("../server/transfers/incoming");
  const { inBatch } = await import("../server/ledger/write-path");
  const { transferInternal } = await import("../server/transfers/internal");
  const { db, disconnectDb } = await import("../server/db/client");
  const { pool, closePool } = await import("../server/db/pool");
  const accounts = [];
  for (let i = 0; i < 2; i++) {
    const m = await createMerchant(db(), {
      name: `Plan ${i}`,
      document: "11222333000181",
      email: `plan-${i}@bench.test`,
      password: "bench-password-1",
      ipWhitelist: ["127.0.0.1"],
    });
    await creditIncomingPix(db(), { userId: m.userId, accountId: m.accountId, amountCents: 100_000_000n });
    accounts.push(m);
  }
  const [a, b] = accounts as [(typeof accounts)[number], (typeof accounts)[number]];
  const transfer = () =>
    transferInternal(inBatch(db()), {
      userId: a.userId,
      accountId: a.accountId,
      receiverAccountId: b.accountId,
      amountCents: 1n,
    });
  for (let i = 0; i < 50; i++) await transfer();
  const admin = new pg.Client({ connectionString: urlFor(name) });
  await admin.connect();
  await admin.query("SELECT pg_stat_reset()");
  await pool().query("SET track_functions = 'all'");
  // every pooled connection: the setting is per session
  const clients = await Promise.all(Array.from({ length: 10 }, () => pool().connect()));
  await Promise.all(clients.map((c) => c.query("SET track_functions = 'all'")));
  for (const c of clients) c.release();
  const started = process.hrtime.bigint();
  for (let i = 0; i < TRANSFERS; i++) await transfer();
  const wallMs = Number(process.hrtime.bigint() - started) / 1e6;
  await new Promise((r) => setTimeout(r, 800)); // statistics are flushed at most once a second
  const stats = await admin.query(
    "SELECT calls, total_time, self_time FROM pg_stat_user_functions WHERE funcname = 'ledger_post'",
  );
  const tables = await admin.query(
    `SELECT relname, n_tup_ins, n_tup_upd FROM pg_stat_user_tables WHERE n_tup_ins + n_tup_upd > 0 ORDER BY relname`,
  );
  console.log(
    `${TRANSFERS} sequential transfers in ${wallMs.toFixed(0)} ms: ${(wallMs / TRANSFERS).toFixed(2)} ms each`,
  );
  console.table(stats.rows.map((r) => ({ ...r, "ms per call": (r.total_time / r.calls).toFixed(3) })));
  console.log("rows written per transfer (inserts + updates, all tables):");
  console.table(
    tables.rows.map((r) => ({
      table: r.relname,
      "per transfer": ((Number(r.n_tup_ins) + Number(r.n_tup_upd)) / TRANSFERS).toFixed(2),
    })),
  );
  const one = await pool().connect();
  const notices: string[] = [];
  one.on("notice", (n) => notices.push(n.message ?? ""));
  await one.query("LOAD 'auto_explain'");
  await one.query(
    "SET auto_explain.log_min_duration = 0; SET auto_explain.log_analyze = on; SET auto_explain.log_nested_statements = on; SET auto_explain.log_timing = on; SET client_min_messages = log",
  );
  one.release();
  // the next transfer takes the most recently released connection
  await transfer();
  for (const n of notices) console.log(n.replace(/\n\s*\n/g, "\n"));
  await admin.end();
  await closePool();
  await disconnectDb();
} finally {
  await dropDatabase(adminUrl, name).catch(() => {});
  await embedded?.stop();
}
