import type { Db } from "../db/client";
import { startPollingLoop } from "../worker/loop";
import { QUEUE_RETRY_MS } from "./cash-out";
import { processQueuedPayouts } from "./queue";

/** The worker retries queued cash-outs about every 3 s (interface 6.1, pix.payout.queued). */
export const startQueuedPayoutLoop = (db: Db, intervalMs = QUEUE_RETRY_MS) =>
  startPollingLoop(
    "queued payout",
    async () => {
      await processQueuedPayouts(db);
      return false; // every pass waits the interval: a queued payout retries on a clock
    },
    intervalMs,
  );
