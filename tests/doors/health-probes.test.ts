/**
 * The load balancer's probes: /api/health/live answers while the process does; /api/health/ready
 * only while the database takes writes (reachable, not a standby, not read-only, answering in time)
 * and, with PIX_RAIL=network, while a reader of the SPI's stream has one open.
 */
import { randomUUID } from "node:crypto";
import { createServer, type Server, type Socket } from "node:net";
import { afterAll, describe, expect, it, vi } from "vitest";
import { GET as live } from "../../app/api/health/live/route";
import { GET as ready } from "../../app/api/health/ready/route";
import { resetConfigForTests } from "../../server/config";
import { createDb } from "../../server/db/client";
import { adminUrlOf, dropDatabase, ensureDatabase } from "../../server/db/embedded";
import { readiness } from "../../server/health/readiness";
import { createRunDatabase } from "../support/database";
import { useNetworkRail } from "../support/rail";
import { standIn } from "../support/stand-ins";

// The network's check reads platform-wide tables (spi_readers, rail_payments): its tests use a database of their own.
vi.mock("../../server/db/client", async (original) => (await import("../support/stand-ins")).dbClient(original));

vi.mock("../../server/auth/next-auth", async (original) => (await import("../support/stand-ins")).nextAuth(original));

const get = (path: string) => new Request(`http://localhost${path}`);
const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

/** A database of its own (no tables needed) whose new sessions are read-only. */
async function readOnlyDatabaseUrl(): Promise<string> {
  const adminUrl = adminUrlOf(process.env.DATABASE_URL as string);
  const name = `health_read_only_${Date.now()}`;
  await ensureDatabase(adminUrl, name);
  cleanups.push(() => dropDatabase(adminUrl, name));
  const admin = createDb(adminUrl, 1);
  await admin.$executeRawUnsafe(`ALTER DATABASE "${name}" SET default_transaction_read_only = on`);
  await admin.$disconnect();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** A port that accepts connections and never answers: a primary hung mid-failover. */
async function silentPort(): Promise<number> {
  const sockets = new Set<Socket>();
  const server: Server = createServer((socket) => sockets.add(socket));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  cleanups.push(async () => {
    for (const socket of sockets) socket.destroy();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });
  const address = server.address();
  if (!address || typeof address === "string") throw new Error("no port");
  return address.port;
}

describe("GET /api/health/live", () => {
  it("answers 200 without asking the database", async () => {
    const res = await live(get("/api/health/live"), undefined as never);
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect(await res.json()).toEqual({ status: "live" });
  });
});

describe("GET /api/health/ready", () => {
  it("answers 200 while the database takes writes", async () => {
    const res = await ready(get("/api/health/ready"), undefined as never);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: "ready" });
    expect(res.headers.get("retry-after")).toBeNull();
  });

  it("is not ready on a read-only database, as on a standby", async () => {
    const client = createDb(await readOnlyDatabaseUrl(), 1);
    cleanups.push(() => client.$disconnect());
    expect(await readiness(client)).toEqual({ status: "not_ready", database: "read_only" });
  });

  it("is not ready when nothing listens, nor when the server never answers, without waiting past its timeout", async () => {
    const refused = createDb("postgresql://postgres@127.0.0.1:1/none", 1);
    cleanups.push(() => refused.$disconnect());
    expect(await readiness(refused)).toEqual({ status: "not_ready", database: "unreachable" });

    const hung = createDb(`postgresql://postgres@127.0.0.1:${await silentPort()}/none`, 1);
    const started = Date.now();
    expect(await readiness(hung, 300)).toEqual({ status: "not_ready", database: "unreachable" });
    expect(Date.now() - started).toBeLessThan(10_000);
  });
});

describe("GET /api/health/ready with PIX_RAIL=network", () => {
  // ten minutes ago: every row written at NOW is stale for the route, which reads the clock
  const NOW = new Date(Date.now() - 10 * 60_000);
  const network = () => useNetworkRail({ spi: "http://127.0.0.1:4100/spi", dict: "http://127.0.0.1:4100/dict/api/v1" });
  const sandbox = () => {
    process.env.PIX_RAIL = "sandbox";
    resetConfigForTests();
  };

  it("checks that a reader updated within 30 s has a stream open, and says so only in outline to the public", async () => {
    const run = await createRunDatabase("pix_health_network");
    const dbx = createDb(run.url, 2);
    cleanups.push(async () => {
      standIn.db = null;
      standIn.session = null;
      await dbx.$disconnect();
      await run.release();
    });
    standIn.db = dbx;
    const at = (ms: number) => new Date(NOW.getTime() - ms);
    await dbx.spiReader.create({ data: { id: "web:1", streamsOpen: 0, updatedAt: at(1_000) } });
    await dbx.railPayment.createMany({
      data: [
        { id: "E-out", direction: "outgoing", kind: "payment", state: "sent", amountCents: 1n, createdAt: at(31_000) },
        {
          id: "E-in",
          direction: "incoming",
          kind: "payment",
          state: "accepted",
          amountCents: 1n,
          createdAt: at(90_000),
          sentAt: at(61_000),
        },
      ],
    });

    // a reader alive but with no stream open: not ready
    expect(await readiness(dbx, 2_000, { rail: "network", now: NOW })).toEqual({
      status: "not_ready",
      pixNetwork: { status: "down", streamsOpen: 0, lastMessageAt: null, awaitingDecision: 1, acceptedNotSettled: 1 },
    });
    await dbx.spiReader.create({
      data: { id: "worker:2", streamsOpen: 2, updatedAt: at(30_000), lastMessageAt: at(4_000) },
    });
    expect(await readiness(dbx, 2_000, { rail: "network", now: NOW })).toEqual({
      status: "ready",
      pixNetwork: {
        status: "ok",
        streamsOpen: 2,
        lastMessageAt: at(4_000),
        awaitingDecision: 1,
        acceptedNotSettled: 1,
      },
    });
    // 1 ms later that reader is stale
    expect(await readiness(dbx, 2_000, { rail: "network", now: new Date(NOW.getTime() + 1) })).toMatchObject({
      status: "not_ready",
      pixNetwork: { status: "down", streamsOpen: 0 },
    });
    // the sandbox has no such check
    expect(await readiness(dbx, 2_000, { rail: "sandbox", now: NOW })).toEqual({ status: "ready" });

    // the route, at the clock's time (every row above is ten minutes old): 503, the public sees the check's state only
    network();
    try {
      const down = await ready(get("/api/health/ready"), undefined as never);
      expect(down.status).toBe(503);
      expect(down.headers.get("retry-after")).toBe("5");
      expect(await down.json()).toEqual({ status: "not_ready", pixNetwork: { status: "down" } });

      standIn.session = { id: randomUUID(), role: "ADMIN", name: "Ops", email: "ops@example.test" };
      const detailed = await ready(get("/api/health/ready"), undefined as never);
      expect(await detailed.json()).toEqual({
        status: "not_ready",
        pixNetwork: {
          status: "down",
          streamsOpen: 0,
          lastMessageAt: at(4_000).toISOString(),
          awaitingDecision: 1,
          acceptedNotSettled: 1,
        },
      });
      standIn.session = { id: randomUUID(), role: "MERCHANT", name: "Loja", email: "loja@example.test" };
      expect(await (await ready(get("/api/health/ready"), undefined as never)).json()).toEqual({
        status: "not_ready",
        pixNetwork: { status: "down" },
      });

      await dbx.spiReader.update({ where: { id: "worker:2" }, data: { updatedAt: new Date() } });
      standIn.session = null;
      const up = await ready(get("/api/health/ready"), undefined as never);
      expect(up.status).toBe(200);
      expect(await up.json()).toEqual({ status: "ready", pixNetwork: { status: "ok" } });
    } finally {
      sandbox();
    }
  });
});
