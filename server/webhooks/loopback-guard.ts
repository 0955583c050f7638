/**
 * The test runs' guard against traffic to the outside world. With OUTBOUND_LOOPBACK_ONLY=true the
 * webhook transport and the SSRF resolver reach loopback only: any other address, or a DNS query
 * for a name other than `localhost`, is refused with an error, printed on stderr and kept in
 * `refusedOutbound()`, so that the run can fail on it. Names under `.invalid` (reserved, never
 * resolvable) answer "not found" without a query. Off (the default), nothing changes.
 */
import { BlockList, isIP } from "node:net";
import { config } from "../config";

export const OUTBOUND_REFUSED = "outbound traffic refused (OUTBOUND_LOOPBACK_ONLY)";

export class OutboundRefusedError extends Error {
  override name = "OutboundRefusedError";
}

const loopback = new BlockList();
loopback.addSubnet("127.0.0.0", 8, "ipv4");
loopback.addAddress("::1", "ipv6");

const refusals: string[] = [];
const listeners = new Set<(refusal: string) => void>();

export function loopbackOnly(): boolean {
  return config().OUTBOUND_LOOPBACK_ONLY;
}

/** 127.0.0.0/8, ::1, and IPv4-mapped 127.x addresses. */
export function isLoopbackAddress(address: string): boolean {
  const bare = address.split("%")[0] ?? "";
  const family = isIP(bare);
  if (family === 0) return false;
  return loopback.check(bare, family === 4 ? "ipv4" : "ipv6");
}

function refuse(what: string): never {
  const refusal = `${OUTBOUND_REFUSED}: ${what}`;
  refusals.push(refusal);
  console.error(refusal);
  for (const listener of listeners) listener(refusal);
  throw new OutboundRefusedError(refusal);
}

/** Before a DNS query, when the guard is on: only loopback names are looked up. */
export function checkNameToResolve(host: string): void {
  if (!loopbackOnly()) return;
  const name = host.toLowerCase().replace(/\.$/, "");
  if (name === "invalid" || name.endsWith(".invalid")) {
    throw Object.assign(new Error(`${host} is a reserved name that never resolves`), { code: "ENOTFOUND" });
  }
  if (name !== "localhost" && !name.endsWith(".localhost")) refuse(`DNS lookup of ${host}`);
}

/** Before a connection, when the guard is on: every address must be loopback. */
export function checkAddressesToReach(host: string, addresses: readonly { address: string }[]): void {
  if (!loopbackOnly()) return;
  const outside = addresses.find((a) => !isLoopbackAddress(a.address));
  if (outside) refuse(`connection to ${host} (${outside.address})`);
}

/** Every refusal of this process, oldest first. */
export function refusedOutbound(): readonly string[] {
  return refusals;
}

/** Calls `listener` on every refusal (a server under test can stop at the first). */
export function onOutboundRefused(listener: (refusal: string) => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
