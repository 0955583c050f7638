/**
 * `npm run bench:ledger-statement`: what one group-commit statement costs PostgreSQL, with no
 * web process and no Node client in the way. Seeds BENCH_ACCOUNTS funded accounts, builds a batch
 * of BENCH_BATCH internal transfers exactly as the transfer service does (internalTransferChange,
 * groupedChange, changeArgument) and has pgbench call `ledger_post_many` with it from each of
 * BENCH_CLIENTS clients (fresh entry ids every call) for BENCH_SECONDS. With
 * BENCH_STATEMENT=cash-outs the batch is BENCH_BATCH gateway cash-outs (held debit, rail
 * submission, no idempotency record), as the fast path sends them, and pgbench calls
 * `gateway_cash_out_many`. Prints transfers (or cash-outs) per second, PostgreSQL's and the
 * machine's CPU and the WAL written per transfer (or cash-out), beside pgbench's TPC-B-like
 * transaction (its WAL per transaction too) on the same server in the same run; then
 * `ledger verify`.
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { dropDatabase } from "../server/db/embedded";
import { cpuMicrosOf, machineBusyMicros } from "./support/cpu";
import { fundedMerchants } from "./support/funded";
import { load, pgbenchTps } from "./support/pgbench";
import { benchServer } from "./support/server";
import { printStatements, resetStatements } from "./support/statements";
import { walPer, walReading } from "./support/wal";

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const ACCOUNTS = Number(process.env.BENCH_ACCOUNTS ?? 100);
const BATCH = Number(process.env.BENCH_BATCH ?? 8);
const CLIENTS = (process.env.BENCH_CLIENTS ?? "1,4").split(",").map(Number);
const ID_MARK = "@ENTRY@";
const CASH_OUTS = process.env.BENCH_STATEMENT === "cash-outs";
const STATEMENT = CASH_OUTS ? "gateway_cash_out_many" : "ledger_post_many";
const UNIT = CASH_OUTS ? "cash-out" : "transfer";

// Every call needs new entry ids (they are unique per account): the template marks them, and
// each call replaces the mark with a fresh uuid, as the services draw new ids per payment.
async function transferTemplate(): Promise<string> {
  const { pool } = await import("../server/db/pool");
  const { internalTransferChange } = await import("../server/transfers/internal");
  const { groupedChange } = await import("../server/ledger/group-commit");
  const { changeArgument, jsonArgument } = await import("../server/ledger/apply");
  const { rows: accounts } = await pool().query(
    "SELECT id, user_id, name, document, person_type, agency, status, false AS owes_meds FROM accounts ORDER BY id",
  );
  const pick = () => accounts[Math.floor(Math.random() * accounts.length)];
  const changes = Array.from({ length: BATCH }, () => {
    const source = pick();
    let target = pick();
    while (target.id === source.id) target = pick();
    return changeArgument(groupedChange(internalTransferChange(source, target, { amountCents: 1n })));
  });
  let template = jsonArgument(changes);
  changes.forEach((change, c) => {
    change.entries.forEach((entry, e) => {
      template = template.replaceAll(entry.id, `${ID_MARK}-${c}-${e}`);
    });
  });
  return template;
}

// The fast path's own items (server/payouts/fast.ts), caught on their way to PostgreSQL: the
// cash-outs are made once for real, and their items make the template.
async function cashOutTemplate(): Promise<string> {
  const { pool } = await import("../server/db/pool");
  const { cashOutOnPool } = await import("../server/payouts/fast");
  const { rows: accounts } = await pool().query("SELECT id, user_id FROM accounts ORDER BY id");
  const items: { change: { entries: { id: string }[] } }[] = [];
  const query = pool().query.bind(pool());
  pool().query = ((config: { name?: string; values?: string[] }, values?: unknown[]) => {
    if (config.name === STATEMENT) items.push(...JSON.parse(config.values?.[0] as string));
    return query(config as never, values as never);
  }) as typeof query;
  await Promise.all(
    Array.from({ length: BATCH }, (_, i) => {
      const account = accounts[(i * 7) % accounts.length];
      const pixKey = `bench-${i}@example.com`;
      return cashOutOnPool({
        userId: account.user_id,
        accountId: account.id,
        amountCents: 1n,
        pixKey,
        pixKeyType: "EMAIL",
      });
    }),
  );
  pool().query = query;
  let template = JSON.stringify(items);
  items.forEach((item, c) => {
    template = template.replaceAll(item.change.entries[0]?.id as string, `${ID_MARK}-${c}`);
  });
  return template;
}

const { embedded, adminUrl, urlFor } = await benchServer();
const name = `pix_bench_statement_${Date.now()}`;
const scripts = mkdtempSync(path.join(tmpdir(), "pix-bench-statement-"));

try {
  console.log(`▸ database ${name}: migrate and seed ${ACCOUNTS} funded accounts; load ${load()}`);
  await fundedMerchants({ adminUrl, urlFor }, name, ACCOUNTS, "statement");
  const { pool, closePool } = await import("../server/db/pool");
  const template = CASH_OUTS ? await cashOutTemplate() : await transferTemplate();
  await pool().query("CREATE TABLE bench_batch (template text NOT NULL)");
  await pool().query("INSERT INTO bench_batch VALUES ($1)", [template]);
  await closePool();
  const script = path.join(scripts, `${STATEMENT}.sql`);
  writeFileSync(
    script,
    `SELECT ${STATEMENT}(replace((SELECT template FROM bench_batch), '${ID_MARK}', gen_random_uuid()::text)::jsonb) IS NOT NULL;\n`,
  );

  const pgbench = (clients: number, seconds: number) =>
    execFileSync(
      "pgbench",
      ["-n", "-M", "prepared", "-f", script, "-c", String(clients), "-j", String(Math.min(clients, 2))].concat([
        "-T",
        String(seconds),
        urlFor(name),
      ]),
      { encoding: "utf8" },
    );
  pgbench(Math.max(...CLIENTS), 2); // warm-up: plans, caches
  const rows = [];
  for (const clients of CLIENTS) {
    console.log(`▸ pgbench calling ${STATEMENT} (${BATCH} ${UNIT}s): ${clients} clients, ${SECONDS}s`);
    const wal = await walReading(urlFor(name), { checkpoint: true });
    await resetStatements(urlFor(name));
    const before = { postgres: cpuMicrosOf("postgres"), machine: machineBusyMicros() };
    const out = pgbench(clients, SECONDS);
    const calls = Number(/processed: (\d+)/.exec(out)?.[1] ?? 0);
    const units = calls * BATCH;
    await printStatements(urlFor(name), units);
    const per = (after: number | null, start: number | null) =>
      after === null || start === null ? null : Number(((after - start) / 1000 / Math.max(1, units)).toFixed(3));
    rows.push({
      clients,
      "calls/s": Math.round(calls / SECONDS),
      rate: units / SECONDS,
      [`${UNIT}s/s`]: Math.round(units / SECONDS),
      [`postgres CPU ms/${UNIT}`]: per(cpuMicrosOf("postgres"), before.postgres),
      [`machine CPU ms/${UNIT}`]: per(machineBusyMicros(), before.machine),
      [`WAL per ${UNIT}`]: walPer(wal, await walReading(urlFor(name)), units),
    });
  }
  const baseline = await pgbenchTps(adminUrl, urlFor, CLIENTS, SECONDS);
  console.table(
    rows.map(({ rate, ...row }) => ({
      ...row,
      "pgbench tps": Math.round(baseline[row.clients] as number),
      [`${UNIT}s/s ÷ pgbench tps`]: Number((rate / (baseline[row.clients] as number)).toFixed(3)),
    })),
  );
  const { db, disconnectDb } = await import("../server/db/client");
  const { verifyLedger } = await import("../server/ledger/verify");
  const report = await verifyLedger(db());
  await disconnectDb();
  console.log(`ledger verify: ${report.ok ? "clean" : "FAILED"}`);
  if (!report.ok) process.exitCode = 1;
} finally {
  rmSync(scripts, { recursive: true, force: true });
  await dropDatabase(adminUrl, name).catch(() => {});
  await embedded?.stop();
}
