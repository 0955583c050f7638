/**
 * The server Playwright talks to: a fresh database for the run (migrated, demo data seeded)
 * and the production build behind our web server. Dropped again when Playwright stops it.
 * It is a PSP on the project's PIX network simulator (PIX_RAIL=network, support/network.ts),
 * reading the SPI's messages as the worker does; E2E_RAIL=sandbox puts it on the in-process rail.
 */
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { createRunDatabase } from "../../tests/support/database";
import { e2eRail, type LoopbackNetwork, startLoopbackNetwork } from "./network";

const database = await createRunDatabase("pix_e2e");
let network: LoopbackNetwork | null = null;
async function stopNetwork() {
  await network?.stop();
  network = null;
}
// Whatever way this process ends, the simulator in it ends too; a failed start drops the database.
try {
  network = e2eRail() === "network" ? await startLoopbackNetwork(process.env.PORT ?? "3210") : null;
} catch (error) {
  await database.release();
  throw error;
}
const { NETWORK_CONTROL_URL: networkControlUrl, ...networkEnvironment } = network?.environment ?? {};
Object.assign(process.env, {
  DATABASE_URL: database.url,
  NODE_ENV: "production",
  AUTH_SECRET: "e2e-auth-secret-0123456789abcdef0123456789",
  API_KEY_PEPPER: "e2e-api-key-pepper-0123456789abcdef012345",
  DATA_ENCRYPTION_KEY: Buffer.alloc(32, 7).toString("base64"),
  // Several logins per spec, all from 127.0.0.1.
  LOGIN_FAILURES_PER_ADDRESS_PER_MINUTE: "100",
  WEBHOOK_ALLOW_PRIVATE_TARGETS: "true",
  OUTBOUND_LOOPBACK_ONLY: "true",
  PIX_RAIL: "sandbox",
  // The specs send up to R$ 10.000,01 at any hour; the night-time limits (20:00–06:00 São Paulo)
  // would refuse those after 20:00, so here the defaults are the daytime ones; an account's own limits still apply.
  PIX_LIMIT_NIGHTLY_PER_TRANSACTION_CENTS: "10000000",
  PIX_LIMIT_NIGHTLY_CENTS: "20000000",
  ...networkEnvironment,
});

if (!existsSync(".next/BUILD_ID")) execFileSync("node_modules/.bin/next", ["build"], { stdio: "inherit" });

const { seedDemo } = await import("../../prisma/seed");
const { db } = await import("../../server/db/client");
const demo = await seedDemo(db());
// As `npm run dev`: the demo's opening balance is written before the network's control URL is set.
if (networkControlUrl) {
  process.env.NETWORK_CONTROL_URL = networkControlUrl;
  const { resetConfigForTests } = await import("../../server/config");
  resetConfigForTests();
}
// On the network, as the worker: the SPI's messages to this institution are read, the seed's keys registered.
const { startStreamReader } = await import("../../server/pix/network/stream-reader");
const { startKeyRegistrationLoop } = await import("../../server/pix/keys/directory");
const { closeTransport } = await import("../../server/pix/network/transport");
const spiReader = network ? startStreamReader(db()) : null;
const keyRegistrations = network ? startKeyRegistrationLoop(db()) : null;
if (network) await recordDirectoryEvp();

/**
 * The directory makes an EVP's value when the seed's is registered (as with `npm run dev`): the
 * credentials file the seed wrote then names the key the demo account holds.
 */
async function recordDirectoryEvp() {
  for (let attempt = 0; attempt < 120; attempt++) {
    const key = await db().pixKey.findFirst({ where: { accountId: demo.accountId, type: "EVP" } });
    if (!key || key.dictRegisteredAt) {
      const file = ".data/demo-credentials.json";
      if (key && existsSync(file)) {
        writeFileSync(file, JSON.stringify({ ...JSON.parse(readFileSync(file, "utf8")), pixKey: key.key }, null, 2));
      }
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error("the directory did not register the demo's EVP in time");
}

const { startWebServer } = await import("../../server/web/main");
const web = await startWebServer({ dev: false, port: Number(process.env.PORT), hostname: "127.0.0.1" });
// Statements are built by the worker; this server has none, so it runs the worker's statement loop.
const { startStatementLoop } = await import("../../server/statements/generate");
const { pool } = await import("../../server/db/pool");
const statements = startStatementLoop({ db: db(), pool: pool(), workerId: "e2e" }, 250);
// E-mails and text messages (kept in the sandbox) are sent by the worker too: this server relays those events only.
const { startOutboxRelay } = await import("../../server/outbox/relay");
const { outboxHandlers } = await import("../../server/worker/outbox-handlers");
// A PIX to another institution is handed to the network when a spec says so (support/rail.ts).
const mail = startOutboxRelay(db(), outboxHandlers(db()), 250, ["mail.send", "sms.send"]);
// Batches of due-date charges (CSV upload, lotecobv) are created by the worker's batch loop.
const { startDueDateBatchLoop } = await import("../../server/charges/due-date/batch-worker");
const dueDateBatches = startDueDateBatchLoop(db());

let stopping = false;
async function stop(exitCode = 0) {
  if (stopping) return;
  stopping = true;
  await spiReader?.stop();
  await keyRegistrations?.stop();
  closeTransport();
  await stopNetwork();
  await statements.stop();
  await mail.stop();
  await dueDateBatches.stop();
  await web.close();
  await database.release();
  process.exit(exitCode);
}
process.on("SIGTERM", () => void stop());
process.on("SIGINT", () => void stop());
// A spec that makes the server reach past loopback fails the run: the server stops at once.
const { onOutboundRefused } = await import("../../server/webhooks/loopback-guard");
onOutboundRefused(() => void stop(1));
