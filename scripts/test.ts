/**
 * The whole test suite, as a newcomer runs it (`npm test`): lint, dependency rules
 * (.dependency-cruiser*.cjs), types, unit and integration tests (vitest), the production build,
 * the short crash test (scripts/crash.ts, CRASH_ROUNDS=2) and the Playwright specs. Without
 * DATABASE_URL an embedded PostgreSQL is started for the run; every phase makes its own fresh
 * database on it.
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { type EmbeddedDatabase, freePort, startEmbeddedPostgres } from "../server/db/embedded";

const bin = (name: string) => path.resolve("node_modules/.bin", name);
process.env.NEXT_TELEMETRY_DISABLED ??= "1";
const only = process.argv[2]; // optional: "unit" | "integration" | "e2e" | "crash"

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

function step(title: string, command: string, args: string[], env: Record<string, string> = {}) {
  console.log(`\n▸ ${title}`);
  execFileSync(bin(command), args, { stdio: "inherit", env: { ...process.env, ...env } });
}

let failed = false;
try {
  if (!only) {
    step("lint (biome)", "biome", ["check", "."]);
    step("dependency rules (dependency-cruiser)", "depcruise", ["--config", ".dependency-cruiser.cjs", "."]);
    step("what components bring into the browser", "depcruise", [
      "--config",
      ".dependency-cruiser-browser.cjs",
      "components",
    ]);
    step("types (tsc)", "tsc", ["--noEmit", "-p", "."]);
  }
  if (!only || only === "unit" || only === "integration") {
    step("unit and integration tests (vitest)", "vitest", ["run", ...(only ? ["--project", only] : [])]);
  }
  if (!only || only === "e2e") step("production build (next build)", "next", ["build"]);
  if (!only || only === "crash") {
    // short form of `npm run test:crash` (real processes, kill -9, audit); uses the build when present
    step("crash test (2 rounds of kill -9)", "tsx", ["scripts/crash.ts"], {
      CRASH_ROUNDS: process.env.CRASH_ROUNDS ?? "2",
    });
  }
  if (!only || only === "e2e") step("end-to-end tests (playwright)", "playwright", ["test"]);
} catch {
  failed = true;
} finally {
  await embedded?.stop();
}
process.exit(failed ? 1 : 0);
