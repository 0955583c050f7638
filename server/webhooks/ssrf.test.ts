import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { guardedLookup, ipv6Bytes, isForbiddenAddress, type Resolver, validateTargetUrl } from "./ssrf";
import { createTransport } from "./transport";

const resolverOf =
  (table: Record<string, string[]>): Resolver =>
  async (host) => {
    const addresses = table[host];
    if (!addresses) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: "ENOTFOUND" });
    return addresses.map((address) => ({ address, family: address.includes(":") ? 6 : 4 }));
  };

describe("isForbiddenAddress", () => {
  it.each([
    "127.0.0.1",
    "127.255.255.254",
    "10.0.0.1",
    "172.16.0.1",
    "172.31.255.255",
    "192.168.1.1",
    "169.254.169.254",
    "100.64.0.1",
    "100.127.255.255",
    "100.100.100.200",
    "0.0.0.0",
    "192.0.0.192",
    "224.0.0.1",
    "255.255.255.255",
    "::1",
    "::",
    "fc00::1",
    "fd00:ec2::254",
    "fe80::1",
    "fe80::1%eth0",
    "ff02::1",
    "::ffff:127.0.0.1",
    "::ffff:7f00:1",
    "::ffff:10.1.2.3",
    "64:ff9b::169.254.169.254",
    "2002:a9fe:a9fe::1",
    "not-an-ip",
  ])("refuses %s", (address) => {
    expect(isForbiddenAddress(address)).toBe(true);
  });

  it.each([
    "8.8.8.8",
    "1.1.1.1",
    "172.15.255.255",
    "172.32.0.1",
    "100.63.255.255",
    "100.128.0.1",
    "192.169.0.1",
    "2001:4860:4860::8888",
    "2001:db8::1111",
    "::ffff:8.8.8.8",
  ])("accepts %s", (address) => {
    expect(isForbiddenAddress(address)).toBe(false);
  });

  it("parses IPv6 forms to 16 bytes", () => {
    expect(ipv6Bytes("::1")).toEqual([...Array(15).fill(0), 1]);
    expect(ipv6Bytes("::ffff:1.2.3.4")?.slice(10)).toEqual([0xff, 0xff, 1, 2, 3, 4]);
    expect(ipv6Bytes("1:2:3:4:5:6:7:8:9")).toBeNull();
    expect(ipv6Bytes("1::2::3")).toBeNull();
  });
});

describe("validateTargetUrl", () => {
  const resolver = resolverOf({
    "hooks.example.invalid": ["192.0.2.1"],
    "internal.example.invalid": ["10.0.0.5"],
    "mixed.example.invalid": ["192.0.2.1", "127.0.0.1"],
    "metadata.example.invalid": ["169.254.169.254"],
    "v6.example.invalid": ["2001:db8::1111"],
    "v6-private.example.invalid": ["fd12::1"],
  });
  const gateway = { field: "url", insecure: "refused" as const, allowPrivate: false, resolver };

  it("accepts a public https target", async () => {
    await expect(validateTargetUrl("https://hooks.example.invalid/pix", gateway)).resolves.toBe(
      "https://hooks.example.invalid/pix",
    );
    await expect(validateTargetUrl("https://v6.example.invalid/", gateway)).resolves.toBeTruthy();
  });

  it.each([
    ["https://internal.example.invalid/x", "non-public address (10.0.0.5)"],
    ["https://mixed.example.invalid/x", "non-public address (127.0.0.1)"],
    ["https://metadata.example.invalid/latest", "169.254.169.254"],
    ["https://v6-private.example.invalid/", "fd12::1"],
    ["https://127.0.0.1/x", "127.0.0.1"],
    ["https://[::1]/x", "::1"],
    ["https://2130706433/x", "127.0.0.1"],
    ["https://0x7f.1/x", "127.0.0.1"],
    ["https://[::ffff:169.254.169.254]/", "non-public"],
    ["https://nowhere.example.invalid/", "could not be resolved"],
  ])("refuses %s", async (url, message) => {
    await expect(validateTargetUrl(url, gateway)).rejects.toMatchObject({ status: 400, field: "url" });
    await expect(validateTargetUrl(url, gateway)).rejects.toThrow(message);
  });

  it("refuses http without allow_insecure, malformed URLs and credentials", async () => {
    await expect(validateTargetUrl("http://hooks.example.invalid/", gateway)).rejects.toThrow("url: must use https");
    await expect(validateTargetUrl("ftp://hooks.example.invalid/", gateway)).rejects.toThrow("must use https");
    await expect(validateTargetUrl("not a url", gateway)).rejects.toThrow("valid absolute URL");
    await expect(validateTargetUrl("https://u:p@hooks.example.invalid/", gateway)).rejects.toThrow("credentials");
    await expect(
      validateTargetUrl("http://hooks.example.invalid/", { ...gateway, insecure: "allowed" }),
    ).resolves.toBeTruthy();
  });

  it("WEBHOOK_ALLOW_PRIVATE_TARGETS lets private targets through, and http only on them for configs", async () => {
    const open = { ...gateway, allowPrivate: true };
    await expect(validateTargetUrl("https://internal.example.invalid/", open)).resolves.toBeTruthy();
    const config = { field: "targetUrl", insecure: "private-only" as const, allowPrivate: true, resolver };
    await expect(validateTargetUrl("http://127.0.0.1:9999/hook", config)).resolves.toBeTruthy();
    await expect(validateTargetUrl("http://internal.example.invalid/", config)).resolves.toBeTruthy();
    await expect(validateTargetUrl("http://hooks.example.invalid/", config)).rejects.toThrow(
      "targetUrl: must use https",
    );
    await expect(validateTargetUrl("http://127.0.0.1:9999/hook", { ...config, allowPrivate: false })).rejects.toThrow(
      "non-public",
    );
  });
});

describe("at delivery (DNS rebinding)", () => {
  let port = 0;
  let hits = 0;
  const server = createServer((_req, res) => {
    hits += 1;
    res.writeHead(204).end();
  });
  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const send = (resolver: Resolver, host: string, allowPrivate = false) =>
    createTransport({ allowPrivate, resolver })({
      url: `http://${host}:${port}/hook`,
      headers: {},
      body: "{}",
      timeoutMs: 2000,
    });

  it("a name that now resolves to loopback is refused at connect time; nothing reaches the server", async () => {
    // Registration saw a public address; the attacker's DNS now answers 127.0.0.1.
    const result = await send(resolverOf({ "rebind.example.invalid": ["127.0.0.1"] }), "rebind.example.invalid");
    expect(result.statusCode).toBeNull();
    expect(result.error).toContain("non-public address (127.0.0.1)");
    expect(hits).toBe(0);
  });

  it("an IP-literal target is checked too", async () => {
    const result = await send(resolverOf({}), "127.0.0.1");
    expect(result.error).toContain("non-public");
    expect(hits).toBe(0);
  });

  it("guardedLookup answers with the checked addresses only", async () => {
    const lookup = guardedLookup(resolverOf({ "ok.example.invalid": ["192.0.2.1", "2001:db8::1111"] }));
    const all = await new Promise((resolve, reject) =>
      lookup("ok.example.invalid", { all: true }, (err, addresses) => (err ? reject(err) : resolve(addresses))),
    );
    expect(all).toEqual([
      { address: "192.0.2.1", family: 4 },
      { address: "2001:db8::1111", family: 6 },
    ]);
    const v6 = await new Promise((resolve, reject) =>
      lookup("ok.example.invalid", { family: 6 }, (err, address) => (err ? reject(err) : resolve(address))),
    );
    expect(v6).toBe("2001:db8::1111");
  });

  it("with private targets allowed, the same request goes through", async () => {
    const result = await send(resolverOf({}), "127.0.0.1", true);
    expect(result.statusCode).toBe(204);
    expect(hits).toBe(1);
  });
});
