/**
 * `npm run bench:ledger` (target P5, docs/performance.md): 1,000,000 ledger entries generated in SQL
 * (bench/support/million-entries.sql), then GET /v4/i/ledger over HTTP against the production
 * server, sequentially, for every combination of the interface's filters (type, status, reason,
 * period) and pages 1–100 at limit 50 and 100; deep pages; the three lookups. The dashboard's
 * search and account filter (not on the REST surface) are timed in-process through the same
 * `listEntries`. Baseline in the same run: a `SELECT 1` round trip. Target: p95 < 50 ms.
 * Uses DATABASE_URL's server when set, otherwise an embedded PostgreSQL. BENCH_KEEP=1 keeps the
 * database (its name is printed) for EXPLAIN.
 */
import { execFileSync } from "node:child_process";
import pg from "pg";
import { dropDatabase, ensureDatabase } from "../server/db/embedded";
import { loadMillionEntries, MERCHANTS, ms, percentile } from "./support/million";
import { benchServer } from "./support/server";
import { bin, startWeb, type WebProcess } from "./support/web";

const PAGES = Number(process.env.BENCH_PAGES ?? 100);
const TARGET_MS = 50;

const { embedded, adminUrl, urlFor } = await benchServer();
let benchDb = `pix_bench_ledger_${Date.now()}`;
let web: WebProcess | null = null;
const load = () => execFileSync("uptime", { encoding: "utf8" }).trim();

async function cleanup() {
  await web?.stop();
  if (!process.env.BENCH_KEEP && !process.env.BENCH_DATABASE) await dropDatabase(adminUrl, benchDb).catch(() => {});
  await embedded?.stop();
}

type Row = { what: string; n: number; p50: number; p95: number; p99: number; max: number };
const rows: Row[] = [];
const row = (what: string, times: number[]) => {
  const r = {
    what,
    n: times.length,
    p50: percentile(times, 50),
    p95: percentile(times, 95),
    p99: percentile(times, 99),
    max: Math.max(...times),
  };
  rows.push(r);
  console.log(`  ${what.padEnd(58)} n=${r.n} p50 ${ms(r.p50)} p95 ${ms(r.p95)} p99 ${ms(r.p99)} ms`);
  return r;
};

process.env.LOG_LEVEL = "warn";
try {
  console.log(`▸ machine: ${load()} (2 cores shared with other work)`);
  const reuse = process.env.BENCH_DATABASE;
  const { createMerchant } = await import("../server/accounts/merchants");
  const { createApiKey } = await import("../server/apikeys/service");
  const { db, disconnectDb } = await import("../server/db/client");
  const merchants: { userId: string; accountId: string; clientId: string; clientSecret: string }[] = [];
  if (reuse) {
    // A database a previous run kept (BENCH_KEEP=1): a new key for its largest merchant.
    benchDb = reuse;
    process.env.DATABASE_URL = urlFor(benchDb);
    console.log(`▸ database ${benchDb}, kept by an earlier run`);
    const user = await db().user.findUniqueOrThrow({
      where: { email: "ledger-1@bench.test" },
      include: { accounts: true },
    });
    const key = await createApiKey(db(), { userId: user.id, name: "bench", ipWhitelist: ["127.0.0.1", "::1"] });
    merchants.push({ userId: user.id, accountId: user.accounts[0]?.id as string, ...key });
  } else {
    console.log(`▸ database ${benchDb}: migrate, ${MERCHANTS} merchants, 1,000,000 entries in SQL`);
    await ensureDatabase(adminUrl, benchDb);
    process.env.DATABASE_URL = urlFor(benchDb);
    execFileSync(bin("prisma"), ["migrate", "deploy"], { stdio: "ignore", env: process.env });
    for (let i = 0; i < MERCHANTS; i++) {
      merchants.push(
        await createMerchant(db(), {
          name: `Loja ${i + 1}`,
          document: "11222333000181",
          email: `ledger-${i + 1}@bench.test`,
          password: "bench-password-1",
          ipWhitelist: ["127.0.0.1", "::1"],
        }),
      );
    }
    const loaded = await loadMillionEntries(process.env.DATABASE_URL, merchants);
    console.log(`  loaded and analysed in ${(loaded / 1000).toFixed(1)} s`);
  }
  const big = merchants[0] as (typeof merchants)[number];
  const auth = `Basic ${Buffer.from(`${big.clientId}:${big.clientSecret}`).toString("base64")}`;

  web = await startWeb();
  const base = web.base;
  console.log(`▸ production server on ${base} (rate limits off)`);

  const get = async (pathAndQuery: string) => {
    const started = performance.now();
    const res = await fetch(`${base}${pathAndQuery}`, { headers: { authorization: auth } });
    const body = (await res.json()) as { data: unknown; pagination?: { totalPages: number } };
    const elapsed = performance.now() - started;
    if (res.status !== 200) throw new Error(`${pathAndQuery}: ${res.status} ${JSON.stringify(body)}`);
    return { elapsed, body };
  };

  const probe = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await probe.connect();
  const baseline: number[] = [];
  for (let i = 0; i < 1000; i++) {
    const started = performance.now();
    await probe.query("SELECT 1");
    baseline.push(performance.now() - started);
  }
  const now = Date.now();
  const period = `startDate=${now - 30 * 86_400_000}&endDate=${now}`;
  const filters: Record<string, string> = {
    // every failed entry of the generator is a credited PIX, so every combination has pages
    type: "type=credit",
    status: "status=failed",
    reason: "reason=pix_in:credited",
    period,
  };
  const names = Object.keys(filters);
  const combos = Array.from({ length: 1 << names.length }, (_, mask) => names.filter((_, bit) => mask & (1 << bit)));

  console.log("▸ warm-up");
  for (let i = 0; i < 50; i++) await get(`/v4/i/ledger?limit=100&page=${1 + (i % 20)}`);

  console.log(`▸ GET /v4/i/ledger, ${combos.length} filter combinations × limit 50/100 × pages 1–${PAGES}`);
  row("baseline: SELECT 1 round trip (pg, same server)", baseline);
  const all: number[] = [];
  for (const combo of combos) {
    for (const limit of [50, 100]) {
      const query = [...combo.map((name) => filters[name]), `limit=${limit}`].join("&");
      const times: number[] = [];
      let pages = PAGES;
      for (let page = 1; page <= pages; page++) {
        const { elapsed, body } = await get(`/v4/i/ledger?${query}&page=${page}`);
        if (page === 1) pages = Math.min(PAGES, Math.max(1, body.pagination?.totalPages ?? 1));
        times.push(elapsed);
      }
      all.push(...times);
      row(`${combo.length ? combo.join("+") : "no filter"}, limit ${limit}`, times);
    }
  }
  const overall = row("every filter combination, pages 1–100", all);

  console.log("▸ deep pages (limit 100, no filter; 600,000 entries = 6,000 pages)");
  for (const page of [500, 1000, 3000, 6000]) {
    const times: number[] = [];
    for (let i = 0; i < 10; i++) times.push((await get(`/v4/i/ledger?limit=100&page=${page}`)).elapsed);
    row(`deep page ${page} (offset ${(page - 1) * 100})`, times);
  }

  console.log("▸ lookups");
  const sample = await probe.query<{ end_to_end_id: string; external_id: string | null; entry_ref: string | null }>(
    `SELECT end_to_end_id, external_id, entry_ref FROM ledger_entries WHERE user_id = $1 ORDER BY random() LIMIT 600`,
    [big.userId],
  );
  const lookup = async (route: string, ids: string[]) => {
    const times: number[] = [];
    for (const id of ids.slice(0, 200)) times.push((await get(`/v4/i/ledger/${route}/${id}`)).elapsed);
    return times;
  };
  row(
    "by end-to-end id",
    await lookup(
      "end-to-end",
      sample.rows.map((r) => r.end_to_end_id),
    ),
  );
  row(
    "by externalId",
    await lookup(
      "external-id",
      sample.rows.flatMap((r) => r.external_id ?? []),
    ),
  );
  row(
    "by entry id (txId)",
    await lookup(
      "entry-id",
      sample.rows.flatMap((r) => r.entry_ref ?? []),
    ),
  );

  console.log("▸ the dashboard's search and account filter, in-process (`listEntries`, as tRPC ledger.list)");
  const { listEntries } = await import("../server/ledger/queries");
  const searches: Record<string, string> = {
    "search: an end-to-end id": sample.rows[0]?.end_to_end_id as string,
    "search: an amount": "R$ 1.234,56",
    "search: part of a name": "Pagador 4321",
    "search: a CPF": "000.321.337-00",
  };
  const timed = async (what: string, extra: Record<string, string>) => {
    for (let page = 1; page <= 3; page++) await listEntries(db(), big.userId, { ...extra, page, limit: 50 });
    const times: number[] = [];
    for (let page = 1; page <= 20; page++) {
      const started = performance.now();
      await listEntries(db(), big.userId, { ...extra, page, limit: 50 });
      times.push(performance.now() - started);
    }
    return row(what, times);
  };
  await timed("account filter", { accountId: big.accountId });
  for (const [what, search] of Object.entries(searches)) await timed(what, { search });
  await probe.end();
  await disconnectDb();

  // every list combination on its own, the lookups and the search; deep pages are reported apart
  const judged = rows.filter((r) => !r.what.startsWith("baseline") && !r.what.startsWith("deep page"));
  const worst = Math.max(...judged.map((r) => r.p95));
  const worstRow = judged.find((r) => r.p95 === worst);
  const base95 = percentile(baseline, 95);
  console.log("\n| measured | n | p50 ms | p95 ms | p99 ms | max ms | p95 / SELECT 1 p95 |");
  console.log("|---|---|---|---|---|---|---|");
  for (const r of rows) {
    console.log(
      `| ${r.what} | ${r.n} | ${ms(r.p50)} | ${ms(r.p95)} | ${ms(r.p99)} | ${ms(r.max)} | ${(r.p95 / base95).toFixed(0)}× |`,
    );
  }
  console.log(`\nmachine at the end: ${load()}`);
  console.log(
    `target p95 < ${TARGET_MS} ms for each combination, lookup and search (deep pages apart): worst p95 ${ms(worst)} ms (${worstRow?.what}); all together ${ms(overall.p95)} ms — ${worst < TARGET_MS ? "MET" : "NOT MET"}`,
  );
  if (process.env.BENCH_KEEP) console.log(`database kept: ${urlFor(benchDb)}`);
} finally {
  await cleanup();
}
