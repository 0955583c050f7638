/**
 * Where PostgreSQL's time goes, statement by statement (BENCH_PG_STATEMENTS=1): the embedded
 * server is started with pg_stat_statements tracking nested statements too (the ones inside
 * ledger_post_many and the other plpgsql functions), `reset` before a measured level and `print`
 * after it. Off by default: tracking costs the server a little on every statement.
 */
import pg from "pg";

// Only on the embedded server the benchmark starts itself: a DATABASE_URL server would need the
// library preloaded in its own configuration. Decided at start, before the benchmark points
// DATABASE_URL at its own database.
const wanted = process.env.BENCH_PG_STATEMENTS === "1" && !process.env.DATABASE_URL;

export const statementFlags = () =>
  wanted
    ? [
        "-c",
        "shared_preload_libraries=pg_stat_statements",
        "-c",
        "pg_stat_statements.track=all",
        "-c",
        "pg_stat_statements.track_planning=on",
      ]
    : [];

async function withClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

export async function resetStatements(url: string): Promise<void> {
  if (!wanted) return;
  await withClient(url, async (client) => {
    await client.query("CREATE EXTENSION IF NOT EXISTS pg_stat_statements");
    await client.query("SELECT pg_stat_statements_reset()");
  });
}

/** The statements that took most of the server's time since `resetStatements`, per unit of work. */
export async function printStatements(url: string, units: number, top = 20): Promise<void> {
  if (!wanted) return;
  const { rows } = await withClient(url, (client) =>
    client.query<{
      calls: string;
      plans: string;
      total_ms: number;
      plan_ms: number;
      mean_ms: number;
      rows: string;
      toplevel: boolean;
      query: string;
    }>(
      `SELECT calls, plans, total_exec_time AS total_ms, total_plan_time AS plan_ms, mean_exec_time AS mean_ms, rows, toplevel,
              regexp_replace(query, '\\s+', ' ', 'g') AS query
         FROM pg_stat_statements
        WHERE dbid = (SELECT oid FROM pg_database WHERE datname = current_database())
        ORDER BY total_exec_time + total_plan_time DESC LIMIT $1`,
      [top],
    ),
  );
  console.table(
    rows.map((row) => ({
      "ms per unit": (row.total_ms / units).toFixed(3),
      "planning ms per unit": (row.plan_ms / units).toFixed(3),
      calls: Number(row.calls),
      plans: Number(row.plans),
      "mean ms": row.mean_ms.toFixed(3),
      rows: Number(row.rows),
      nested: !row.toplevel,
      statement: row.query.slice(0, 110),
    })),
  );
}
