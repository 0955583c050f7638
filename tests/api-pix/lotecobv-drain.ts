/** A worker process for the crash test: runs batch passes until killed (or nothing waits). */
import { processDueDateBatches } from "../../server/charges/due-date/batch-worker";
import { db } from "../../server/db/client";

while ((await processDueDateBatches(db(), { size: Number(process.env.CHUNK ?? 50) })) > 0) {}
process.exit(0);
