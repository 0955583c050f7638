/**
 * One statement built the way the worker builds it, in a process of its own so its peak RSS is
 * the statement's: argv = accountId userId format. Prints one JSON line.
 */
import { createWriteStream } from "node:fs";
import { pipeline } from "node:stream/promises";
import { db, disconnectDb } from "../server/db/client";
import { closePool, pool } from "../server/db/pool";
import { processNextStatement } from "../server/statements/generate";
import { StatementRequestSchema } from "../server/statements/schema";
import { requestStatement } from "../server/statements/service";
import { storage } from "../server/storage";

const [accountId, userId, format] = process.argv.slice(2) as [string, string, "csv" | "pdf"];
const { extractId } = await requestStatement(db(), {
  userId,
  requestedBy: "bench",
  request: StatementRequestSchema.parse({
    accountId,
    format,
    startDate: Date.now() - 365 * 86_400_000,
    endDate: Date.now(),
  }),
});
const started = performance.now();
await processNextStatement({ db: db(), pool: pool(), workerId: "bench", now: () => new Date() }, extractId);
const seconds = (performance.now() - started) / 1000;
const statement = await db().statement.findUniqueOrThrow({ where: { id: extractId } });
if (process.env.BENCH_SAVE_DIR && statement.reportPath) {
  // Keep a copy to look at (pdftoppm -png -r 60 -f 1 -l 2 …).
  const file = await storage().get(statement.reportPath);
  if (file) await pipeline(file.stream, createWriteStream(`${process.env.BENCH_SAVE_DIR}/${statement.reportId}`));
}
console.log(
  JSON.stringify({
    format,
    status: statement.status,
    rows: statement.rowsWritten,
    seconds: Number(seconds.toFixed(2)),
    peakRssMb: Math.round(process.resourceUsage().maxRSS / 1024),
    sizeMb: Number((Number(statement.sizeBytes ?? 0) / 1048576).toFixed(2)),
  }),
);
await disconnectDb();
await closePool();
