import { z } from "zod";
import { logger } from "../../logger";
import { createDueAutoCharges } from "../../recurrences/charges/auto-create";
import { defineJob } from "../job";

/**
 * Hourly: automatic billing creates the next cycle's recurring charge (cobr) of every approved
 * recurrence billed automatically, a few days before it is due. Idempotent: a rerun or an
 * overlapping run creates each cycle's charge once (server/recurrences/charges/auto-create.ts).
 */
export const createRecurringChargesJob = defineJob({
  name: "recurring-charges.create",
  cron: "7 * * * *",
  schema: z.object({}).passthrough(),
  handler: async (_payload, { db, now }) => {
    const report = await createDueAutoCharges(db, now());
    if (Object.values(report).some((count) => count > 0)) logger().info(report, "automatic recurring charges created");
  },
});
