import { pool } from "../../server/db/pool";

/**
 * The plan a prepared statement gets once PostgreSQL keeps a generic one (docs/decisions/0023,
 * "A plan that a burst can flip"), as EXPLAIN's text. `call` is EXECUTE's argument list in SQL:
 * EXECUTE is a utility statement and takes no bind parameters.
 */
export async function genericPlanOf(statement: string, types: string[], call: string): Promise<string> {
  const client = await pool().connect();
  try {
    await client.query("SET plan_cache_mode = force_generic_plan");
    await client.query(`PREPARE generic_plan_probe(${types.join(", ")}) AS ${statement}`);
    const { rows } = await client.query(`EXPLAIN EXECUTE generic_plan_probe(${call})`);
    return rows.map((row) => row["QUERY PLAN"] as string).join("\n");
  } finally {
    // Only its own: the pool's client remembers which of its statements it has prepared.
    await client.query("DEALLOCATE generic_plan_probe").catch(() => {});
    await client.query("RESET plan_cache_mode").catch(() => {});
    client.release();
  }
}
