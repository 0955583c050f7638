import autocannon from "autocannon";
import { cpuMeter } from "./support/cpu";
import { runHttpBench } from "./support/http-bench";
import { type HttpLevel, levelColumns, levelOf } from "./support/report";
import { printStatements, resetStatements } from "./support/statements";
import { walPerUnit, walReading } from "./support/wal";

const SECONDS = Number(process.env.BENCH_SECONDS ?? 15);
const ACCOUNTS = Number(process.env.BENCH_ACCOUNTS ?? 100);
const CONNECTIONS = (process.env.BENCH_CONNECTIONS ?? "16,64").split(",").map(Number);

await runHttpBench(
  {
    name: "transfers",
    database: `pix_bench_${Date.now()}`,
    merchants: ACCOUNTS,
    emailPrefix: "bench",
    connections: CONNECTIONS,
    seconds: SECONDS,
    settings: { seconds: SECONDS, accounts: ACCOUNTS },
  },
  async ({ merchants: funded, web, databaseUrl }) => {
    const merchants = funded.map((m) => ({
      accountId: m.accountId,
      auth: `Basic ${Buffer.from(`${m.clientId}:${m.clientSecret}`).toString("base64")}`,
    }));
    const drive = (connections: number, seconds: number) =>
      autocannon({
        url: web.base,
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
    const meter = cpuMeter(() => web.cpuMicros());
    const http: Record<number, HttpLevel> = {};
    for (const connections of CONNECTIONS) {
      console.log(`▸ autocannon: ${connections} connections, ${SECONDS}s`);
      const wal = await walReading(databaseUrl, { checkpoint: true });
      await resetStatements(databaseUrl);
      const before = await meter.start();
      const result = await drive(connections, SECONDS);
      const cpu = await meter.perRequest(before, result.requests.total);
      await printStatements(databaseUrl, result.requests.total);
      http[connections] = levelOf(result, cpu, walPerUnit(wal, await walReading(databaseUrl), result.requests.total));
    }
    return {
      rows: (pgbench) =>
        CONNECTIONS.map((c) => {
          const level = http[c] as HttpLevel;
          return { connections: c, "transfers/s": Math.round(level.rps), ...levelColumns(level, pgbench[c] as number) };
        }),
    };
  },
);
