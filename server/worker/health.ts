import type { Db } from "../db/client";

export type QueueState = { name: string; queued: number; active: number; failed: number; deferred: number };

export type WorkerHealth = {
  status: "ok" | "stale" | "no-worker";
  workers: {
    workerId: string;
    hostname: string;
    pid: number;
    startedAt: string;
    beatAt: string;
    queues: QueueState[];
  }[];
};

/** A worker is alive when its heartbeat is newer than two scheduling periods. */
export const STALE_AFTER_MS = 150_000;

export async function workerHealth(db: Db, now = new Date()): Promise<WorkerHealth> {
  const rows = await db.workerHeartbeat.findMany({ orderBy: { beatAt: "desc" }, take: 20 });
  const workers = rows.map((row) => ({
    workerId: row.workerId,
    hostname: row.hostname,
    pid: row.pid,
    startedAt: row.startedAt.toISOString(),
    beatAt: row.beatAt.toISOString(),
    queues: row.queues as QueueState[],
  }));
  const latest = rows[0];
  const status = !latest ? "no-worker" : now.getTime() - latest.beatAt.getTime() > STALE_AFTER_MS ? "stale" : "ok";
  return { status, workers };
}
