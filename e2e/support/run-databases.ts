/** The e2e server's databases: serve.ts names each run's at random, beside any an earlier run left. */
import pg from "pg";

/** Each e2e database's URL on DATABASE_URL's server, the newest name first. */
export async function runDatabaseUrls(): Promise<string[]> {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) throw new Error("DATABASE_URL is not set (scripts/test.ts and the e2e command set it)");
  const server = new pg.Client({ connectionString: serverUrl });
  await server.connect();
  const { rows } = await server
    .query<{ datname: string }>("SELECT datname FROM pg_database WHERE datname LIKE 'pix_e2e_%' ORDER BY datname DESC")
    .finally(() => server.end());
  return rows.map(({ datname }) => Object.assign(new URL(serverUrl), { pathname: `/${datname}` }).toString());
}
