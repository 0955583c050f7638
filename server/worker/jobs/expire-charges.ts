import { z } from "zod";
import { expireDueCharges } from "../../charges/service";
import { logger } from "../../logger";
import { defineJob } from "../job";

/** Every minute (the contract allows up to 5): marks past-due charges expired, with their event. */
export const expireChargesJob = defineJob({
  name: "charges.expire",
  cron: "* * * * *",
  schema: z.object({}).passthrough(),
  handler: async (_payload, { db, now }) => {
    const expired = await expireDueCharges(db, now());
    if (expired > 0) logger().info({ expired }, "charges expired");
  },
});
