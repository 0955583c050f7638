/**
 * The real processes for the crash test and the soak: a fresh database (DATABASE_URL's server,
 * or an embedded PostgreSQL; migrated by its administrator, used as pix_app when on loopback),
 * the web process (server/web/main.ts) and the worker
 * (server/worker/main.ts), each in its own process group so `kill -9` takes all of it.
 * Everything listens on 127.0.0.1, in production mode on the production build (startStack makes
 * it when missing); what is started here is stopped however the run ends (scripts/drill/cleanup.ts).
 */
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { createWriteStream, existsSync, mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { adminUrlOf, dropDatabase, ensureDatabase, freePort, startEmbeddedPostgres } from "../../server/db/embedded";
import { allowLocalAppLogin, asAppRole, isLoopback } from "../../server/db/roles";
import { OUTBOUND_REFUSED } from "../../server/webhooks/loopback-guard";
import { stopAtEnd, trackProcessGroup } from "../drill/cleanup";

export type Role = "web" | "worker";

export async function freshDatabase(prefix: string) {
  const embedded = process.env.DATABASE_URL
    ? null
    : await startEmbeddedPostgres({
        dataDir: mkdtempSync(path.join(tmpdir(), `${prefix}-pg-`)),
        port: await freePort(),
        persistent: false,
      });
  // stopped if anything below fails; `drop` stops it otherwise (scripts/drill/cleanup.ts)
  const unregisterEmbedded = embedded ? stopAtEnd("the embedded PostgreSQL", () => embedded.stop()) : () => {};
  const adminUrl = embedded?.adminUrl ?? adminUrlOf(process.env.DATABASE_URL as string);
  const name = `${prefix.replace(/\W/g, "_")}_${Date.now()}`;
  await ensureDatabase(adminUrl, name);
  const ownerUrl = Object.assign(new URL(adminUrl), { pathname: `/${name}` }).toString();
  execFileSync(path.resolve("node_modules/.bin/prisma"), ["migrate", "deploy"], {
    stdio: "ignore",
    env: { ...process.env, DATABASE_URL: ownerUrl },
  });
  // the processes (and this one's seeding) connect as the platform's role, as in production
  if (isLoopback(adminUrl)) await allowLocalAppLogin(adminUrl);
  const url = isLoopback(adminUrl) ? asAppRole(ownerUrl) : ownerUrl;
  return {
    url,
    drop: async () => {
      unregisterEmbedded();
      await dropDatabase(adminUrl, name).catch(() => {});
      await embedded?.stop();
    },
  };
}

/** The processes' settings: production mode, on the build startStack makes sure of (scripts/drill/production-build.ts). */
export function processEnvironment(databaseUrl: string, port: number, extra: Record<string, string> = {}) {
  return {
    ...process.env,
    NODE_ENV: "production",
    DATABASE_URL: databaseUrl,
    PORT: String(port),
    APP_URL: `http://127.0.0.1:${port}`,
    LOG_LEVEL: "warn",
    NEXT_TELEMETRY_DISABLED: "1",
    AUTH_SECRET: process.env.AUTH_SECRET ?? "crash-test-auth-secret-0123456789abcdef",
    API_KEY_PEPPER: process.env.API_KEY_PEPPER ?? "crash-test-api-key-pepper-0123456789abcd",
    WEBHOOK_ALLOW_PRIVATE_TARGETS: "true",
    OUTBOUND_LOOPBACK_ONLY: "true",
    ...extra,
  } as NodeJS.ProcessEnv;
}

const KILL_AFTER_MS = 15_000;

/** One of the two processes, restartable, killed with SIGKILL by its process group id. */
export class Managed {
  child: ChildProcess | null = null;
  starts = 0;
  constructor(
    readonly role: Role,
    private readonly env: NodeJS.ProcessEnv,
    private readonly logFile: string,
  ) {}

  start() {
    const entry = this.role === "web" ? "server/web/main.ts" : "server/worker/main.ts";
    const log = createWriteStream(this.logFile, { flags: "a" });
    this.child = spawn(process.execPath, ["--import", "tsx", entry], {
      env: this.env,
      detached: true,
      stdio: ["ignore", "pipe", "pipe"],
    });
    trackProcessGroup(this.child); // killed when the run ends, however it ends (scripts/drill/cleanup.ts)
    this.child.stdout?.pipe(log);
    this.child.stderr?.pipe(log);
    this.starts++;
  }

  /** What the guard against outside traffic refused in this process, from its log. */
  outboundRefusals(): string[] {
    if (!existsSync(this.logFile)) return [];
    return readFileSync(this.logFile, "utf8")
      .split("\n")
      .filter((line) => line.includes(OUTBOUND_REFUSED));
  }

  get pid(): number | undefined {
    return this.child?.pid;
  }

  get running(): boolean {
    return this.child !== null && this.child.exitCode === null && this.child.signalCode === null;
  }

  /** Resident memory of the process group's leader, in MB (Linux /proc). */
  rssMb(): number | null {
    if (!this.pid) return null;
    try {
      const status = readFileSync(`/proc/${this.pid}/status`, "utf8");
      const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1]);
      return Number.isFinite(kb) ? Math.round(kb / 1024) : null;
    } catch {
      return null;
    }
  }

  /** Signals the process group and waits for the leader to exit; SIGKILL follows a signal ignored for KILL_AFTER_MS. */
  async kill(signal: NodeJS.Signals = "SIGKILL") {
    const child = this.child;
    if (!child?.pid || !this.running) return;
    const exited = new Promise((resolve) => child.once("exit", resolve));
    const send = (to: NodeJS.Signals) => {
      try {
        process.kill(-(child.pid as number), to);
      } catch {
        child.kill(to);
      }
    };
    send(signal);
    const escalate = signal === "SIGKILL" ? undefined : setTimeout(() => send("SIGKILL"), KILL_AFTER_MS);
    await exited;
    clearTimeout(escalate);
  }
}

/** Waits for `check`; `gaveUp` gives a reason to stop waiting at once (the process died). */
export async function waitUntil(
  check: () => Promise<boolean>,
  timeoutMs: number,
  what: string,
  gaveUp: () => string | null = () => null,
) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await check().catch(() => false)) return;
    const reason = gaveUp();
    if (reason) throw new Error(`gave up waiting for ${what}: ${reason}`);
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** The web process answers (any status) on its gateway surface. */
export const webIsUp = (baseUrl: string) => () =>
  fetch(`${baseUrl}/api/external/balance`, { signal: AbortSignal.timeout(2_000) }).then((r) => r.status > 0);
