import { describe, expect, it } from "vitest";
import { databaseUrl } from "../../server/config";
import { db } from "../../server/db/client";
import { workerHealth } from "../../server/worker/health";
import { JOBS } from "../../server/worker/jobs";
import { startWorker } from "../../server/worker/runner";

describe("worker", () => {
  it("runs a job from the queue and reports itself in the health view", async () => {
    expect((await workerHealth(db())).status).toMatch(/no-worker|ok|stale/);
    const worker = await startWorker({ db: db(), databaseUrl: databaseUrl(), jobs: JOBS });
    try {
      await worker.boss.send("system.heartbeat", {});
      let beat = null;
      for (let i = 0; i < 60 && !beat; i++) {
        beat = await db().workerHeartbeat.findUnique({ where: { workerId: worker.workerId } });
        if (!beat) await new Promise((resolve) => setTimeout(resolve, 250));
      }
      expect(beat).not.toBeNull();
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
