import { z } from "zod";
import { purgeExpiredStatements } from "../../statements/purge";
import { defineJob } from "../job";

/** Daily: statements and their files past their retention (STATEMENT_RETENTION_DAYS, 30 by default). */
export const purgeStatementsJob = defineJob({
  name: "statements.purge",
  cron: "41 3 * * *",
  schema: z.object({}).passthrough(),
  handler: async (_payload, { db, now }) => {
    await purgeExpiredStatements(db, now());
  },
});
