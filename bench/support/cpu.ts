/**
 * CPU time of every process with a given command name (e.g. all `postgres` processes, with the
 * backends that have ended), read from
 * /proc: lets a benchmark say how much of the database server's CPU one request costs, beside the
 * web process's own `process.cpuUsage()`. Linux only; elsewhere it answers null.
 */
import { readdirSync, readFileSync } from "node:fs";

const TICKS_PER_SECOND = 100; // USER_HZ on Linux

export function cpuMicrosOf(command: string, only?: (pid: string) => boolean): number | null {
  let pids: string[];
  try {
    pids = readdirSync("/proc").filter((name) => /^\d+$/.test(name));
  } catch {
    return null;
  }
  let ticks = 0;
  for (const pid of pids) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
      const open = stat.indexOf("(");
      const close = stat.lastIndexOf(")");
      if (stat.slice(open + 1, close) !== command || (only && !only(pid))) continue;
      // Fields after the command: state is field 3, utime 14, stime 15, then cutime 16 and cstime
      // 17 (1-based, man proc): the time of children that ended, so a backend whose client has
      // disconnected (pgbench's) still counts, in its postmaster.
      const fields = stat.slice(close + 2).split(" ");
      ticks += Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14]);
    } catch {
      // the process ended between the listing and the read
    }
  }
  return (ticks * 1_000_000) / TICKS_PER_SECOND;
}

/**
 * CPU time of the PostgreSQL backends connected to one database (a backend's title names its
 * database): on a server shared with other benchmarks, the part of PostgreSQL's CPU that is ours.
 * Backends that ended between two readings take their time with them.
 */
export function backendCpuMicros(database: string): number | null {
  return cpuMicrosOf("postgres", (pid) => {
    try {
      return readFileSync(`/proc/${pid}/cmdline`, "utf8").replace(/\0/g, " ").includes(` ${database} `);
    } catch {
      return false;
    }
  });
}

/** CPU time the whole machine spent busy (all cores, everything but idle and iowait). */
export function machineBusyMicros(): number | null {
  try {
    const line = readFileSync("/proc/stat", "utf8").split("\n")[0] ?? "";
    const [, ...values] = line.trim().split(/\s+/);
    const ticks = values.map(Number);
    const idle = (ticks[3] ?? 0) + (ticks[4] ?? 0);
    const total = ticks.reduce((sum, t) => sum + t, 0);
    return ((total - idle) * 1_000_000) / TICKS_PER_SECOND;
  } catch {
    return null;
  }
}

/** Reads the CPU counters a benchmark level reports, before and after it. */
export function cpuMeter(web: () => Promise<number>, database?: string) {
  const snapshot = async () => ({
    web: await web(),
    postgres: cpuMicrosOf("postgres"),
    backends: database ? backendCpuMicros(database) : null,
    bench: process.cpuUsage().user + process.cpuUsage().system,
    machine: machineBusyMicros(),
  });
  return {
    start: snapshot,
    /** Milliseconds of CPU per request in each part since `before`. */
    async perRequest(before: Awaited<ReturnType<typeof snapshot>>, requests: number) {
      const after = await snapshot();
      const per = (a: number | null, b: number | null) =>
        a === null || b === null ? null : Number(((a - b) / 1000 / Math.max(1, requests)).toFixed(3));
      return {
        web: per(after.web, before.web),
        postgres: per(after.postgres, before.postgres),
        backends: per(after.backends, before.backends),
        bench: per(after.bench, before.bench),
        machine: per(after.machine, before.machine),
      };
    },
  };
}
