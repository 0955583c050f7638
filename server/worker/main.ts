import { startDueDateBatchLoop } from "../charges/due-date/batch-worker";
import { config, databaseUrl } from "../config";
import { db, disconnectDb } from "../db/client";
import { closePool, pool } from "../db/pool";
import { checkPlatformRole } from "../db/role-check";
import { logger } from "../logger";
import { startOutboxRelay } from "../outbox/relay";
import { startQueuedPayoutLoop } from "../payouts/loop";
import { startKeyRegistrationLoop } from "../pix/keys/directory";
import { startStreamReader } from "../pix/network/stream-reader";
import { closeTransport } from "../pix/network/transport";
import { startStatementLoop } from "../statements/generate";
import { startDeliveryLoop } from "../webhooks/delivery-loop";
import { JOBS } from "./jobs";
import { outboxHandlers } from "./outbox-handlers";
import { startWorker } from "./runner";

await checkPlatformRole("worker");
const worker = await startWorker({ db: db(), databaseUrl: databaseUrl(), jobs: JOBS });
// Run one heartbeat at start so the health view is green without waiting for the first minute.
await worker.boss.send("system.heartbeat", {});
const relay = startOutboxRelay(db(), outboxHandlers(db()), 200, null, config().OUTBOX_RELAY_LOOPS);
const deliveries = startDeliveryLoop();
const queuedPayouts = startQueuedPayoutLoop(db());
const statements = startStatementLoop({ db: db(), pool: pool(), workerId: worker.workerId });
const dueDateBatches = startDueDateBatchLoop(db());
const keyRegistrations = startKeyRegistrationLoop(db());
// PIX_RAIL=network: the SPI's messages to this institution are read here (docs/pix-network.md §2)
const spiReader = config().PIX_RAIL === "network" ? startStreamReader(db()) : null;

let stopping = false;
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  logger().info({ signal }, "worker shutting down");
  await spiReader?.stop();
  await relay.stop();
  closeTransport();
  await queuedPayouts.stop();
  await statements.stop();
  await dueDateBatches.stop();
  await keyRegistrations.stop();
  await deliveries.stop();
  await worker.stop();
  await disconnectDb();
  await closePool();
  process.exit(0);
}
process.on("SIGINT", () => void shutdown("SIGINT"));
process.on("SIGTERM", () => void shutdown("SIGTERM"));
