/** What the HTTP write benchmarks print and keep: their table's columns, `ledger verify`, the JSON file. */
import { mkdirSync, writeFileSync } from "node:fs";
import type { verifyLedger } from "../../server/ledger/verify";
import type { cpuMeter } from "./cpu";
import { load } from "./pgbench";
import type { WalReading } from "./wal";

export type HttpLevel = {
  rps: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
  cpu: Awaited<ReturnType<ReturnType<typeof cpuMeter>["perRequest"]>>;
  /** WAL written per request (bench/support/wal.ts), server-wide. */
  wal: WalReading | null;
};

/** One level's columns after its rate column, against pgbench's tps in the same run. */
export function levelColumns(level: HttpLevel, pgbenchTps: number) {
  return {
    "p50 ms": level.p50,
    "p99 ms": level.p99,
    "non-2xx": level.non2xx,
    errors: level.errors,
    "server CPU ms/req": level.cpu.web,
    "postgres CPU ms/req": level.cpu.postgres,
    ...(level.cpu.backends === null ? {} : { "its backends ms/req": level.cpu.backends }),
    "autocannon CPU ms/req": level.cpu.bench,
    "machine CPU ms/req": level.cpu.machine,
    "WAL B/req": level.wal && Math.round(level.wal.bytes),
    "pgbench tps": Math.round(pgbenchTps),
    ratio: Number((level.rps / pgbenchTps).toFixed(3)),
  };
}

/** Prints the table, the load and `ledger verify`, and keeps it all in bench/results/<name>-<time>.json. */
export function finishReport(
  name: string,
  rows: object[],
  loadAfterHttp: string,
  verify: Awaited<ReturnType<typeof verifyLedger>>,
  settings: object,
): void {
  console.table(rows);
  console.log(`load average after HTTP: ${loadAfterHttp}; now: ${load()}`);
  console.log(
    `ledger verify: ${verify.ok ? "clean" : `${verify.violations.length} violation(s)`} (${verify.checked.entries} entries)`,
  );
  mkdirSync("bench/results", { recursive: true });
  const file = `bench/results/${name}-${new Date().toISOString().replace(/[:.]/g, "-")}.json`;
  const json = JSON.stringify({ ...settings, load: loadAfterHttp, rows, verify }, bigintAsString, 2);
  writeFileSync(file, `${json}\n`);
  console.log(`results in ${file}`);
}

// `ledger verify`'s books are bigint centavos.
const bigintAsString = (_key: string, value: unknown) => (typeof value === "bigint" ? value.toString() : value);

/** A level's figures from autocannon's result and the CPU meter's reading. */
export const levelOf = (
  result: { requests: { average: number }; latency: { p50: number; p99: number }; non2xx: number; errors: number },
  cpu: HttpLevel["cpu"],
  wal: WalReading | null = null,
): HttpLevel => ({
  rps: result.requests.average,
  p50: result.latency.p50,
  p99: result.latency.p99,
  non2xx: result.non2xx,
  errors: result.errors,
  cpu,
  wal,
});
