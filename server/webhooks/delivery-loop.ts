/**
 * The worker's delivery loop (started by server/worker/main.ts): keeps up to `concurrency`
 * attempts in flight, claims more as slots free up, and otherwise sleeps until the fan-out in
 * this process wakes it, a slot frees, or the poll interval passes (other processes' events).
 */
import { config } from "../config";
import { logger } from "../logger";
import { attemptAll, type Claimed, claimDueDeliveries, type DeliveryOptions, defaultTransport } from "./deliver";
import { onWake } from "./deliver-signal";
import { defaultSql, type Sql } from "./sql";

export function startDeliveryLoop(sql: Sql = defaultSql(), options: DeliveryOptions & { pollMs?: number } = {}) {
  const now = options.now ?? (() => new Date());
  const transport = options.transport ?? defaultTransport();
  const concurrency = options.concurrency ?? config().WEBHOOK_DELIVERY_CONCURRENCY;
  const pollMs = options.pollMs ?? config().WEBHOOK_DELIVERY_POLL_MS;
  let running = true;
  let inFlight = 0;
  let woken = false;
  let wake: (() => void) | null = null;
  const nudge = () => {
    woken = true;
    wake?.();
  };
  const unsubscribe = onWake(nudge);
  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      if (woken || !running) return resolve();
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        wake = null;
        resolve();
      }
      wake = done;
    });

  const loop = (async () => {
    while (running) {
      woken = false;
      const free = concurrency - inFlight;
      let claimed: Claimed[] = [];
      if (free > 0) {
        try {
          claimed = await claimDueDeliveries(sql, {
            now: now(),
            limit: free,
            ...(options.leaseMs !== undefined ? { leaseMs: options.leaseMs } : {}),
            ...(options.userIds ? { userIds: options.userIds } : {}),
          });
        } catch (error) {
          logger().error({ err: error }, "webhook claim failed");
        }
      }
      if (claimed.length > 0) {
        inFlight += claimed.length;
        for (const attempt of attemptAll(sql, claimed, { now, transport })) {
          void attempt.finally(() => {
            inFlight -= 1;
            nudge();
          });
        }
        if (claimed.length === free) continue; // maybe more is due: claim again when a slot frees
      }
      // Full: a finishing attempt wakes us. Idle: the fan-out, or the poll.
      await sleep(free > 0 ? pollMs : 1000);
    }
    while (inFlight > 0) await new Promise((resolve) => setTimeout(resolve, 20));
  })();

  return {
    stop: async () => {
      running = false;
      unsubscribe();
      wake?.();
      await loop;
    },
  };
}
