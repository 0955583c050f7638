/**
 * P1 (docs/performance.md): internal transfers over HTTP against pgbench's TPC-B (-M prepared,
 * initialised in the same run), at each level of BENCH_CONNECTIONS.
 *
 * BENCH_FEES=1 (issue 45, docs/decisions/0058-fee-rounding.md): the same transfers between
 * accounts that each have a price list (1 % + R$ 0,10 on every product) against accounts without
 * one, alternated (bench/support/priced.ts); prints "fee cost: priced/unpriced" beside P1. Internal
 * transfers are not priced by design, so this shows what a list on the account costs them (its
 * presence, no fee); the priced path with a fee is P2's (BENCH_FEES=1 npm run bench:gateway):
 *   BENCH_FEES=1 BENCH_CONNECTIONS=16,64 BENCH_SECONDS=15 npm run bench:transfers
 */
import { cpuMeter } from "./support/cpu";
import { runHttpBench } from "./support/http-bench";
import { load } from "./support/pgbench";
import {
  FEES,
  feeCostByLevel,
  feeCostText,
  feesCarried,
  merchantsFor,
  splitPriced,
  spreadText,
} from "./support/priced";
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
const COMMAND = `${FEES ? "BENCH_FEES=1 " : ""}BENCH_CONNECTIONS=${CONNECTIONS.join(",")} BENCH_SECONDS=${SECONDS} BENCH_ACCOUNTS=${ACCOUNTS} npm run bench:transfers`;

await runHttpBench(
  {
    name: "transfers",
    database: `pix_bench_${Date.now()}`,
    merchants: merchantsFor(ACCOUNTS),
    emailPrefix: "bench",
    connections: CONNECTIONS,
    seconds: SECONDS,
    settings: { seconds: SECONDS, accounts: ACCOUNTS, fees: FEES },
  },
  async ({ merchants: all, web, database, databaseUrl }) => {
    // BENCH_FEES=1: P1 and P12 run on the usual third, as without it
    const { usual: funded, unpriced, priced } = await splitPriced(all);
    const driver = transferDriver(funded);
    const drive = (connections: number, seconds: number) => driver(web.base, connections, seconds);
    const unpricedDriver = transferDriver(unpriced);
    const pricedDriver = transferDriver(priced);

    await drive(8, 3); // warm-up: JIT, pools, page cache
    if (FEES) {
      await unpricedDriver(web.base, 8, 3);
      await pricedDriver(web.base, 8, 3);
    }
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
    const fees = await feeCostByLevel(CONNECTIONS, SECONDS, "", async (set, connections, seconds) => {
      await walReading(databaseUrl, { checkpoint: true });
      const result = await (set === "priced" ? pricedDriver : unpricedDriver)(web.base, connections, seconds);
      return { rps: result.requests.average, errors: result.errors + result.non2xx };
    });
    const carried = FEES
      ? await feesCarried(databaseUrl, priced, unpriced, ["internal:transfer_out", "internal:transfer_in"])
      : null;
    if (carried && carried.priced.maxCents !== 0n) throw new Error("an internal transfer carried a fee");
    return {
      notes: carried
        ? [
            `internal transfers carry no fee by design (decision 0058): priced accounts ${spreadText(carried.priced)}; their unpriced peers ${spreadText(carried.unpriced)}`,
          ]
        : [],
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
          const fee = fees[c] ? `; ${feeCostText(fees[c])}` : "";
          return `${c === 16 ? "P1" : "ratio"} at ${c} clients = ${(rps / tps).toFixed(3)} (${Math.round(rps)} transfers/s ÷ ${Math.round(tps)} pgbench tps; load ${load()})${fee} — ${COMMAND}`;
        }),
    };
  },
);
