/**
 * The PostgreSQL server a benchmark runs on: DATABASE_URL's when set, otherwise an embedded one
 * started for the run (stop it with `embedded?.stop()`). `urlFor(name)` is a database on it.
 */
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { adminUrlOf, dropDatabase, freePort, startEmbeddedPostgres } from "../../server/db/embedded";
import { statementFlags } from "./statements";

export async function benchServer() {
  const embedded = process.env.DATABASE_URL
    ? null
    : await startEmbeddedPostgres({
        dataDir: mkdtempSync(path.join(tmpdir(), "pix-bench-pg-")),
        port: await freePort(),
        persistent: false,
        flags: statementFlags(),
      });
  const adminUrl = embedded?.adminUrl ?? adminUrlOf(process.env.DATABASE_URL as string);
  const urlFor = (name: string) => Object.assign(new URL(adminUrl), { pathname: `/${name}` }).toString();
  return { embedded, adminUrl, urlFor };
}

/** The end of a run: closes this process's connections, drops the run's database, stops the embedded server. */
export async function closeBench(
  bench: { adminUrl: string; embedded: Awaited<ReturnType<typeof benchServer>>["embedded"] },
  database: string,
) {
  const { disconnectDb } = await import("../../server/db/client");
  const { closePool } = await import("../../server/db/pool");
  await disconnectDb();
  await closePool();
  await dropDatabase(bench.adminUrl, database).catch(() => {});
  await bench.embedded?.stop();
}
