/**
 * What a webhooks spec needs besides the browser: a receiver on 127.0.0.1 that records what it
 * gets, and the delivery worker the e2e server does not run (e2e/support/serve.ts starts only the
 * web process, so deliveries stay pending until someone sends them).
 */
import { createHmac } from "node:crypto";
import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";
import pg from "pg";
import { runDatabaseUrls } from "./run-databases";

export type Received = { path: string; headers: IncomingHttpHeaders; body: string };

export type Receiver = {
  /** http://127.0.0.1:<port> */
  origin: string;
  received: Received[];
  /** The status the next requests are answered with. */
  respondWith(status: number): void;
  close(): Promise<void>;
};

/** An HTTP server on a free port of 127.0.0.1 that answers every request (200 until told otherwise). */
export async function startReceiver(): Promise<Receiver> {
  const received: Received[] = [];
  let status = 200;
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      received.push({ path: req.url ?? "", headers: req.headers, body: Buffer.concat(chunks).toString("utf8") });
      res.writeHead(status, { "Content-Type": "text/plain" }).end(status < 300 ? "ok" : "not today");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    received,
    respondWith: (next) => {
      status = next;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Interface 6.3: `sha256=` + hex HMAC-SHA256(secret, timestamp + "." + raw body), as a receiver checks it. */
export function expectedSignature(secret: string, timestamp: string, body: string): string {
  return `sha256=${createHmac("sha256", secret).update(`${timestamp}.${body}`).digest("hex")}`;
}

/**
 * The encryption key e2e/support/serve.ts gives the server: the worker decrypts signing secrets
 * with it. (serve.ts starts the server when imported, so the value is repeated here.)
 */
const E2E_DATA_ENCRYPTION_KEY = Buffer.alloc(32, 7).toString("base64");

export type RunWorker = {
  /** The merchant who owns the registration the worker was found by. */
  userId: string;
  /** One delivery pass over that merchant's due deliveries, as the worker's loop runs it; how many were attempted. */
  deliver(): Promise<number>;
  /** SQL on the run's database, for what only the platform does (e.g. deactivating after failures). */
  sql(text: string, values?: unknown[]): Promise<pg.QueryResult>;
  close(): Promise<void>;
};

/**
 * The worker for this run, limited to one merchant. serve.ts names the run's database at random, so
 * it is found as the e2e database (on DATABASE_URL's server) that holds the registration for
 * `webhookUrl` — a URL with this run's receiver port in it, so another run's database never matches.
 */
export async function attachWorker(webhookUrl: string): Promise<RunWorker> {
  const target = new URL(webhookUrl).toString();
  for (const url of await runDatabaseUrls()) {
    const pool = new pg.Pool({ connectionString: url, max: 2 });
    const found = await pool
      .query<{ user_id: string }>(
        "SELECT user_id FROM gateway_webhooks WHERE url = $1 AND deleted_at IS NULL LIMIT 1",
        [target],
      )
      .then((result) => result.rows[0]?.user_id ?? null)
      .catch(() => null); // another run's database, being created or dropped
    if (!found) {
      await pool.end();
      continue;
    }
    const userId = found;
    // The worker's settings as serve.ts gives them to the server, read fresh by config().
    Object.assign(process.env, {
      DATA_ENCRYPTION_KEY: E2E_DATA_ENCRYPTION_KEY,
      WEBHOOK_ALLOW_PRIVATE_TARGETS: "true",
      OUTBOUND_LOOPBACK_ONLY: "true",
    });
    const { resetConfigForTests } = await import("../../server/config");
    resetConfigForTests();
    const { runDeliveryPass } = await import("../../server/webhooks/deliver");
    const { createTransport } = await import("../../server/webhooks/transport");
    const transport = createTransport({ allowPrivate: true, maxSockets: 4 });
    return {
      userId,
      deliver: () => runDeliveryPass(pool, { userIds: [userId], transport }),
      sql: (text, values) => pool.query(text, values),
      close: () => pool.end(),
    };
  }
  throw new Error(`no e2e database holds a webhook for ${target}`);
}
