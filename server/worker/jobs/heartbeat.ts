import { hostname } from "node:os";
import { z } from "zod";
import type { QueueState } from "../health";
import { defineJob } from "../job";

/** Runs every minute: proves the scheduling loop and publishes the queue's state for the health view. */
export const heartbeatJob = defineJob({
  name: "system.heartbeat",
  cron: "* * * * *",
  schema: z.object({}).passthrough(),
  handler: async (_payload, { db, workerId, startedAt, now, queueStates }) => {
    const queues: QueueState[] = await queueStates();
    const beatAt = now();
    await db.workerHeartbeat.upsert({
      where: { workerId },
      create: { workerId, hostname: hostname(), pid: process.pid, startedAt, beatAt, queues },
      update: { beatAt, queues },
    });
  },
});
