/**
 * `npm run bench:transfers`: POST /v4/i/.../transfer/internal over HTTP against the production
 * build, at 16 and 64 connections across many accounts, beside pgbench's TPC-B-like transaction
 * on the same PostgreSQL server in the same run; then `ledger verify`.
 * Uses DATABASE_URL's server when set, otherwise an embedded PostgreSQL. Needs `pgbench` on PATH.
 */
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import autocannon from "autocannon";
import { dropDatabase, ensureDatabase, freePort } from "../server/db/embedded";
import { benchServer } from "./support/server";

const SECONDS = Number(process.env.BENCH_SECONDS ?? 15);
const ACCOUNTS = Number(process.env.BENCH_ACCOUNTS ?? 100);
const CONNECTIONS = [16, 64];
const bin = (name: string) => path.resolve("node_modules/.bin", name);

const { embedded, adminUrl, urlFor } = await benchServer();
const benchDb = `pix_bench_${Date.now()}`;
const pgbenchDb = `pix_pgbench_${Date.now()}`;
let server: ChildProcess | null = null;

async function cleanup() {
  server?.kill("SIGTERM");
  await dropDatabase(adminUrl, benchDb).catch(() => {});
  await dropDatabase(adminUrl, pgbenchDb).catch(() => {});
  await embedded?.stop();
}

try {
  console.log(`▸ database ${benchDb}: migrate and seed ${ACCOUNTS} funded accounts`);
  await ensureDatabase(adminUrl, benchDb);
  process.env.DATABASE_URL = urlFor(benchDb);
  process.env.LOG_LEVEL = "warn";
  execFileSync(bin("prisma"), ["migrate", "deploy"], { stdio: "ignore", env: process.env });
  const { createMerchant } = await import("../server/accounts/merchants");
  const { creditIncomingPix } = await import("../server/transfers/incoming");
  const { db, disconnectDb } = await import("../server/db/client");
  const merchants: { accountId: string; auth: string }[] = [];
  for (let i = 0; i < ACCOUNTS; i++) {
    const m = await createMerchant(db(), {
      name: `Bench ${i}`,
      document: "11222333000181",
      email: `bench-${i}@bench.test`,
      password: "bench-password-1",
      ipWhitelist: ["127.0.0.1", "::1"],
    });
    await creditIncomingPix(db(), { userId: m.userId, accountId: m.accountId, amountCents: 100_000_000n });
    merchants.push({
      accountId: m.accountId,
      auth: `Basic ${Buffer.from(`${m.clientId}:${m.clientSecret}`).toString("base64")}`,
    });
  }

  if (!existsSync(".next/BUILD_ID")) {
    console.log("▸ next build");
    execFileSync(bin("next"), ["build"], { stdio: "inherit" });
  }
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  console.log(`▸ production server on ${base} (rate limits off)`);
  server = spawn(bin("tsx"), ["server/web/main.ts"], {
    stdio: "ignore",
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      APP_URL: base,
      RATE_LIMITS_ENABLED: "false",
      AUTH_SECRET: "bench-auth-secret-0123456789abcdef0123456789",
      API_KEY_PEPPER: "dev-only-api-key-pepper-change-me-0123456789",
      DATA_ENCRYPTION_KEY: "ZGV2LW9ubHktZGF0YS1lbmNyeXB0aW9uLWtleS0zMmI=",
    },
  });
  for (let i = 0; i < 240; i++) {
    if (
      await fetch(`${base}/api/health`)
        .then((r) => r.ok)
        .catch(() => false)
    )
      break;
    await new Promise((r) => setTimeout(r, 500));
  }

  const drive = (connections: number, seconds: number) =>
    autocannon({
      url: base,
      connections,
      duration: seconds,
      requests: [
        {
          method: "POST",
          setupRequest: (request) => {
            const from = merchants[Math.floor(Math.random() * merchants.length)] as (typeof merchants)[number];
            let to = from;
            while (to === from)
              to = merchants[Math.floor(Math.random() * merchants.length)] as (typeof merchants)[number];
            return {
              ...request,
              path: `/v4/i/bank-accounts/${from.accountId}/transfer/internal`,
              headers: { authorization: from.auth, "content-type": "application/json" },
              body: JSON.stringify({ amount: 0.01, receiverBankAccount: to.accountId }),
            };
          },
        },
      ],
    });

  await drive(8, 3); // warm-up: JIT, pools, page cache
  const http: Record<number, { rps: number; p50: number; p99: number; non2xx: number; errors: number }> = {};
  for (const connections of CONNECTIONS) {
    console.log(`▸ autocannon: ${connections} connections, ${SECONDS}s`);
    const result = await drive(connections, SECONDS);
    http[connections] = {
      rps: result.requests.average,
      p50: result.latency.p50,
      p99: result.latency.p99,
      non2xx: result.non2xx,
      errors: result.errors,
    };
  }
  server.kill("SIGTERM");
  server = null;

  console.log(`▸ pgbench (TPC-B-like) on the same server, scale ${Math.max(...CONNECTIONS)}`);
  await ensureDatabase(adminUrl, pgbenchDb);
  execFileSync("pgbench", ["-i", "-q", "-s", String(Math.max(...CONNECTIONS)), urlFor(pgbenchDb)], { stdio: "ignore" });
  const pgbench: Record<number, number> = {};
  for (const connections of CONNECTIONS) {
    const out = execFileSync(
      "pgbench",
      ["-n", "-c", String(connections), "-j", "2", "-T", String(SECONDS), urlFor(pgbenchDb)],
      { encoding: "utf8" },
    );
    pgbench[connections] = Number(/tps = ([\d.]+)/.exec(out)?.[1] ?? 0);
  }

  const { verifyLedger } = await import("../server/ledger/verify");
  const report = await verifyLedger(db());
  await disconnectDb();

  const rows = CONNECTIONS.map((c) => {
    const h = http[c] as (typeof http)[number];
    const tps = pgbench[c] as number;
    return {
      connections: c,
      "transfers/s": Math.round(h.rps),
      "p50 ms": h.p50,
      "p99 ms": h.p99,
      "non-2xx": h.non2xx,
      errors: h.errors,
      "pgbench tps": Math.round(tps),
      ratio: Number((h.rps / tps).toFixed(3)),
    };
  });
  console.table(rows);
  console.log(
    `ledger verify: ${report.ok ? "clean" : `${report.violations.length} violation(s)`} (${report.checked.entries} entries)`,
  );
  mkdirSync("bench/results", { recursive: true });
  const file = `bench/results/transfers-${new Date().toISOString().replace(/[:.]/g, "-")}.json`;
  writeFileSync(file, `${JSON.stringify({ seconds: SECONDS, accounts: ACCOUNTS, rows, verify: report }, null, 2)}\n`);
  console.log(`results in ${file}`);
  await cleanup();
  process.exit(report.ok ? 0 : 1);
} catch (error) {
  console.error(error);
  await cleanup();
  process.exit(1);
}
