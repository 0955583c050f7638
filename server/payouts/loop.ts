import type { Db } from "../db/client";
import { logger } from "../logger";
import { QUEUE_RETRY_MS } from "./cash-out";
import { processQueuedPayouts } from "./queue";

/** The worker retries queued cash-outs about every 3 s (interface 6.1, pix.payout.queued). */
export function startQueuedPayoutLoop(db: Db, intervalMs = QUEUE_RETRY_MS) {
  let running = true;
  const loop = (async () => {
    while (running) {
      try {
        await processQueuedPayouts(db);
      } catch (error) {
        logger().error({ err: error }, "queued payout pass failed");
      }
      await new Promise((resolve) => setTimeout(resolve, intervalMs));
    }
  })();
  return {
    stop: async () => {
      running = false;
      await loop;
    },
  };
}
