/**
 * The production web process for HTTP benchmarks (`server/web/main.ts` under Node with tsx's
 * loader, rate limits off, on the production build, made first when missing), with an IPC channel to read its CPU time (`process.cpuUsage`) and
 * to stop it cleanly. BENCH_CPU_PROF=<dir> runs it under `node --cpu-prof` (profile written on stop);
 * BENCH_WEB_PROCESSES=<n> runs n web processes on the port (WEB_PROCESSES), their CPU summed.
 */
import { type ChildProcess, spawn } from "node:child_process";
import path from "node:path";
import { ensureProductionBuild } from "../../scripts/drill/production-build";
import { freePort } from "../../server/db/embedded";

export type WebProcess = {
  base: string;
  /** CPU microseconds (user + system) the process has used so far. */
  cpuMicros: () => Promise<number>;
  stop: () => Promise<void>;
};

export const bin = (name: string) => path.resolve("node_modules/.bin", name);

/** `env` is added to (and may override) the settings below; `port` is a free one when not given. */
export async function startWeb(env: Record<string, string> = {}, port?: number): Promise<WebProcess> {
  ensureProductionBuild();
  port ??= await freePort();
  const base = `http://127.0.0.1:${port}`;
  const profile = process.env.BENCH_CPU_PROF;
  const child: ChildProcess = spawn(
    process.execPath,
    [...(profile ? ["--cpu-prof", "--cpu-prof-dir", profile] : []), "--import", "tsx", "server/web/main.ts"],
    {
      stdio: ["ignore", "ignore", "inherit", "ipc"],
      env: {
        ...process.env,
        NODE_ENV: "production",
        PORT: String(port),
        APP_URL: base,
        RATE_LIMITS_ENABLED: "false",
        AUTH_SECRET: "bench-auth-secret-0123456789abcdef0123456789",
        API_KEY_PEPPER: "dev-only-api-key-pepper-change-me-0123456789",
        DATA_ENCRYPTION_KEY: "ZGV2LW9ubHktZGF0YS1lbmNyeXB0aW9uLWtleS0zMmI=",
        WEB_PROCESSES: process.env.BENCH_WEB_PROCESSES ?? "1",
        ...env,
      },
    },
  );
  for (let i = 0; i < 240; i++) {
    if (
      await fetch(`${base}/api/health`)
        .then((r) => r.ok)
        .catch(() => false)
    )
      break;
    await new Promise((r) => setTimeout(r, 500));
  }
  const cpuMicros = () =>
    new Promise<number>((resolve) => {
      child.once("message", (message) => {
        const { cpu } = message as { cpu: NodeJS.CpuUsage };
        resolve(cpu.user + cpu.system);
      });
      child.send("cpu");
    });
  const stop = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null) return resolve();
      const timer = setTimeout(() => child.kill("SIGKILL"), 10_000);
      child.once("exit", () => {
        clearTimeout(timer);
        resolve();
      });
      child.send("exit");
    });
  return { base, cpuMicros, stop };
}
