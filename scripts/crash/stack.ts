/**
 * The whole platform for a crash test, a soak or the cluster test, on 127.0.0.1: fresh database,
 * funded merchants with a gateway webhook each pointing at a local receiver, `webs` web processes
 * (each on its own port) and `workers` workers — one of each by default. `web`, `worker`,
 * `baseUrl` and `startWeb` are the first of each. The production build is made first when there is
 * none; whatever is started is stopped at the end of the run (`stop`, or scripts/drill/cleanup.ts's
 * runDrill on any other exit).
 */
import { randomBytes } from "node:crypto";
import { mkdtempSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { freePort } from "../../server/db/embedded";
import { stopAtEnd } from "../drill/cleanup";
import { ensureProductionBuild } from "../drill/production-build";
import { freshDatabase, Managed, processEnvironment, waitUntil, webIsUp } from "./processes";
import { basicAuth, type Merchant } from "./wire";

export async function startStack(options: {
  name: string;
  merchants: number;
  fundCents: bigint;
  webs?: number;
  workers?: number;
  /** settings of every process besides (and over) the ones below */
  env?: Record<string, string>;
}) {
  ensureProductionBuild();
  const database = await freshDatabase(options.name);
  const unregisterDatabase = stopAtEnd(`the ${options.name} database`, database.drop);
  const ports: number[] = [];
  for (let i = 0; i < (options.webs ?? 1); i++) ports.push(await freePort());
  const port = ports[0] as number;
  const secrets = {
    AUTH_SECRET: process.env.AUTH_SECRET ?? randomBytes(32).toString("hex"),
    API_KEY_PEPPER: process.env.API_KEY_PEPPER ?? randomBytes(32).toString("hex"),
    DATA_ENCRYPTION_KEY: process.env.DATA_ENCRYPTION_KEY ?? randomBytes(32).toString("base64"),
  };
  const env = processEnvironment(database.url, port, {
    ...secrets,
    RATE_LIMITS_ENABLED: "false",
    DICT_QUOTA_PER_MINUTE: "1000000",
    SANDBOX_SETTLEMENT_DELAY_MS: "300",
    WEBHOOK_DELIVERY_POLL_MS: "100",
    ...options.env,
  });
  // this process seeds through the server modules, with the same settings as the children
  Object.assign(process.env, env, { LOG_LEVEL: "warn" });

  const received = new Map<string, number>();
  const receiver = createServer((req, res) => {
    const id = String(req.headers["x-service-event-id"] ?? "");
    req.resume();
    req.on("end", () => {
      received.set(id, (received.get(id) ?? 0) + 1);
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
  const closeReceiver = () => {
    receiver.closeAllConnections();
    receiver.close();
  };
  const unregisterReceiver = stopAtEnd("the webhook receiver", closeReceiver);
  const receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;

  const { createMerchant } = await import("../../server/accounts/merchants");
  const { creditIncomingPix } = await import("../../server/transfers/incoming");
  const { registerGatewayWebhook } = await import("../../server/webhooks/gateway");
  const { GATEWAY_EVENTS } = await import("../../server/webhooks/catalog");
  const { createPixKey } = await import("../../server/pix/keys/service");
  const { db, disconnectDb } = await import("../../server/db/client");
  const merchants: Merchant[] = [];
  for (let i = 0; i < options.merchants; i++) {
    const m = await createMerchant(db(), {
      name: `Loja ${options.name} ${i}`,
      document: "11222333000181",
      email: `m${i}-${randomBytes(3).toString("hex")}@${options.name}.test`,
      password: "crash-test-password-1",
      ipWhitelist: ["127.0.0.1", "::1"],
    });
    const funding = await creditIncomingPix(db(), {
      userId: m.userId,
      accountId: m.accountId,
      amountCents: options.fundCents,
    });
    const { webhook } = await registerGatewayWebhook(db(), m.userId, {
      url: receiverUrl,
      events: [...GATEWAY_EVENTS],
      allowInsecure: true,
    });
    const key = await createPixKey(db(), { callerId: m.userId, accountId: m.accountId }, { type: "EVP" });
    merchants.push({
      ...m,
      pixKey: key.key,
      basic: basicAuth(m.clientId, m.clientSecret),
      fundingEndToEndId: funding.endToEndId as string,
      webhookId: webhook.id,
    });
  }

  const logs = mkdtempSync(path.join(tmpdir(), `${options.name}-logs-`));
  const numbered = (role: string, i: number) => path.join(logs, i === 0 ? `${role}.log` : `${role}-${i + 1}.log`);
  const baseUrls = ports.map((p) => `http://127.0.0.1:${p}`);
  const webs = ports.map(
    (p, i) => new Managed("web", { ...env, PORT: String(p), APP_URL: baseUrls[i] }, numbered("web", i)),
  );
  const workers = Array.from(
    { length: options.workers ?? 1 },
    (_, i) => new Managed("worker", env, numbered("worker", i)),
  );
  const stopProcesses = async () => {
    for (const process of [...webs, ...workers]) await process.kill("SIGTERM");
  };
  const unregisterProcesses = stopAtEnd("the web and worker processes", stopProcesses);
  const web = webs[0] as Managed;
  const worker = workers[0] as Managed;
  const baseUrl = baseUrls[0] as string;
  /** Starts web process `i` (the first by default) and waits until it answers. */
  const startWeb = async (i = 0) => {
    const managed = webs[i] as Managed;
    managed.start();
    const died = () => (managed.running ? null : `it exited (log: ${numbered("web", i)})`);
    await waitUntil(webIsUp(baseUrls[i] as string), 120_000, `web process ${i + 1}`, died);
  };
  for (const w of workers) w.start();
  await Promise.all(webs.map((_, i) => startWeb(i)));

  return {
    baseUrl,
    databaseUrl: database.url,
    receiverUrl,
    logs,
    merchants,
    baseUrls,
    web,
    worker,
    webs,
    workers,
    startWeb,
    db,
    deliveredIds: () => new Set(received.keys()),
    /** how many times the receiver got each event id */
    receipts: () => new Map(received),
    stop: async () => {
      for (const unregister of [unregisterProcesses, unregisterReceiver, unregisterDatabase]) unregister();
      await stopProcesses();
      closeReceiver();
      await disconnectDb();
      await database.drop();
    },
  };
}
