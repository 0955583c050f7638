/**
 * The database roles (docs/decisions/0024, 0053): `pix_owner` owns the schema and runs the
 * migrations, `pix_app` is what the web process, the worker and the CLI connect as. It reads the
 * ledger's tables and writes them only through the ledger's functions.
 *
 * In production both are made once by an administrator, with their own passwords. On a
 * development or test cluster on this machine (the embedded PostgreSQL, or a server on loopback)
 * `allowLocalAppLogin` lets `pix_app` log in with a fixed password, and `asAppRole` gives the
 * URL the processes then use.
 */
import pg from "pg";

export const APP_ROLE = "pix_app";
export const OWNER_ROLE = "pix_owner";

/** pix_app's password on a cluster on this machine only; production sets its own. */
const LOCAL_APP_PASSWORD = "pix_app_local";

const LOOPBACK = new Set(["127.0.0.1", "localhost", "[::1]", "::1"]);

export const isLoopback = (url: string) => LOOPBACK.has(new URL(url).hostname);

/** The same database, connected to as pix_app with its local password. */
export function asAppRole(url: string): string {
  const parsed = new URL(url);
  parsed.username = APP_ROLE;
  parsed.password = LOCAL_APP_PASSWORD;
  return parsed.toString();
}

/**
 * Lets pix_app log in on a cluster on this machine, with its local password. The roles exist
 * once a database of the cluster was migrated (the migration `…_database_roles` makes them).
 * Refuses any other host: a well-known password is never set on a cluster elsewhere.
 */
export async function allowLocalAppLogin(adminUrl: string): Promise<void> {
  if (!isLoopback(adminUrl)) throw new Error("pix_app's local password is only set on a cluster on loopback");
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query("BEGIN");
    // Roles are the cluster's: concurrent test runs would otherwise update the same row at once.
    await client.query("SELECT pg_advisory_xact_lock(hashtext('pix_app local login'))");
    await client.query(`ALTER ROLE ${APP_ROLE} LOGIN PASSWORD '${LOCAL_APP_PASSWORD}'`);
    await client.query("COMMIT");
  } catch (error) {
    await client.query("ROLLBACK").catch(() => {});
    throw error;
  } finally {
    await client.end();
  }
}

/**
 * What is wrong with the role a process connects as, or null when it is the platform's: it must
 * not be a superuser, nor own or be able to write the ledger's tables directly.
 */
export async function roleProblem(query: (sql: string) => Promise<Record<string, unknown>[]>): Promise<string | null> {
  const [row] = await query(
    `SELECT current_user AS role, r.rolsuper AS superuser,
            has_table_privilege('ledger_postings', 'INSERT') AS writes_ledger
       FROM pg_roles r WHERE r.rolname = current_user`,
  );
  if (!row) return "the connection's role was not found";
  if (row.superuser) return `connected as ${row.role}, a superuser`;
  if (row.writes_ledger) return `connected as ${row.role}, which may write the ledger's tables directly`;
  return null;
}
