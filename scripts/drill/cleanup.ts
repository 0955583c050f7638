/**
 * Everything a drill (test:crash, test:cluster, test:failover, test:pitr) or the soak starts is
 * stopped however the run ends: a verdict, an exception, SIGINT/SIGTERM/SIGHUP, the drill's time
 * limit. Whoever starts something registers how to stop it (`stopAtEnd`) and every detached child
 * (its own process group: web, worker, a streaming PostgreSQL) with `trackProcessGroup`; `runDrill`
 * runs the stops last registered first, each within STOP_STEP_MS, then SIGKILLs every tracked
 * group still alive. A plain `process.exit` elsewhere still kills the tracked groups (an `exit`
 * handler cannot wait, so the asynchronous stops are skipped then).
 */
import type { ChildProcess } from "node:child_process";

type Stop = { name: string; run: () => unknown };

const STOP_STEP_MS = 30_000;
const stops: Stop[] = [];
const groups = new Set<number>();

/** Registers a stop for the end of the run; the function returned unregisters it (once it ran by itself). */
export function stopAtEnd(name: string, run: () => unknown): () => void {
  const stop = { name, run };
  stops.push(stop);
  return () => {
    const at = stops.indexOf(stop);
    if (at >= 0) stops.splice(at, 1);
  };
}

/** A child started with `detached: true` (the leader of its own process group), killed at the end if alive. */
export function trackProcessGroup(child: ChildProcess): void {
  const pid = child.pid;
  if (pid === undefined) return;
  groups.add(pid);
  installExitKill();
}

function killTrackedGroups(): void {
  for (const pid of groups) {
    try {
      process.kill(-pid, "SIGKILL");
    } catch {} // the group is gone already
  }
  groups.clear();
}

let exitKillInstalled = false;
function installExitKill() {
  if (exitKillInstalled) return;
  exitKillInstalled = true;
  process.on("exit", killTrackedGroups);
}

/** Runs every registered stop, last registered first, then kills the tracked process groups. */
export async function stopEverything(log: (message: string) => void = console.log): Promise<void> {
  for (let stop = stops.pop(); stop; stop = stops.pop()) {
    let timer: NodeJS.Timeout | undefined;
    const limit = new Promise((_, reject) => {
      timer = setTimeout(() => reject(new Error(`did not finish within ${STOP_STEP_MS / 1000} s`)), STOP_STEP_MS);
    });
    try {
      await Promise.race([Promise.resolve().then(stop.run), limit]);
    } catch (error) {
      log(`stopping ${stop.name} failed: ${(error as Error).message}`);
    } finally {
      clearTimeout(timer);
    }
  }
  killTrackedGroups();
}

const SIGNAL_CODES = { SIGINT: 130, SIGTERM: 143, SIGHUP: 129 } as const;

export type DrillOptions = {
  log?: (message: string) => void;
  /** the whole run's limit; DRILL_TIMEOUT_MS overrides it */
  timeoutMs?: number;
  /** process.exit unless told (tests) */
  exit?: (code: number) => void;
};

/**
 * Runs a drill's body (it returns whether the drill failed) and exits: 0 passed, 1 failed, threw
 * or timed out, 128 + n on signal n, always after stopping everything registered. A second signal
 * while stopping kills the tracked groups and exits at once.
 */
export async function runDrill(body: () => Promise<boolean>, options: DrillOptions = {}): Promise<void> {
  const log = options.log ?? console.log;
  const exit = options.exit ?? ((code: number) => process.exit(code));
  const timeoutMs = Number(process.env.DRILL_TIMEOUT_MS ?? options.timeoutMs ?? 3_600_000);
  let finishing: Promise<void> | null = null;
  const emitter = process as unknown as NodeJS.EventEmitter;
  const listeners: [string, (error: unknown) => void][] = [];
  const finish = (code: number, why?: string): Promise<void> => {
    finishing ??= (async () => {
      clearTimeout(timer);
      if (why) log(why);
      await stopEverything(log);
      for (const [event, listener] of listeners) emitter.off(event, listener);
      exit(code);
    })();
    return finishing;
  };
  const on = (event: string, listener: (error: unknown) => void) => {
    listeners.push([event, listener]);
    emitter.on(event, listener);
  };
  for (const [signal, code] of Object.entries(SIGNAL_CODES)) {
    on(signal, () => {
      if (finishing) {
        killTrackedGroups();
        exit(code);
      } else void finish(code, `${signal}: stopping everything the drill started`);
    });
  }
  const failure = (error: unknown) => void finish(1, `FAILED: ${(error as Error)?.stack ?? String(error)}`);
  on("uncaughtException", failure);
  on("unhandledRejection", failure);
  const timer = setTimeout(
    () => void finish(1, `FAILED: timed out after ${Math.round(timeoutMs / 1000)} s (DRILL_TIMEOUT_MS)`),
    timeoutMs,
  );
  try {
    const failed = await body();
    await finish(failed ? 1 : 0);
  } catch (error) {
    await finish(1, `FAILED: ${(error as Error)?.stack ?? String(error)}`);
  }
}
