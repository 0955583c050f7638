/**
 * The frame of the HTTP write benchmarks (bench:transfers, bench:gateway): a fresh database of funded
 * merchants on the bench server and the production web process for the measurement, then pgbench on
 * the same server, `ledger verify` and the report. What it started is stopped and dropped however the
 * run ends; the process exits 1 on an error or a violated ledger invariant.
 */
import { dropDatabase } from "../../server/db/embedded";
import { type FundedMerchant, fundedMerchants } from "./funded";
import { load, pgbenchTps } from "./pgbench";
import { finishReport } from "./report";
import { benchServer } from "./server";
import { startWeb, type WebProcess } from "./web";

export type HttpBench = {
  merchants: FundedMerchant[];
  web: WebProcess;
  /** The run's database: its name and its URL, for the CPU, WAL and statement readings. */
  database: string;
  databaseUrl: string;
};

/**
 * The report of a measurement, once pgbench's tps per connection count is known; `notes`, then the
 * `summary` lines (a target's ratio with the command that measured it), print after it.
 */
export type Measured = {
  rows: (pgbenchTps: Record<number, number>) => object[];
  notes?: string[];
  summary?: (pgbenchTps: Record<number, number>) => string[];
};

export async function runHttpBench(
  options: {
    /** The report's name: bench/results/<name>-<time>.json. */
    name: string;
    database: string;
    merchants: number;
    emailPrefix: string;
    /** Settings of the web process besides bench/support/web.ts's. */
    webEnv?: Record<string, string>;
    connections: number[];
    seconds: number;
    /** What the report records besides its rows. */
    settings: object;
  },
  measure: (bench: HttpBench) => Promise<Measured>,
): Promise<never> {
  const { embedded, adminUrl, urlFor } = await benchServer();
  let web: WebProcess | null = null;
  const cleanup = async () => {
    await web?.stop();
    await dropDatabase(adminUrl, options.database).catch(() => {});
    await embedded?.stop();
  };
  try {
    console.log(`▸ database ${options.database}: migrate and seed ${options.merchants} funded merchants`);
    const bench = { adminUrl, urlFor };
    const merchants = await fundedMerchants(bench, options.database, options.merchants, options.emailPrefix);
    const { db, disconnectDb } = await import("../../server/db/client");

    console.log(`▸ production server (rate limits off); load ${load()}`);
    web = await startWeb(options.webEnv);
    const databaseUrl = urlFor(options.database);
    const measured = await measure({ merchants, web, database: options.database, databaseUrl });
    await web.stop();
    web = null;

    const loadAfterHttp = load();
    const pgbench = await pgbenchTps(adminUrl, urlFor, options.connections, options.seconds);
    const { verifyLedger } = await import("../../server/ledger/verify");
    const report = await verifyLedger(db());
    await disconnectDb();
    finishReport(options.name, measured.rows(pgbench), loadAfterHttp, report, options.settings);
    for (const note of measured.notes ?? []) console.log(note);
    for (const line of measured.summary?.(pgbench) ?? []) console.log(line);
    await cleanup();
    process.exit(report.ok ? 0 : 1);
  } catch (error) {
    console.error(error);
    await cleanup();
    process.exit(1);
  }
}
