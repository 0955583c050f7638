import { type ChildProcess, spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { connect } from "node:net";
import { describe, expect, it } from "vitest";
import { runDrill, stopAtEnd, stopEverything, trackProcessGroup } from "./cleanup";

const groupAlive = (pid: number) => {
  try {
    process.kill(-pid, 0);
    return true;
  } catch {
    return false;
  }
};
/** Until the group is gone (orphans are reaped by init a moment after their parent dies). */
async function groupGone(pid: number) {
  while (groupAlive(pid)) await new Promise((r) => setTimeout(r, 50));
  return true;
}
const exited = (child: ChildProcess) =>
  new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once("exit", (code, signal) => resolve({ code, signal })),
  );

function fixture(mode: string, env: Record<string, string> = {}) {
  const child = spawn(process.execPath, ["--import", "tsx", "scripts/drill/cleanup.fixture.ts", mode], {
    env: { ...process.env, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let out = "";
  child.stdout?.on("data", (chunk: Buffer) => {
    out += chunk.toString();
  });
  const started = new Promise<Record<string, unknown>>((resolve) => {
    child.stdout?.on("data", () => {
      const line = out.split("\n").find((l) => l.startsWith("{"));
      if (line) resolve(JSON.parse(line));
    });
  });
  return { child, started, output: () => out, exit: exited(child) };
}

describe("runDrill", () => {
  it("kills a started process group and runs the stops, last first, when the drill throws", async () => {
    const sleeper = spawn(process.execPath, ["-e", "setInterval(() => {}, 1 << 30)"], {
      detached: true,
      stdio: "ignore",
    });
    trackProcessGroup(sleeper);
    const order: string[] = [];
    stopAtEnd("first", () => order.push("first"));
    stopAtEnd("second", async () => order.push("second"));
    const log: string[] = [];
    let code: number | undefined;
    await runDrill(
      async () => {
        throw new Error("the drill broke");
      },
      { log: (m) => log.push(m), exit: (c) => (code = c) },
    );
    expect(await exited(sleeper)).toEqual({ code: null, signal: "SIGKILL" });
    expect({ code, order }).toEqual({ code: 1, order: ["second", "first"] });
    expect(log[0]).toMatch(/^FAILED: Error: the drill broke/);
  });

  it("exits with the drill's verdict and keeps stopping after a stop that fails", async () => {
    const log: string[] = [];
    let ran = false;
    stopAtEnd("ran", () => (ran = true));
    stopAtEnd("broken", () => {
      throw new Error("no such server");
    });
    const codes: number[] = [];
    await runDrill(async () => false, { log: (m) => log.push(m), exit: (c) => codes.push(c) });
    await runDrill(async () => true, { log: (m) => log.push(m), exit: (c) => codes.push(c) });
    expect({ codes, ran, log }).toEqual({ codes: [0, 1], ran: true, log: ["stopping broken failed: no such server"] });
  });

  it("a stop unregistered after it ran by itself is not run again", async () => {
    let runs = 0;
    const unregister = stopAtEnd("once", () => runs++);
    unregister();
    await stopEverything(() => {});
    expect(runs).toBe(0);
  });

  it("on SIGTERM, stops what the drill started and exits 143", async () => {
    const drill = fixture("hang");
    const { group } = (await drill.started) as { group: number };
    drill.child.kill("SIGTERM");
    expect(await drill.exit).toEqual({ code: 143, signal: null });
    expect(await groupGone(group)).toBe(true);
    expect(drill.output()).toContain("stopped: marker");
  }, 60_000);

  it("at its time limit, stops what the drill started and exits 1", async () => {
    const drill = fixture("hang", { DRILL_TIMEOUT_MS: "500" });
    const { group } = (await drill.started) as { group: number };
    expect(await drill.exit).toEqual({ code: 1, signal: null });
    expect(await groupGone(group)).toBe(true);
    expect(drill.output()).toContain("FAILED: timed out after 1 s (DRILL_TIMEOUT_MS)");
  }, 60_000);

  it("stops its embedded PostgreSQL when the drill throws", async () => {
    const drill = fixture("postgres");
    const { group, port, dataDir } = (await drill.started) as { group: number; port: number; dataDir: string };
    expect(await drill.exit).toEqual({ code: 1, signal: null });
    expect(await groupGone(group)).toBe(true);
    const refused = await new Promise<string>((resolve) => {
      const socket = connect(port, "127.0.0.1");
      socket.once("connect", () => {
        socket.destroy();
        resolve("accepted");
      });
      socket.once("error", (error: NodeJS.ErrnoException) => resolve(error.code ?? "error"));
    });
    expect({ refused, dataDirLeft: existsSync(dataDir) }).toEqual({ refused: "ECONNREFUSED", dataDirLeft: false });
  }, 60_000);
});
