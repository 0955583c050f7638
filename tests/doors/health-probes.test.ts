/**
 * The load balancer's probes: /api/health/live answers while the process does; /api/health/ready
 * only while the database takes writes (reachable, not a standby, not read-only, answering in time).
 */
import { createServer, type Server, type Socket } from "node:net";
import { afterAll, describe, expect, it } from "vitest";
import { GET as live } from "../../app/api/health/live/route";
import { GET as ready } from "../../app/api/health/ready/route";
import { createDb } from "../../server/db/client";
import { adminUrlOf, dropDatabase, ensureDatabase } from "../../server/db/embedded";
import { readiness } from "../../server/health/readiness";

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
