/**
 * A drill for cleanup.test.ts: starts a detached process group (and, with `postgres`, an embedded
 * PostgreSQL), prints what it started as one JSON line, then throws (`throw`, `postgres`) or waits
 * to be stopped by a signal or its time limit (`hang`).
 */
import { spawn } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { freePort, startEmbeddedPostgres } from "../../server/db/embedded";
import { runDrill, stopAtEnd, trackProcessGroup } from "./cleanup";

const mode = process.argv[2];
await runDrill(async () => {
  const child = spawn(process.execPath, ["-e", "setInterval(() => {}, 1 << 30)"], { detached: true, stdio: "ignore" });
  trackProcessGroup(child);
  const started: Record<string, unknown> = { group: child.pid };
  if (mode === "postgres") {
    const dataDir = mkdtempSync(path.join(tmpdir(), "pix-cleanup-pg-"));
    const port = await freePort();
    const embedded = await startEmbeddedPostgres({ dataDir, port, persistent: false });
    stopAtEnd("embedded PostgreSQL", embedded.stop);
    Object.assign(started, { port, dataDir });
  }
  stopAtEnd("marker", () => console.log("stopped: marker"));
  console.log(JSON.stringify(started));
  if (mode === "hang") await new Promise(() => setInterval(() => {}, 1 << 30));
  throw new Error("the drill broke");
});
