/** Helpers for the webhook tests: a local receiver, a clock the test moves, draining the outbox. */
import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";
import { resetConfigForTests } from "../../server/config";
import { db } from "../../server/db/client";
import { relayDueEvents } from "../../server/outbox/relay";
import { outboxHandlers } from "../../server/worker/outbox-handlers";

export type Received = { headers: IncomingHttpHeaders; body: string; path: string; at: number };
type Responder = (request: Received, index: number) => number | Promise<number>;

/** An HTTP receiver on 127.0.0.1 that records every request and answers what `respond` says. */
export async function startReceiver(respond: Responder = () => 204) {
  const requests: Received[] = [];
  let responder = respond;
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", async () => {
      const received = {
        headers: req.headers,
        body: Buffer.concat(chunks).toString("utf8"),
        path: req.url ?? "/",
        at: Date.now(),
      };
      requests.push(received);
      const status = await responder(received, requests.length - 1);
      if (!res.destroyed) res.writeHead(status).end(status === 204 ? undefined : "ok");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: (path = "/hook") => `http://127.0.0.1:${port}${path}`,
    requests,
    respondWith: (next: Responder) => {
      responder = next;
    },
    /** requests per X-Service-Event-Id */
    countsById: () => {
      const counts = new Map<string, number>();
      for (const r of requests) {
        const id = String(r.headers["x-service-event-id"]);
        counts.set(id, (counts.get(id) ?? 0) + 1);
      }
      return counts;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export type Receiver = Awaited<ReturnType<typeof startReceiver>>;

/** A clock the test moves by hand. */
export function movableClock(start = new Date()) {
  let t = start.getTime();
  return {
    now: () => new Date(t),
    advance: (ms: number) => {
      t += ms;
      return new Date(t);
    },
    set: (at: Date | number) => {
      t = typeof at === "number" ? at : at.getTime();
    },
  };
}

export function setEnv(values: Record<string, string | undefined>) {
  for (const [k, v] of Object.entries(values)) {
    if (v === undefined) delete process.env[k];
    else process.env[k] = v;
  }
  resetConfigForTests();
}

export const allowPrivateTargets = (allow = true) => setEnv({ WEBHOOK_ALLOW_PRIVATE_TARGETS: String(allow) });

export const relayOnce = () => relayDueEvents(db(), outboxHandlers(db()), 1000);

/**
 * Relays until `check` holds. Other test files relay too (SKIP LOCKED shares the events between
 * processes), so our events may be fanned out by another process: wait for the effect, not the call.
 */
export async function relayUntil(check: () => Promise<boolean>, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    await relayOnce();
    if (await check()) return;
    if (Date.now() > deadline) throw new Error("timed out waiting for the outbox");
    await new Promise((r) => setTimeout(r, 50));
  }
}

export async function deliveriesOf(userId: string) {
  return db().webhookDelivery.findMany({ where: { userId }, orderBy: { createdAt: "asc" } });
}

/** Relays until the user has `count` deliveries; returns them. */
export async function awaitDeliveries(userId: string, count: number) {
  await relayUntil(async () => (await db().webhookDelivery.count({ where: { userId } })) >= count);
  return deliveriesOf(userId);
}
