/**
 * Where the run's backends wait (BENCH_HOT's measurement): pg_stat_activity's wait event of every
 * backend of the database, and how many lock requests of pg_locks are not granted, sampled every
 * 20 ms while a level runs. The share of samples per wait says where a transfer's time in
 * PostgreSQL goes waiting; "active" is running on a CPU, "Lock/transactionid" is waiting for
 * another transaction's row lock (a hot account's balance row).
 */
import pg from "pg";

export type WaitSamples = { samples: number; waits: Record<string, number>; ungrantedLocks: number };

export function waitSampler(url: string, database: string) {
  return async <T>(work: () => Promise<T>): Promise<{ result: T; waits: WaitSamples }> => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    const waits: Record<string, number> = {};
    let samples = 0;
    let ungrantedLocks = 0;
    let running = true;
    const sampling = (async () => {
      while (running) {
        const { rows } = await client.query<{ wait: string; n: number; ungranted: number }>(
          `SELECT COALESCE(wait_event_type || '/' || wait_event, 'active') AS wait, count(*)::int AS n,
                  (SELECT count(*)::int FROM pg_locks l JOIN pg_stat_activity a ON a.pid = l.pid
                    WHERE NOT l.granted AND a.datname = $1) AS ungranted
             FROM pg_stat_activity
            WHERE datname = $1 AND state = 'active' AND pid <> pg_backend_pid()
            GROUP BY 1`,
          [database],
        );
        samples++;
        for (const row of rows) {
          waits[row.wait] = (waits[row.wait] ?? 0) + row.n;
          ungrantedLocks = Math.max(ungrantedLocks, row.ungranted);
        }
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    })();
    try {
      const result = await work();
      return { result, waits: { samples, waits, ungrantedLocks } };
    } finally {
      running = false;
      await sampling.catch(() => {});
      await client.end();
    }
  };
}

export function mergeWaits(a: WaitSamples, b: WaitSamples): WaitSamples {
  const waits = { ...a.waits };
  for (const [wait, n] of Object.entries(b.waits)) waits[wait] = (waits[wait] ?? 0) + n;
  return { samples: a.samples + b.samples, waits, ungrantedLocks: Math.max(a.ungrantedLocks, b.ungrantedLocks) };
}

/** "active 1.2, Client/ClientRead 0.8, …": backends per sample in each state, most first. */
export function describeWaits({ samples, waits, ungrantedLocks }: WaitSamples): string {
  const shares = Object.entries(waits)
    .sort(([, a], [, b]) => b - a)
    .map(([wait, n]) => `${wait} ${(n / Math.max(samples, 1)).toFixed(2)}`);
  return `${shares.join(", ")} (backends per sample, ${samples} samples; most ungranted locks at once: ${ungrantedLocks})`;
}
