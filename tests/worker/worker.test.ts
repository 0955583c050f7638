import { describe, expect, it, vi } from "vitest";
import { databaseUrl } from "../../server/config";
import { db } from "../../server/db/client";
import { workerHealth } from "../../server/worker/health";
import { JOBS } from "../../server/worker/jobs";
import { startWorker } from "../../server/worker/runner";

describe("worker", () => {
  it("runs a job from the queue and reports itself in the health view", async () => {
    // this test is the only writer of heartbeats: start from none
    await db().workerHeartbeat.deleteMany();
    expect(await workerHealth(db())).toEqual({ status: "no-worker", workers: [] });
    const worker = await startWorker({ db: db(), databaseUrl: databaseUrl(), jobs: JOBS });
    try {
      await worker.boss.send("system.heartbeat", {});
      const beat = await vi.waitFor(
        async () => {
          const row = await db().workerHeartbeat.findUnique({ where: { workerId: worker.workerId } });
          if (!row) throw new Error("no heartbeat yet");
          return row;
        },
        { timeout: 15_000, interval: 250 },
      );
      const names = ((beat?.queues ?? []) as { name: string }[]).map((q) => q.name);
      expect(names).toEqual(expect.arrayContaining(["system.heartbeat", "charges.expire"]));
      const health = await workerHealth(db());
      expect(health.status).toBe("ok");
      expect(health.workers.map((w) => w.workerId)).toContain(worker.workerId);
      expect(await workerHealth(db(), new Date(Date.now() + 10 * 60_000))).toMatchObject({ status: "stale" });
    } finally {
      await worker.stop();
    }
  }, 60_000);
});
