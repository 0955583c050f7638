/**
 * Client addresses and IP allowlists (interface 5.1 step 4, 5.3).
 * Entries are exact strings: a single IPv4, an IPv4 CIDR, or an IPv6 address.
 */
import { randomBytes } from "node:crypto";
import { BlockList, isIPv4, isIPv6 } from "node:net";
import { whitelistEntryError } from "./whitelist-entry";

/**
 * Our HTTP server passes the socket's peer address to Next's route handlers in this header,
 * with a per-process token beside it, so that a client sending the header itself is ignored
 * (and so is the header under a server that is not ours, e.g. plain `next start`).
 */
export const PEER_ADDRESS_HEADER = "x-pix-peer-address";
export const PEER_TOKEN_HEADER = "x-pix-peer-token";
const TOKEN_SLOT = Symbol.for("pix.peer-token");

export function peerToken(): string {
  const slots = globalThis as unknown as Record<symbol, string | undefined>;
  slots[TOKEN_SLOT] ??= randomBytes(24).toString("hex");
  return slots[TOKEN_SLOT];
}

type NodeBindings = { incoming?: { socket?: { remoteAddress?: string } } } | undefined;

/** The socket peer: from the Node bindings when the app is served directly, else from our header. */
export function peerAddressOf(headers: Headers, bindings?: unknown): string | null {
  const direct = (bindings as NodeBindings)?.incoming?.socket?.remoteAddress;
  if (direct) return direct;
  return headers.get(PEER_TOKEN_HEADER) === peerToken() ? headers.get(PEER_ADDRESS_HEADER) : null;
}

export { whitelistEntryError } from "./whitelist-entry";

/** `::ffff:10.0.0.1` is the plain IPv4 `10.0.0.1`. */
export function normaliseAddress(address: string): string {
  const trimmed = address.trim();
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(trimmed);
  return mapped?.[1] ?? trimmed;
}

export function buildBlockList(entries: readonly string[]): BlockList {
  const list = new BlockList();
  for (const entry of entries) {
    if (whitelistEntryError(entry)) continue;
    if (entry.includes("/")) {
      const [network, prefix] = entry.split("/") as [string, string];
      list.addSubnet(network, Number(prefix), "ipv4");
    } else {
      list.addAddress(entry, isIPv4(entry) ? "ipv4" : "ipv6");
    }
  }
  return list;
}

export function addressAllowed(address: string | null, entries: readonly string[]): boolean {
  if (!address) return false;
  const ip = normaliseAddress(address);
  const family = isIPv4(ip) ? "ipv4" : isIPv6(ip) ? "ipv6" : null;
  if (!family) return false;
  return allowlist(entries).check(ip, family);
}

// Allowlists are checked on every API request and change rarely: built once per distinct list.
const lists = new Map<string, BlockList>();
function allowlist(entries: readonly string[]): BlockList {
  const id = entries.join(",");
  let list = lists.get(id);
  if (!list) {
    if (lists.size >= 10_000) lists.clear();
    list = buildBlockList(entries);
    lists.set(id, list);
  }
  return list;
}

/**
 * The caller's address: the socket peer, unless the peer is a trusted proxy, in which case
 * the right-most X-Forwarded-For hop that is not itself a trusted proxy.
 */
export function resolveClientAddress(
  peerAddress: string | null | undefined,
  forwardedFor: string | null | undefined,
  trustedProxies: readonly string[],
): string | null {
  if (!peerAddress) return null;
  let client = normaliseAddress(peerAddress);
  if (!forwardedFor || trustedProxies.length === 0) return client;
  const hops = forwardedFor.split(",").map(normaliseAddress).filter(Boolean);
  while (addressAllowed(client, trustedProxies) && hops.length > 0) {
    client = hops.pop() as string;
  }
  return client;
}
