import { z } from "zod";
import { logger } from "../../logger";
import { settleRecurringCharges } from "../../recurrences/charges/settlement";
import { defineJob } from "../job";

/**
 * Every five minutes: schedules new recurring charges (cobr), runs the attempts due today, retries
 * or expires the failed ones. Idempotent: a pass that overlaps another, or reruns after a crash,
 * finds each step done or does it once (server/recurrences/charges/settlement.ts).
 */
export const settleRecurringChargesJob = defineJob({
  name: "recurring-charges.settle",
  cron: "*/5 * * * *",
  schema: z.object({}).passthrough(),
  handler: async (_payload, { db, now }) => {
    const report = await settleRecurringCharges(db, now());
    if (Object.values(report).some((count) => count > 0)) logger().info(report, "recurring charges settled");
  },
});
