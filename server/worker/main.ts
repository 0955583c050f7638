import { databaseUrl } from "../config";
import { db, disconnectDb } from "../db/client";
import { logger } from "../logger";
import { startOutboxRelay } from "../outbox/relay";
import { pixRail } from "../pix/sandbox-rail";
import { JOBS } from "./jobs";
import { outboxHandlers } from "./outbox-handlers";
import { startWorker } from "./runner";

const worker = await startWorker({ db: db(), databaseUrl: databaseUrl(), jobs: JOBS });
// Run one heartbeat at start so the health view is green without waiting for the first minute.
await worker.boss.send("system.heartbeat", {});
const relay = startOutboxRelay(db(), outboxHandlers(db(), pixRail()));

let stopping = false;
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  logger().info({ signal }, "worker shutting down");
  await relay.stop();
  await worker.stop();
  await disconnectDb();
  process.exit(0);
}
process.on("SIGINT", () => void shutdown("SIGINT"));
process.on("SIGTERM", () => void shutdown("SIGTERM"));
