import { describe, expect, it } from "vitest";
import { addressAllowed, normaliseAddress, resolveClientAddress, whitelistEntryError } from "./ip";

describe("IP allowlists", () => {
  it("accepts the entry forms the contract names", () => {
    expect(whitelistEntryError("203.0.113.7")).toBeNull();
    expect(whitelistEntryError("203.0.113.0/24")).toBeNull();
    expect(whitelistEntryError("2001:db8::1")).toBeNull();
    expect(whitelistEntryError("2001:0db8:0000:0000:0000:0000:0000:0001")).toBeNull();
  });

  it("rejects spaces, leading zeros, bad prefixes and IPv6 ranges", () => {
    for (const bad of [" 1.2.3.4", "01.2.3.4", "1.2.3.4/33", "1.2.3", "2001:db8::/32", "host", ""]) {
      expect(whitelistEntryError(bad), bad).not.toBeNull();
    }
  });

  it("matches single hosts, CIDRs and IPv6", () => {
    const list = ["203.0.113.7", "198.51.100.0/24", "2001:db8::1"];
    expect(addressAllowed("203.0.113.7", list)).toBe(true);
    expect(addressAllowed("203.0.113.8", list)).toBe(false);
    expect(addressAllowed("198.51.100.255", list)).toBe(true);
    expect(addressAllowed("198.51.101.1", list)).toBe(false);
    expect(addressAllowed("2001:0db8:0:0:0:0:0:1", list)).toBe(true);
    expect(addressAllowed("2001:db8::2", list)).toBe(false);
  });

  it("treats IPv4-mapped IPv6 as the plain IPv4", () => {
    expect(normaliseAddress("::ffff:203.0.113.7")).toBe("203.0.113.7");
    expect(addressAllowed("::ffff:203.0.113.7", ["203.0.113.7/32"])).toBe(true);
  });

  it("denies an empty list and unknown addresses", () => {
    expect(addressAllowed("127.0.0.1", [])).toBe(false);
    expect(addressAllowed(null, ["127.0.0.1"])).toBe(false);
    expect(addressAllowed("not-an-ip", ["127.0.0.1"])).toBe(false);
  });
});

describe("client address resolution", () => {
  it("ignores X-Forwarded-For from an untrusted peer", () => {
    expect(resolveClientAddress("198.51.100.9", "203.0.113.7", ["10.0.0.0/8"])).toBe("198.51.100.9");
    expect(resolveClientAddress("198.51.100.9", "203.0.113.7", [])).toBe("198.51.100.9");
  });

  it("takes the right-most untrusted hop behind trusted proxies", () => {
    expect(resolveClientAddress("10.0.0.2", "1.1.1.1, 203.0.113.7, 10.0.0.3", ["10.0.0.0/8"])).toBe("203.0.113.7");
  });

  it("has no address without a peer", () => {
    expect(resolveClientAddress(undefined, "203.0.113.7", ["10.0.0.0/8"])).toBeNull();
  });
});

describe("peer address", () => {
  it("believes the header only with this process's token", async () => {
    const { PEER_ADDRESS_HEADER, PEER_TOKEN_HEADER, peerAddressOf, peerToken } = await import("./ip");
    const forged = new Headers({ [PEER_ADDRESS_HEADER]: "127.0.0.1", [PEER_TOKEN_HEADER]: "guess" });
    expect(peerAddressOf(forged)).toBeNull();
    const ours = new Headers({ [PEER_ADDRESS_HEADER]: "203.0.113.9", [PEER_TOKEN_HEADER]: peerToken() });
    expect(peerAddressOf(ours)).toBe("203.0.113.9");
  });

  it("prefers the socket of the Node bindings", async () => {
    const { peerAddressOf, PEER_ADDRESS_HEADER } = await import("./ip");
    const headers = new Headers({ [PEER_ADDRESS_HEADER]: "127.0.0.1" });
    expect(peerAddressOf(headers, { incoming: { socket: { remoteAddress: "198.51.100.4" } } })).toBe("198.51.100.4");
  });
});
