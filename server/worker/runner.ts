/**
 * The worker: pg-boss on the platform's own PostgreSQL (docs/decisions/0003-job-queue.md).
 * Several processes can run side by side; pg-boss hands each job to one of them.
 */
import { randomUUID } from "node:crypto";
import { PgBoss } from "pg-boss";
import type { Db } from "../db/client";
import { logger } from "../logger";
import type { QueueState } from "./health";
import type { JobDefinition } from "./job";

export type Worker = { workerId: string; boss: PgBoss; stop: () => Promise<void> };

async function queueStates(boss: PgBoss, names: string[]): Promise<QueueState[]> {
  const queues = await boss.getQueues(names);
  return queues.map((q) => ({
    name: q.name,
    queued: q.queuedCount,
    active: q.activeCount,
    failed: q.failedCount,
    deferred: q.deferredCount,
  }));
}

export async function startWorker(options: {
  db: Db;
  databaseUrl: string;
  jobs: JobDefinition[];
  now?: () => Date;
}): Promise<Worker> {
  const workerId = `${process.pid}-${randomUUID().slice(0, 8)}`;
  const startedAt = new Date();
  const now = options.now ?? (() => new Date());
  const boss = new PgBoss({ connectionString: options.databaseUrl, schema: "pgboss", max: 5 });
  boss.on("error", (error) => logger().error({ err: error }, "job queue error"));
  await boss.start();

  const names = options.jobs.map((job) => job.name);
  for (const job of options.jobs) {
    await boss.createQueue(job.name);
    if (job.cron) await boss.schedule(job.name, job.cron, {}, { tz: "UTC" });
    await boss.work(job.name, async (batch) => {
      for (const item of batch) {
        const parsed = job.schema.safeParse(item.data ?? {});
        if (!parsed.success) {
          logger().error({ job: job.name, id: item.id, issues: parsed.error.issues }, "invalid job payload");
          continue; // a malformed payload will not get better on retry
        }
        await job.handler(parsed.data, {
          db: options.db,
          workerId,
          startedAt,
          now,
          queueStates: () => queueStates(boss, names),
        });
      }
    });
  }
  logger().info({ workerId, jobs: names }, "worker started");
  return {
    workerId,
    boss,
    stop: async () => {
      await boss.stop({ graceful: true, timeout: 5_000 });
      logger().info({ workerId }, "worker stopped");
    },
  };
}
