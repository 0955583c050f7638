/**
 * The CLI's database, opened by the first command that uses it (`--help` and a usage error need
 * none), and the one line an operator reads when there is no database to open or reach, instead
 * of a stack trace.
 */
import { config } from "../config";
import { type Db, db } from "../db/client";
import { isDatabaseUnavailable } from "../db/unavailable";

export class NoDatabaseError extends Error {}

export function openCliDb(): Db {
  if (!config().DATABASE_URL) {
    const port = process.env.EMBEDDED_PG_PORT ?? "54329"; // where `npm run dev` starts it (scripts/dev.ts)
    throw new NoDatabaseError(
      `DATABASE_URL is not set: start the embedded database with \`npm run dev\` and run the CLI with DATABASE_URL=postgresql://pix_app:pix_app_local@127.0.0.1:${port}/pix, or set DATABASE_URL to your PostgreSQL`,
    );
  }
  return db();
}

/** A client that `open`s the real one on first use; its methods run on the real one. */
export function lazyDb(open: () => Db): Db {
  let real: Db | undefined;
  return new Proxy({} as Db, {
    get(_target, property) {
      real ??= open();
      const value = Reflect.get(real, property, real);
      return typeof value === "function" ? value.bind(real) : value;
    },
  });
}

/** The line for an error that is the database missing or out of reach; null for any other error. */
export function unreachableDatabaseLine(error: unknown, url = process.env.DATABASE_URL): string | null {
  if (error instanceof NoDatabaseError) return error.message;
  if (!isDatabaseUnavailable(error)) return null;
  let where = "DATABASE_URL";
  try {
    if (url) where = new URL(url).host;
  } catch {}
  return `cannot reach the database at ${where}: start it (\`npm run dev\` starts the embedded one) or set DATABASE_URL to a running PostgreSQL`;
}
