/**
 * A fresh database for one test run: on DATABASE_URL's server when it is set, otherwise on an
 * embedded PostgreSQL started for the run. Migrations are applied with `prisma migrate deploy`.
 */
import { execFileSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import {
  adminUrlOf,
  dropDatabase,
  type EmbeddedDatabase,
  ensureDatabase,
  freePort,
  startEmbeddedPostgres,
} from "../../server/db/embedded";

export type RunDatabase = { url: string; release: () => Promise<void> };

export async function startServerIfNeeded(): Promise<{ adminUrl: string; embedded: EmbeddedDatabase | null }> {
  if (process.env.DATABASE_URL) return { adminUrl: adminUrlOf(process.env.DATABASE_URL), embedded: null };
  const embedded = await startEmbeddedPostgres({
    dataDir: mkdtempSync(path.join(tmpdir(), "pix-test-pg-")),
    port: await freePort(),
    persistent: false,
  });
  return { adminUrl: embedded.adminUrl, embedded };
}

export function migrate(url: string): void {
  execFileSync(path.resolve("node_modules/.bin/prisma"), ["migrate", "deploy"], {
    env: { ...process.env, DATABASE_URL: url },
    stdio: "pipe",
  });
}

export async function createRunDatabase(prefix: string): Promise<RunDatabase> {
  const { adminUrl, embedded } = await startServerIfNeeded();
  const name = `${prefix}_${Date.now()}_${randomBytes(3).toString("hex")}`;
  await ensureDatabase(adminUrl, name);
  const parsed = new URL(adminUrl);
  parsed.pathname = `/${name}`;
  const url = parsed.toString();
  migrate(url);
  return {
    url,
    release: async () => {
      await dropDatabase(adminUrl, name);
      await embedded?.stop();
    },
  };
}
