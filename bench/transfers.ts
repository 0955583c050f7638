import { cpuMeter } from "./support/cpu";
import { runHttpBench } from "./support/http-bench";
import { type HttpLevel, levelColumns, levelOf } from "./support/report";
import { printStatements, resetStatements } from "./support/statements";
import { transferDriver } from "./support/transfer-load";
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
    const driver = transferDriver(funded);
    const drive = (connections: number, seconds: number) => driver(web.base, connections, seconds);

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
