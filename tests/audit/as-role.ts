import type pg from "pg";

/** Runs `sql` on `client` as `role` (SET LOCAL ROLE inside a transaction that is rolled back); null: as the client's own role. */
export async function asRole(client: pg.Client, role: string | null, sql: string, values: unknown[] = []) {
  await client.query("BEGIN");
  try {
    if (role) await client.query(`SET LOCAL ROLE ${role}`);
    return await client.query(sql, values);
  } finally {
    await client.query("ROLLBACK");
  }
}
