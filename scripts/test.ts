/**
 * The whole test suite, as a newcomer runs it (`npm test`): lint, dependency rules
 * (.dependency-cruiser*.cjs), types, unit and integration tests (vitest), the production build,
 * the short crash test (scripts/crash.ts, CRASH_ROUNDS=2), the short cluster test (scripts/cluster.ts,
 * CLUSTER_ROUNDS=2; Redis on REDIS_URL or 127.0.0.1:6379), the failover drill (scripts/failover.ts:
 * its own primary and synchronous standby, about 3 minutes) and the Playwright specs. Without
 * DATABASE_URL an embedded PostgreSQL is started for the run; every phase makes its own fresh
 * database on it.
 */
import { spawn } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { type EmbeddedDatabase, freePort, startEmbeddedPostgres } from "../server/db/embedded";

const bin = (name: string) => path.resolve("node_modules/.bin", name);
process.env.NEXT_TELEMETRY_DISABLED ??= "1";
const only = process.argv[2]; // optional: "unit" | "integration" | "e2e" | "crash" | "cluster" | "failover"

let embedded: EmbeddedDatabase | null = null;
if (!process.env.DATABASE_URL && only !== "unit") {
  embedded = await startEmbeddedPostgres({
    dataDir: mkdtempSync(path.join(tmpdir(), "pix-test-pg-")),
    port: await freePort(),
    persistent: false,
  });
  process.env.DATABASE_URL = embedded.adminUrl;
  console.log(`▸ embedded PostgreSQL for this run at ${embedded.adminUrl.replace(/:[^:@/]+@/, ":***@")}`);
}

/**
 * One phase, awaited rather than run synchronously: this process must keep reading the embedded
 * server's output meanwhile, or once the pipe fills (its log of refused statements, say) every
 * backend blocks on writing to it and the phase hangs.
 */
async function step(title: string, command: string, args: string[], env: Record<string, string> = {}) {
  console.log(`\n▸ ${title}`);
  const child = spawn(bin(command), args, { stdio: "inherit", env: { ...process.env, ...env } });
  const code = await new Promise<number | null>((resolve, reject) => {
    child.on("error", reject);
    child.on("exit", resolve);
  });
  if (code !== 0) throw new Error(`${title}: exit ${code}`);
}

let failed = false;
try {
  if (!only) {
    await step("lint (biome)", "biome", ["check", "."]);
    await step("dependency rules (dependency-cruiser)", "depcruise", ["--config", ".dependency-cruiser.cjs", "."]);
    await step("what components bring into the browser", "depcruise", [
      "--config",
      ".dependency-cruiser-browser.cjs",
      "components",
    ]);
    await step("types (tsc)", "tsc", ["--noEmit", "-p", "."]);
  }
  if (!only || only === "unit" || only === "integration") {
    await step("unit and integration tests (vitest)", "vitest", ["run", ...(only ? ["--project", only] : [])]);
  }
  if (!only || only === "e2e") await step("production build (next build)", "next", ["build"]);
  if (!only || only === "crash") {
    // short form of `npm run test:crash` (real processes, kill -9, audit); uses the build when present
    await step("crash test (2 rounds of kill -9)", "tsx", ["scripts/crash.ts"], {
      CRASH_ROUNDS: process.env.CRASH_ROUNDS ?? "2",
    });
  }
  if (!only || only === "cluster") {
    // short form of `npm run test:cluster` (2 webs and 2 workers on one PostgreSQL and Redis)
    await step("cluster test (2 webs, 2 workers, 2 rounds of kill -9)", "tsx", ["scripts/cluster.ts"], {
      CLUSTER_ROUNDS: process.env.CLUSTER_ROUNDS ?? "2",
    });
  }
  if (!only || only === "failover") {
    // `npm run test:failover`: kill -9 the primary under load, promote its synchronous standby
    await step("failover drill (primary killed, standby promoted)", "tsx", ["scripts/failover.ts"]);
  }
  if (!only || only === "e2e") await step("end-to-end tests (playwright)", "playwright", ["test"]);
} catch {
  failed = true;
} finally {
  await embedded?.stop();
}
process.exit(failed ? 1 : 0);
