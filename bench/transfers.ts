import { cpuMeter } from "./support/cpu";
import { runHttpBench } from "./support/http-bench";
import { load } from "./support/pgbench";
import { type HttpLevel, levelColumns, levelOf } from "./support/report";
import { printStatements, resetStatements } from "./support/statements";
import { transferDriver } from "./support/transfer-load";
import { describeWaits, mergeWaits, waitSampler } from "./support/waits";
import { walPerUnit, walReading } from "./support/wal";

const SECONDS = Number(process.env.BENCH_SECONDS ?? 15);
const ACCOUNTS = Number(process.env.BENCH_ACCOUNTS ?? 100);
const CONNECTIONS = (process.env.BENCH_CONNECTIONS ?? "16,64").split(",").map(Number);
// BENCH_HOT=1: P12, a hot account (half of the transfers credit the first merchant) against the
// uniform load, one after the other at each level, with where the backends wait during each.
const HOT = process.env.BENCH_HOT === "1";
const COMMAND = `BENCH_CONNECTIONS=${CONNECTIONS.join(",")} BENCH_SECONDS=${SECONDS} BENCH_ACCOUNTS=${ACCOUNTS} npm run bench:transfers`;

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
  async ({ merchants: funded, web, database, databaseUrl }) => {
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
    for (const connections of HOT ? CONNECTIONS : []) {
      const sampled = waitSampler(databaseUrl, database);
      const hotDriver = transferDriver(funded, { hotShare: 0.5 });
      // uniform, hot, hot, uniform, half the level's time each: a load that drifts during the
      // level (the machine is shared) weighs on both modes alike
      const half = Math.max(Math.round(SECONDS / 2), 3);
      const rate = async (run: () => ReturnType<ReturnType<typeof transferDriver>>) => {
        await walReading(databaseUrl, { checkpoint: true });
        const { result, waits } = await sampled(run);
        return { requests: result.requests.total, errors: result.errors + result.non2xx, waits };
      };
      const both = (a: Awaited<ReturnType<typeof rate>>, b: Awaited<ReturnType<typeof rate>>) => ({
        rps: (a.requests + b.requests) / (2 * half),
        errors: a.errors + b.errors,
        waits: mergeWaits(a.waits, b.waits),
      });
      console.log(
        `▸ P12: uniform, hot, hot, uniform (half crediting one account); ${connections} connections, ${half}s each`,
      );
      const uniformFirst = await rate(() => drive(connections, half));
      const hotFirst = await rate(() => hotDriver(web.base, connections, half));
      const hot = both(hotFirst, await rate(() => hotDriver(web.base, connections, half)));
      const uniform = both(uniformFirst, await rate(() => drive(connections, half)));
      for (const line of [
        `P12 at ${connections} connections = ${(hot.rps / uniform.rps).toFixed(3)} (hot ${Math.round(hot.rps)}/s, uniform ${Math.round(uniform.rps)}/s; non-2xx + errors ${hot.errors} and ${uniform.errors}) — BENCH_HOT=1 ${process.env.BENCH_WEB_PROCESSES ? `BENCH_WEB_PROCESSES=${process.env.BENCH_WEB_PROCESSES} ` : ""}BENCH_CONNECTIONS=${CONNECTIONS.join(",")} BENCH_SECONDS=${SECONDS} npm run bench:transfers`,
        `  waits, uniform: ${describeWaits(uniform.waits)}`,
        `  waits, hot: ${describeWaits(hot.waits)}`,
      ])
        console.log(line);
    }
    return {
      rows: (pgbench) =>
        CONNECTIONS.map((c) => {
          const level = http[c] as HttpLevel;
          return { connections: c, "transfers/s": Math.round(level.rps), ...levelColumns(level, pgbench[c] as number) };
        }),
      // P1: internal transfers over HTTP ÷ pgbench's TPC-B (-M prepared, initialised in this run), same level
      summary: (pgbench) =>
        CONNECTIONS.map((c) => {
          const rps = (http[c] as HttpLevel).rps;
          const tps = pgbench[c] as number;
          return `${c === 16 ? "P1" : "ratio"} at ${c} clients = ${(rps / tps).toFixed(3)} (${Math.round(rps)} transfers/s ÷ ${Math.round(tps)} pgbench tps; load ${load()}) — ${COMMAND}`;
        }),
    };
  },
);
