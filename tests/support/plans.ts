import { probePool } from "../../server/db/pool";

/**
 * The plan a statement gets on the pool that plans once per connection (server/db/pool.ts,
 * probePool: generic plans, no sequential scans), as EXPLAIN's text. `call` is EXECUTE's
 * argument list in SQL: EXECUTE is a utility statement and takes no bind parameters. `tables` are
 * analysed first: with statistics of a page or two, as in a young database, the planner prefers
 * scanning a table to probing its index.
 */
export async function genericPlanOf(
  statement: string,
  types: string[],
  call: string,
  tables: string[],
): Promise<string> {
  const client = await probePool().connect();
  try {
    await client.query(`ANALYZE ${tables.join(", ")}`);
    await client.query(`PREPARE generic_plan_probe(${types.join(", ")}) AS ${statement}`);
    const { rows } = await client.query(`EXPLAIN EXECUTE generic_plan_probe(${call})`);
    return rows.map((row) => row["QUERY PLAN"] as string).join("\n");
  } finally {
    // Only its own: the pool's client remembers which of its statements it has prepared.
    await client.query("DEALLOCATE generic_plan_probe").catch(() => {});
    client.release();
  }
}
