/**
 * `npm run bench:ledger-statement`: what one group-commit statement costs PostgreSQL, with no
 * web process and no Node client in the way. Seeds BENCH_ACCOUNTS funded accounts, builds a batch
 * of BENCH_BATCH internal transfers exactly as the transfer service does (internalTransferChange,
 * groupedChange, changeArgument) and has pgbench call `ledger_post_many` with it from each of
 * BENCH_CLIENTS clients (fresh entry ids every call) for BENCH_SECONDS. With
 * BENCH_STATEMENT=cash-outs the batch is BENCH_BATCH gateway cash-outs (held debit, rail
 * submission, the recovery point of an idempotency claim made in the same call), as the fast
 * path sends them, and pgbench calls `gateway_cash_out_many`. BENCH_SQL runs once after the
 * seed (e.g. dropping an index, to see what it costs). Prints transfers (or cash-outs) per
 * second, PostgreSQL's and the machine's CPU and the WAL written per transfer (or cash-out),
 * beside pgbench's TPC-B-like transaction (its WAL per transaction too) on the same server in the
 * same run; then `ledger verify`, and that every claimed cash-out was posted.
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { dropDatabase } from "../server/db/embedded";
import { Prisma } from "../server/generated/prisma/client";
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
// cash-outs are made once for real, each with an idempotency claim as the gateway sends them, and
// their items make the template. Every call claims fresh records (CLAIMS_SQL) for its recovery points.
async function cashOutTemplate(): Promise<string> {
  const { pool } = await import("../server/db/pool");
  const { cashOutOnPool } = await import("../server/payouts/fast");
  const { claimIdempotencyKey, requestHash } = await import("../server/idempotency/claim");
  const { EffectSink } = await import("../server/idempotency/sink");
  const { rows: accounts } = await pool().query(
    "SELECT a.id, a.user_id, k.id AS api_key_id FROM accounts a JOIN api_keys k ON k.user_id = a.user_id ORDER BY a.id",
  );
  const items: { change: { entries: { id: string }[] }; recovery: { record_id: string; token: string } }[] = [];
  const query = pool().query.bind(pool());
  pool().query = ((config: { name?: string; values?: string[] }, values?: unknown[]) => {
    if (config.name === STATEMENT) items.push(...JSON.parse(config.values?.[0] as string));
    return query(config as never, values as never);
  }) as typeof query;
  await Promise.all(
    Array.from({ length: BATCH }, async (_, i) => {
      const account = accounts[(i * 7) % accounts.length];
      const pixKey = `bench-${i}@example.invalid`;
      const scope = { apiKeyId: account.api_key_id, method: "POST", path: "/bench", key: pixKey };
      const claim = await claimIdempotencyKey(scope, requestHash(pixKey));
      if (claim.kind !== "new") throw new Error(`claim ${claim.kind}`);
      return cashOutOnPool(
        { userId: account.user_id, accountId: account.id, amountCents: 1n, pixKey, pixKeyType: "EMAIL" },
        new EffectSink({ recordId: claim.recordId, token: claim.token }),
      );
    }),
  );
  pool().query = query;
  let template = JSON.stringify(items);
  items.forEach((item, c) => {
    template = template
      .replaceAll(item.change.entries[0]?.id as string, `${ID_MARK}-${c}`)
      .replaceAll(`"${item.recovery.record_id}"`, `"${RECORD_MARK}-${c}"`)
      .replaceAll(`"${item.recovery.token}"`, `"${TOKEN_MARK}-${c}"`);
  });
  return template;
}

const RECORD_MARK = "@RECORD@";
const TOKEN_MARK = "@TOKEN@";

// One call's cash-outs with fresh claims: the records are inserted as the gateway's claim does
// (in this call's transaction, a cost the same for every build), then their ids and lease tokens
// replace the marks.
const CLAIMS_SQL = `
CREATE FUNCTION bench_cash_outs(template text) RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  body text := replace(template, '${ID_MARK}', gen_random_uuid()::text);
  ids uuid[];
  tokens uuid[];
BEGIN
  WITH claimed AS (
    INSERT INTO idempotency_records (id, api_key_id, method, path, key, request_hash, state, created_at, expires_at,
                                     lease_token, lease_expires_at)
    SELECT gen_random_uuid(), (SELECT id FROM api_keys LIMIT 1), 'POST', '/bench', gen_random_uuid()::text, '',
           'in_progress', now(), now() + interval '1 day', gen_random_uuid(), now() + interval '1 minute'
      FROM generate_series(1, ${BATCH})
    RETURNING id, lease_token)
  SELECT array_agg(id), array_agg(lease_token) INTO ids, tokens FROM claimed;
  FOR n IN 0 .. ${BATCH} - 1 LOOP
    body := replace(replace(body, '"${RECORD_MARK}-' || n || '"', '"' || ids[n + 1] || '"'),
                    '"${TOKEN_MARK}-' || n || '"', '"' || tokens[n + 1] || '"');
  END LOOP;
  RETURN gateway_cash_out_many(body::jsonb);
END $$`;

const { embedded, adminUrl, urlFor } = await benchServer();
const name = `pix_bench_statement_${Date.now()}`;
const scripts = mkdtempSync(path.join(tmpdir(), "pix-bench-statement-"));

try {
  console.log(`▸ database ${name}: migrate and seed ${ACCOUNTS} funded accounts; load ${load()}`);
  await fundedMerchants({ adminUrl, urlFor }, name, ACCOUNTS, "statement");
  const { pool, closePool } = await import("../server/db/pool");
  if (process.env.BENCH_SQL) await pool().query(process.env.BENCH_SQL);
  const template = CASH_OUTS ? await cashOutTemplate() : await transferTemplate();
  await pool().query("CREATE TABLE bench_batch (template text NOT NULL)");
  await pool().query("INSERT INTO bench_batch VALUES ($1)", [template]);
  if (CASH_OUTS) await pool().query(CLAIMS_SQL);
  await closePool();
  const script = path.join(scripts, `${STATEMENT}.sql`);
  writeFileSync(
    script,
    CASH_OUTS
      ? "SELECT bench_cash_outs((SELECT template FROM bench_batch)) IS NOT NULL;\n"
      : `SELECT ${STATEMENT}(replace((SELECT template FROM bench_batch), '${ID_MARK}', gen_random_uuid()::text)::jsonb) IS NOT NULL;\n`,
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
  // Every claimed record got its recovery point: no cash-out was refused along the way.
  const unanswered = CASH_OUTS
    ? await db().idempotencyRecord.count({ where: { path: "/bench", effect: { equals: Prisma.DbNull } } })
    : 0;
  await disconnectDb();
  console.log(`ledger verify: ${report.ok ? "clean" : "FAILED"}`);
  if (unanswered > 0) console.log(`${unanswered} claimed cash-outs were not posted`);
  if (!report.ok || unanswered > 0) process.exitCode = 1;
} finally {
  rmSync(scripts, { recursive: true, force: true });
  await dropDatabase(adminUrl, name).catch(() => {});
  await embedded?.stop();
}
