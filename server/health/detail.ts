/**
 * What the detailed /api/health and the operator overview (/admin) show of the background work:
 * each worker's heartbeat and queue counts, and the outbox events due but not yet relayed.
 */
import type { Db } from "../db/client";
import { type WorkerHealth, workerHealth } from "../worker/health";

/** A growing `due`, or an old `oldestDueAt`, means the worker is behind or stopped. */
export type OutboxBacklog = { due: number; oldestDueAt: Date | null };

export type HealthDetail = { worker: WorkerHealth; outbox: OutboxBacklog };

export async function outboxBacklog(db: Db, now = new Date()): Promise<OutboxBacklog> {
  const [row] = await db.$queryRaw<{ due: bigint; oldest: Date | null }[]>`
    SELECT count(*) AS due, min(available_at) AS oldest
      FROM outbox_events WHERE published_at IS NULL AND available_at <= ${now}`;
  return { due: Number(row?.due ?? 0n), oldestDueAt: row?.oldest ?? null };
}

export async function healthDetail(db: Db, now = new Date()): Promise<HealthDetail> {
  const [worker, outbox] = await Promise.all([workerHealth(db, now), outboxBacklog(db, now)]);
  return { worker, outbox };
}
