/**
 * Threads of `bench/webhooks.ts`: role "worker" runs the outbox relay and the delivery loop as
 * `npm run worker` does (own connection pools, own event loop, like its own process); role
 * "receiver" is the merchants' endpoint, answering 204.
 */
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { parentPort, workerData } from "node:worker_threads";
import pg from "pg";

const { role } = workerData as { role: "worker" | "receiver" };
const port = parentPort;
if (!port) throw new Error("run as a worker thread of bench/webhooks.ts");

if (role === "receiver") {
  const server = createServer((req, res) => {
    req.resume();
    req.on("end", () => res.writeHead(204).end());
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  port.postMessage({ ready: true, port: (server.address() as AddressInfo).port });
  port.on("message", () => {
    server.closeAllConnections();
    server.close(() => port.postMessage({ stopped: true }));
  });
} else {
  const { createDb } = await import("../server/db/client");
  const { config, databaseUrl } = await import("../server/config");
  const { startOutboxRelay } = await import("../server/outbox/relay");
  const { startDeliveryLoop } = await import("../server/webhooks/delivery-loop");
  const { webhookFanOutHandlers } = await import("../server/webhooks/fanout");
  const { outboxHandlers } = await import("../server/worker/outbox-handlers");
  const db = createDb(databaseUrl());
  const sql = new pg.Pool({ connectionString: databaseUrl(), max: 10 });
  const relay = startOutboxRelay(
    db,
    { ...outboxHandlers(db), ...webhookFanOutHandlers(sql) },
    200,
    null,
    config().OUTBOX_RELAY_LOOPS,
  );
  const deliveries = startDeliveryLoop(sql);
  port.postMessage({ ready: true });
  port.on("message", async () => {
    await relay.stop();
    await deliveries.stop();
    await db.$disconnect();
    await sql.end();
    port.postMessage({ stopped: true });
  });
}
