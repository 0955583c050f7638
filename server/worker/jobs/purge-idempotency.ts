import { z } from "zod";
import { purgeExpiredIdempotencyKeys } from "../../idempotency/claim";
import { defineJob } from "../job";

/** Hourly: gateway Idempotency-Key records older than their 24 hours. */
export const purgeIdempotencyJob = defineJob({
  name: "gateway.purge-idempotency",
  cron: "17 * * * *",
  schema: z.object({}).passthrough(),
  handler: async (_payload, { db, now }) => {
    await purgeExpiredIdempotencyKeys(db, now());
  },
});
