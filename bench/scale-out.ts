/**
 * `npm run bench:scale-out`: internal transfers/s at BENCH_CONNECTIONS (default 16) against one
 * production web process, then against two (each on its own port, the connections split between
 * them as a balancer would), on one database. Prints per web process, what the second one adds,
 * and how busy the machine's cores were (a machine already saturated by one process, its
 * PostgreSQL and the load generator cannot give a second process anything to run on).
 */
import os from "node:os";
import { cpuMeter, machineBusyMicros } from "./support/cpu";
import { runHttpBench } from "./support/http-bench";
import { levelOf } from "./support/report";
import { transferDriver } from "./support/transfer-load";
import { startWeb, type WebProcess } from "./support/web";

const SECONDS = Number(process.env.BENCH_SECONDS ?? 15);
const ACCOUNTS = Number(process.env.BENCH_ACCOUNTS ?? 100);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 16);
const CORES = os.cpus().length;

/** Share of all cores busy while `run` ran, in percent. */
async function busyWhile<T>(run: () => Promise<T>): Promise<{ result: T; busyPercent: number | null }> {
  const before = machineBusyMicros();
  const t0 = performance.now();
  const result = await run();
  const after = machineBusyMicros();
  const wallMicros = (performance.now() - t0) * 1000;
  const busyPercent =
    before === null || after === null ? null : Math.round((100 * (after - before)) / (wallMicros * CORES));
  return { result, busyPercent };
}

await runHttpBench(
  {
    name: "scale-out",
    database: `pix_bench_scale_${Date.now()}`,
    merchants: ACCOUNTS,
    emailPrefix: "scale",
    connections: [CONNECTIONS],
    seconds: SECONDS,
    settings: { seconds: SECONDS, accounts: ACCOUNTS, connections: CONNECTIONS, cores: CORES },
  },
  async ({ merchants, web, database }) => {
    const drive = transferDriver(merchants);
    const levels: { webs: number; rps: number; busy: number | null; level: ReturnType<typeof levelOf> }[] = [];
    const measure = async (webs: WebProcess[]) => {
      // the connections split evenly: 16 over two webs is 8 each
      const share = (i: number) => Math.floor(CONNECTIONS / webs.length) + (i < CONNECTIONS % webs.length ? 1 : 0);
      await Promise.all(webs.map((w, i) => drive(w.base, share(i), 3))); // warm-up: JIT, pools
      const meter = cpuMeter(
        async () => (await Promise.all(webs.map((w) => w.cpuMicros()))).reduce((a, b) => a + b, 0),
        database,
      );
      const before = await meter.start();
      console.log(`▸ ${webs.length} web process(es), ${CONNECTIONS} connections, ${SECONDS}s`);
      const { result: results, busyPercent } = await busyWhile(() =>
        Promise.all(webs.map((w, i) => drive(w.base, share(i), SECONDS))),
      );
      const total = results.reduce((sum, r) => sum + r.requests.total, 0);
      const cpu = await meter.perRequest(before, total);
      const merged = {
        requests: { average: results.reduce((sum, r) => sum + r.requests.average, 0) },
        latency: {
          p50: Math.max(...results.map((r) => r.latency.p50)),
          p99: Math.max(...results.map((r) => r.latency.p99)),
        },
        non2xx: results.reduce((sum, r) => sum + r.non2xx, 0),
        errors: results.reduce((sum, r) => sum + r.errors, 0),
      };
      levels.push({ webs: webs.length, rps: merged.requests.average, busy: busyPercent, level: levelOf(merged, cpu) });
    };

    await measure([web]);
    const second = await startWeb();
    try {
      await measure([web, second]);
    } finally {
      await second.stop();
    }
    const one = levels[0]?.rps ?? 0;
    const two = levels[1]?.rps ?? 0;
    const added = one > 0 ? Math.round((100 * (two - one)) / one) : 0;
    return {
      rows: (pgbench) =>
        levels.map(({ webs, rps, busy, level }) => ({
          "web processes": webs,
          connections: CONNECTIONS,
          "transfers/s": Math.round(rps),
          "per web process": Math.round(rps / webs),
          "vs 1 web": Number((rps / one).toFixed(2)),
          "p50 ms": level.p50,
          "p99 ms": level.p99,
          "non-2xx": level.non2xx,
          "web CPU ms/transfer": level.cpu.web,
          "its postgres backends ms/transfer": level.cpu.backends,
          "autocannon CPU ms/transfer": level.cpu.bench,
          [`machine busy % (${CORES} cores)`]: busy,
          "pgbench tps": Math.round(pgbench[CONNECTIONS] ?? 0),
        })),
      notes: [`the second web process adds ${added}% (the issue asks ≥ 60%); ${CORES} cores on this machine`],
    };
  },
);
