/**
 * The whole platform for a crash test or a soak, on 127.0.0.1: fresh database, funded merchants
 * with a gateway webhook each pointing at a local receiver, the web process and the worker.
 */
import { randomBytes } from "node:crypto";
import { mkdtempSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { freePort } from "../../server/db/embedded";
import { freshDatabase, Managed, processEnvironment, waitUntil, webIsUp } from "./processes";
import { basicAuth, type Merchant } from "./wire";

export async function startStack(options: { name: string; merchants: number; fundCents: bigint }) {
  const database = await freshDatabase(options.name);
  const port = await freePort();
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
  const web = new Managed("web", env, path.join(logs, "web.log"));
  const worker = new Managed("worker", env, path.join(logs, "worker.log"));
  const baseUrl = `http://127.0.0.1:${port}`;
  const startWeb = async () => {
    web.start();
    await waitUntil(webIsUp(baseUrl), 120_000, "the web process");
  };
  worker.start();
  await startWeb();

  return {
    baseUrl,
    receiverUrl,
    logs,
    merchants,
    web,
    worker,
    startWeb,
    db,
    deliveredIds: () => new Set(received.keys()),
    stop: async () => {
      await web.kill("SIGTERM");
      await worker.kill("SIGTERM");
      receiver.closeAllConnections();
      receiver.close();
      await disconnectDb();
      await database.drop();
    },
  };
}
