import { z } from "zod";
import { rescreenCompanies } from "../../kyb/screening";
import { logger } from "../../logger";
import { defineJob } from "../job";

/** Daily at 06:00 UTC (03:00 in São Paulo): every company screened again against the lists in force. */
export const kybRescreenJob = defineJob({
  name: "kyb.rescreen",
  cron: "0 6 * * *",
  schema: z.object({}).passthrough(),
  handler: async (_payload, { db, now }) => {
    const result = await rescreenCompanies(db, "schedule", now());
    logger().info(result, "kyb: companies screened again");
  },
});
