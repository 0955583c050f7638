/**
 * pgbench's TPC-B-like transaction on the benchmark's server: the baseline every ratio is taken
 * against. It runs with `-M prepared`, the strongest form of the same transaction (the simple
 * protocol re-plans every statement and gives a baseline about a fifth weaker).
 */
import { execFileSync } from "node:child_process";
import { loadavg } from "node:os";
import { dropDatabase, ensureDatabase } from "../../server/db/embedded";
import { cpuMicrosOf, machineBusyMicros } from "./cpu";
import { walPer, walReading } from "./wal";

export async function pgbenchTps(
  adminUrl: string,
  urlFor: (name: string) => string,
  connections: number[],
  seconds: number,
): Promise<Record<number, number>> {
  const name = `pix_pgbench_${Date.now()}`;
  console.log(`▸ pgbench (TPC-B-like, -M prepared) on the same server, scale ${Math.max(...connections)}`);
  await ensureDatabase(adminUrl, name);
  try {
    execFileSync("pgbench", ["-i", "-q", "-s", String(Math.max(...connections)), urlFor(name)], { stdio: "ignore" });
    const tps: Record<number, number> = {};
    for (const c of connections) {
      const wal = await walReading(urlFor(name), { checkpoint: true });
      const before = { machine: machineBusyMicros(), postgres: cpuMicrosOf("postgres") };
      const out = execFileSync(
        "pgbench",
        ["-n", "-M", "prepared", "-c", String(c), "-j", "2", "-T", String(seconds), urlFor(name)],
        {
          encoding: "utf8",
        },
      );
      tps[c] = Number(/tps = ([\d.]+)/.exec(out)?.[1] ?? 0);
      const transactions = Number(/processed: (\d+)/.exec(out)?.[1] ?? 0);
      const per = (after: number | null, start: number | null) =>
        after === null || start === null ? "?" : ((after - start) / 1000 / Math.max(1, transactions)).toFixed(3);
      console.log(
        `  pgbench -c ${c}: ${tps[c]} tps; CPU ms per transaction: postgres ${per(cpuMicrosOf("postgres"), before.postgres)}, machine ${per(machineBusyMicros(), before.machine)}; WAL per transaction: ${walPer(wal, await walReading(urlFor(name)), transactions)}`,
      );
    }
    return tps;
  } finally {
    await dropDatabase(adminUrl, name).catch(() => {});
  }
}

/** The machine's load (1, 5, 15 min) for the report: the machine is shared. */
export const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(" ");
