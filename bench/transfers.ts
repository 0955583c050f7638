import { mkdirSync, writeFileSync } from "node:fs";
import autocannon from "autocannon";
import { dropDatabase } from "../server/db/embedded";
import { cpuMeter } from "./support/cpu";
import { fundedMerchants } from "./support/funded";
import { load, pgbenchTps } from "./support/pgbench";
import { benchServer } from "./support/server";
import { startWeb, type WebProcess } from "./support/web";

const SECONDS = Number(process.env.BENCH_SECONDS ?? 15);
const ACCOUNTS = Number(process.env.BENCH_ACCOUNTS ?? 100);
const CONNECTIONS = (process.env.BENCH_CONNECTIONS ?? "16,64").split(",").map(Number);

const { embedded, adminUrl, urlFor } = await benchServer();
const benchDb = `pix_bench_${Date.now()}`;
let web: WebProcess | null = null;

async function cleanup() {
  await web?.stop();
  await dropDatabase(adminUrl, benchDb).catch(() => {});
  await embedded?.stop();
}

try {
  console.log(`▸ database ${benchDb}: migrate and seed ${ACCOUNTS} funded accounts`);
  const merchants = (await fundedMerchants({ adminUrl, urlFor }, benchDb, ACCOUNTS, "bench")).map((m) => ({
    accountId: m.accountId,
    auth: `Basic ${Buffer.from(`${m.clientId}:${m.clientSecret}`).toString("base64")}`,
  }));
  const { db, disconnectDb } = await import("../server/db/client");

  console.log(`▸ production server (rate limits off); load ${load()}`);
  web = await startWeb();
  const base = web.base;

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
  const meter = cpuMeter(() => (web as WebProcess).cpuMicros());
  type Level = { rps: number; p50: number; p99: number; non2xx: number; errors: number };
  const http: Record<number, Level & { cpu: Awaited<ReturnType<typeof meter.perRequest>> }> = {};
  for (const connections of CONNECTIONS) {
    console.log(`▸ autocannon: ${connections} connections, ${SECONDS}s`);
    const before = await meter.start();
    const result = await drive(connections, SECONDS);
    http[connections] = {
      cpu: await meter.perRequest(before, result.requests.total),
      rps: result.requests.average,
      p50: result.latency.p50,
      p99: result.latency.p99,
      non2xx: result.non2xx,
      errors: result.errors,
    };
  }
  await web.stop();
  web = null;

  const loadAfterHttp = load();
  const pgbench = await pgbenchTps(adminUrl, urlFor, CONNECTIONS, SECONDS);
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
      "server CPU ms/req": h.cpu.web,
      "postgres CPU ms/req": h.cpu.postgres,
      "autocannon CPU ms/req": h.cpu.bench,
      "machine CPU ms/req": h.cpu.machine,
      "pgbench tps": Math.round(tps),
      ratio: Number((h.rps / tps).toFixed(3)),
    };
  });
  console.table(rows);
  console.log(`load average after HTTP: ${loadAfterHttp}; now: ${load()}`);
  console.log(
    `ledger verify: ${report.ok ? "clean" : `${report.violations.length} violation(s)`} (${report.checked.entries} entries)`,
  );
  mkdirSync("bench/results", { recursive: true });
  const file = `bench/results/transfers-${new Date().toISOString().replace(/[:.]/g, "-")}.json`;
  writeFileSync(
    file,
    `${JSON.stringify({ seconds: SECONDS, accounts: ACCOUNTS, load: loadAfterHttp, rows, verify: report }, null, 2)}\n`,
  );
  console.log(`results in ${file}`);
  await cleanup();
  process.exit(report.ok ? 0 : 1);
} catch (error) {
  console.error(error);
  await cleanup();
  process.exit(1);
}
