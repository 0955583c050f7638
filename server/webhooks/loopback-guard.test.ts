import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { resetConfigForTests } from "../config";
import {
  checkAddressesToReach,
  checkNameToResolve,
  isLoopbackAddress,
  OutboundRefusedError,
  refusedOutbound,
} from "./loopback-guard";
import { type Resolver, systemResolver } from "./ssrf";
import { createTransport } from "./transport";

const resolverOf =
  (table: Record<string, string[]>): Resolver =>
  async (host) =>
    (table[host] ?? []).map((address) => ({ address, family: address.includes(":") ? 6 : 4 }));

function guard(on: boolean) {
  if (on) process.env.OUTBOUND_LOOPBACK_ONLY = "true";
  else delete process.env.OUTBOUND_LOOPBACK_ONLY;
  resetConfigForTests();
}

describe("isLoopbackAddress", () => {
  it.each(["127.0.0.1", "127.8.9.10", "::1", "::ffff:127.0.0.1"])("%s is loopback", (address) => {
    expect(isLoopbackAddress(address)).toBe(true);
  });
  it.each(["192.0.2.1", "10.0.0.1", "2001:db8::1", "::", "localhost", ""])("%s is not", (address) => {
    expect(isLoopbackAddress(address)).toBe(false);
  });
});

describe("OUTBOUND_LOOPBACK_ONLY", () => {
  let port = 0;
  const server = createServer((_req, res) => res.writeHead(204).end());
  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
  afterEach(() => guard(false));

  const send = (host: string, resolver?: Resolver) =>
    createTransport({ allowPrivate: true, ...(resolver ? { resolver } : {}) })({
      url: `http://${host}:${port}/hook`,
      headers: {},
      body: "{}",
      timeoutMs: 2000,
    });

  it("lets a delivery to loopback through, by address or by name", async () => {
    guard(true);
    const before = refusedOutbound().length;
    expect((await send("127.0.0.1")).statusCode).toBe(204);
    expect((await send("localhost")).statusCode).toBe(204);
    expect(refusedOutbound().length).toBe(before);
  });

  it("refuses and records a delivery to any other address, literal or resolved", async () => {
    guard(true);
    const before = refusedOutbound().length;
    const literal = await send("192.0.2.1");
    const resolved = await send("hooks.example.invalid", resolverOf({ "hooks.example.invalid": ["192.0.2.7"] }));
    expect(literal).toMatchObject({ statusCode: null, error: expect.stringContaining("OUTBOUND_LOOPBACK_ONLY") });
    expect(resolved.error).toContain("192.0.2.7");
    expect(refusedOutbound().slice(before)).toEqual([
      expect.stringContaining("connection to 192.0.2.1"),
      expect.stringContaining("connection to hooks.example.invalid (192.0.2.7)"),
    ]);
  });

  it("makes the system resolver refuse outside names and answer reserved ones as not found", async () => {
    guard(true);
    const before = refusedOutbound().length;
    await expect(systemResolver("hooks.outside.test")).rejects.toBeInstanceOf(OutboundRefusedError);
    await expect(systemResolver("hooks.example.invalid")).rejects.toMatchObject({ code: "ENOTFOUND" });
    await expect(systemResolver("localhost")).resolves.toContainEqual(expect.objectContaining({ family: 4 }));
    expect(refusedOutbound().slice(before)).toEqual([expect.stringContaining("DNS lookup of hooks.outside.test")]);
  });

  it("changes nothing when off", () => {
    guard(false);
    const before = refusedOutbound().length;
    expect(() => checkNameToResolve("hooks.outside.test")).not.toThrow();
    expect(() => checkAddressesToReach("hooks.outside.test", [{ address: "192.0.2.1" }])).not.toThrow();
    expect(refusedOutbound().length).toBe(before);
  });
});
