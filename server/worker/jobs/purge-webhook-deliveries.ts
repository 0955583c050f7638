import { z } from "zod";
import { logger } from "../../logger";
import { purgeAccountDeliveries } from "../../webhooks/deliver";
import { defineJob } from "../job";

/** Hourly: account-surface webhook delivery records older than the retention (7 days) are deleted. */
export const purgeWebhookDeliveriesJob = defineJob({
  name: "webhooks.purge-account-deliveries",
  cron: "17 * * * *",
  schema: z.object({}).passthrough(),
  handler: async (_payload, { db, now }) => {
    const purged = await purgeAccountDeliveries(db, now());
    if (purged > 0) logger().info({ purged }, "account-surface webhook deliveries purged");
  },
});
