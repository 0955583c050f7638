import autocannon from "autocannon";
import { dropDatabase } from "../server/db/embedded";
import { cpuMeter } from "./support/cpu";
import { fundedMerchants } from "./support/funded";
import { load, pgbenchTps } from "./support/pgbench";
import { finishReport, type HttpLevel, levelColumns, levelOf } from "./support/report";
import { benchServer } from "./support/server";
import { printStatements, resetStatements } from "./support/statements";
import { walPerUnit, walReading } from "./support/wal";
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
  const http: Record<number, HttpLevel> = {};
  for (const connections of CONNECTIONS) {
    console.log(`▸ autocannon: ${connections} connections, ${SECONDS}s`);
    const wal = await walReading(urlFor(benchDb), { checkpoint: true });
    await resetStatements(urlFor(benchDb));
    const before = await meter.start();
    const result = await drive(connections, SECONDS);
    const cpu = await meter.perRequest(before, result.requests.total);
    await printStatements(urlFor(benchDb), result.requests.total);
    http[connections] = levelOf(result, cpu, walPerUnit(wal, await walReading(urlFor(benchDb)), result.requests.total));
  }
  await web.stop();
  web = null;

  const loadAfterHttp = load();
  const pgbench = await pgbenchTps(adminUrl, urlFor, CONNECTIONS, SECONDS);
  const { verifyLedger } = await import("../server/ledger/verify");
  const report = await verifyLedger(db());
  await disconnectDb();

  const rows = CONNECTIONS.map((c) => {
    const level = http[c] as HttpLevel;
    return { connections: c, "transfers/s": Math.round(level.rps), ...levelColumns(level, pgbench[c] as number) };
  });
  finishReport("transfers", rows, loadAfterHttp, report, { seconds: SECONDS, accounts: ACCOUNTS });
  await cleanup();
  process.exit(report.ok ? 0 : 1);
} catch (error) {
  console.error(error);
  await cleanup();
  process.exit(1);
}
