/**
 * SSRF guard (docs/contract.md, "Webhook targets"): a webhook target may not resolve to loopback,
 * private, link-local, CGNAT, unspecified, multicast/reserved or cloud-metadata addresses. Checked
 * when a target is registered and again on every connection (guardedLookup), which connects to
 * exactly the addresses it checked, so a DNS answer that changes after registration (rebinding)
 * cannot reach inside. WEBHOOK_ALLOW_PRIVATE_TARGETS=true (development, tests) turns it off.
 */
import type { LookupAddress } from "node:dns";
import { lookup as dnsLookup } from "node:dns/promises";
import { isIP, isIPv4, type LookupFunction } from "node:net";
import { invalid } from "../errors";
import { checkAddressesToReach, checkNameToResolve } from "./loopback-guard";
import { MAX_URL } from "./schema";

export type Resolver = (host: string) => Promise<{ address: string; family: number }[]>;

export const systemResolver: Resolver = async (host) => {
  checkNameToResolve(host);
  return dnsLookup(host, { all: true, verbatim: true });
};

/** IPv4 ranges refused, as [network, prefix length]. */
const V4_BLOCKED: [string, number][] = [
  ["0.0.0.0", 8], // "this network", unspecified
  ["10.0.0.0", 8],
  ["100.64.0.0", 10], // CGNAT (also 100.100.100.200, a cloud metadata address)
  ["127.0.0.0", 8],
  ["169.254.0.0", 16], // link-local (169.254.169.254 metadata)
  ["172.16.0.0", 12],
  ["192.0.0.0", 24], // IETF protocol assignments (192.0.0.192 metadata)
  ["192.168.0.0", 16],
  ["198.18.0.0", 15], // benchmarking
  ["224.0.0.0", 4], // multicast
  ["240.0.0.0", 4], // reserved, broadcast
];

function v4ToInt(address: string): number {
  return address.split(".").reduce((acc, part) => acc * 256 + Number(part), 0);
}

function v4Blocked(address: string): boolean {
  const value = v4ToInt(address);
  return V4_BLOCKED.some(([network, bits]) => {
    const size = 2 ** (32 - bits);
    const start = v4ToInt(network);
    return value >= start && value < start + size;
  });
}

/** 16 bytes of an IPv6 address (zone id dropped), or null when malformed. */
export function ipv6Bytes(raw: string): number[] | null {
  let address = raw.split("%")[0] ?? "";
  const tail: number[] = [];
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(address);
  if (dotted?.[1]) {
    if (!isIPv4(dotted[1])) return null;
    tail.push(...dotted[1].split(".").map(Number));
    address = `${address.slice(0, -dotted[1].length)}0:0`;
  }
  const halves = address.split("::");
  if (halves.length > 2) return null;
  const parse = (part: string | undefined) => (part ? part.split(":") : []);
  const head = parse(halves[0]);
  const rest = parse(halves[1]);
  const missing = 8 - head.length - rest.length;
  if ((halves.length === 1 && missing !== 0) || missing < 0) return null;
  const groups = [...head, ...Array(halves.length === 2 ? missing : 0).fill("0"), ...rest];
  const bytes: number[] = [];
  for (const group of groups) {
    if (!/^[0-9a-f]{1,4}$/i.test(group)) return null;
    const value = Number.parseInt(group, 16);
    bytes.push(value >> 8, value & 0xff);
  }
  if (tail.length) bytes.splice(12, 4, ...tail);
  return bytes.length === 16 ? bytes : null;
}

function v6Blocked(address: string): boolean {
  const b = ipv6Bytes(address);
  if (!b) return true;
  const zeros = (from: number, to: number) => b.slice(from, to).every((x) => x === 0);
  const embeddedV4 = (at: number) => b.slice(at, at + 4).join(".");
  if (zeros(0, 16)) return true; // ::
  if (zeros(0, 15) && b[15] === 1) return true; // ::1
  if (zeros(0, 10) && b[10] === 0xff && b[11] === 0xff) return v4Blocked(embeddedV4(12)); // ::ffff:a.b.c.d
  if (zeros(0, 12)) return true; // ::a.b.c.d (deprecated compatible)
  if (b[0] === 0x00 && b[1] === 0x64 && b[2] === 0xff && b[3] === 0x9b && zeros(4, 12)) {
    return v4Blocked(embeddedV4(12)); // NAT64 64:ff9b::/96
  }
  if (b[0] === 0x20 && b[1] === 0x02) return v4Blocked(embeddedV4(2)); // 6to4 2002::/16
  const first = b[0] ?? 0;
  const second = b[1] ?? 0;
  if ((first & 0xfe) === 0xfc) return true; // fc00::/7 unique local (fd00:ec2::254 metadata)
  if (first === 0xfe && (second & 0xc0) === 0x80) return true; // fe80::/10 link-local
  if (first === 0xfe && (second & 0xc0) === 0xc0) return true; // fec0::/10 site-local (deprecated)
  if (first === 0xff) return true; // multicast
  return false;
}

/** Whether an IP address is one a webhook may never reach. Anything unparsable counts as refused. */
export function isForbiddenAddress(address: string): boolean {
  const family = isIP(address.split("%")[0] ?? "");
  if (family === 4) return v4Blocked(address);
  if (family === 6) return v6Blocked(address);
  return true;
}

/** The host of a URL as DNS or an IP literal (brackets of IPv6 literals removed). */
export function hostOf(url: URL): string {
  return url.hostname.replace(/^\[(.*)\]$/, "$1");
}

export async function resolveHost(host: string, resolver: Resolver = systemResolver) {
  if (isIP(host)) return [{ address: host, family: isIP(host) }];
  const addresses = await resolver(host);
  if (addresses.length === 0) throw new Error(`${host} has no addresses`);
  return addresses;
}

export class ForbiddenTargetError extends Error {
  constructor(
    readonly host: string,
    readonly address: string,
  ) {
    super(`${host} resolves to a non-public address (${address})`);
    this.name = "ForbiddenTargetError";
  }
}

/** Throws when an address of a host is not one a webhook may reach. */
export type AddressCheck = (host: string, addresses: readonly { address: string }[]) => void;

export const refuseForbidden: AddressCheck = (host, addresses) => {
  const bad = addresses.find((a) => isForbiddenAddress(a.address));
  if (bad) throw new ForbiddenTargetError(host, bad.address);
};

/**
 * A `lookup` for http.request/net.connect that resolves, checks every address, and hands back
 * only checked ones, so the socket connects to what was checked. IP-literal hosts never reach a
 * lookup (Node connects to them directly): check those before connecting.
 */
export function guardedLookup(
  resolver: Resolver = systemResolver,
  checks: readonly AddressCheck[] = [checkAddressesToReach, refuseForbidden],
): LookupFunction {
  return (hostname, options, callback) => {
    resolveHost(hostname, resolver)
      .then((addresses) => {
        for (const check of checks) check(hostname, addresses);
        return addresses;
      })
      .then(
        (addresses) => {
          const wanted = options.family === 4 || options.family === 6 ? options.family : 0;
          const usable = addresses.filter((a) => wanted === 0 || a.family === wanted);
          if (usable.length === 0) {
            callback(Object.assign(new Error(`${hostname} has no IPv${wanted} address`), { code: "ENOTFOUND" }), "");
            return;
          }
          if (options.all) callback(null, usable as LookupAddress[]);
          else callback(null, usable[0]?.address ?? "", usable[0]?.family);
        },
        (error: Error) => callback(error as NodeJS.ErrnoException, ""),
      );
  };
}

export type TargetRules = {
  field: string;
  /** http:// accepted: always (gateway allow_insecure), or only on private addresses when allowed */
  insecure: "allowed" | "private-only" | "refused";
  allowPrivate: boolean;
  resolver?: Resolver;
};

/** Validates a webhook target URL for registration; 400 with `<field>: ...` messages. */
export async function validateTargetUrl(raw: string, rules: TargetRules): Promise<string> {
  const { field } = rules;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw invalid(`${field}: must be a valid absolute URL`, field, "URL_INVALID");
  }
  if (raw.length > MAX_URL) throw invalid(`${field}: must be at most ${MAX_URL} characters`, field, "URL_TOO_LONG");
  if (url.protocol !== "https:" && url.protocol !== "http:")
    throw invalid(`${field}: must use https`, field, "URL_NOT_HTTPS");
  if (url.username || url.password) throw invalid(`${field}: must not carry credentials`, field, "URL_CREDENTIALS");
  if (url.hash) throw invalid(`${field}: must not have a fragment`, field, "URL_FRAGMENT");
  const host = hostOf(url);
  const http = url.protocol === "http:";
  if (http && rules.insecure === "refused") throw invalid(`${field}: must use https`, field, "URL_NOT_HTTPS");

  const needsResolution = !rules.allowPrivate || (http && rules.insecure === "private-only");
  if (!needsResolution) return url.toString();
  let addresses: { address: string }[];
  try {
    addresses = await resolveHost(host, rules.resolver);
  } catch {
    throw invalid(`${field}: host ${host} could not be resolved`, field, "URL_UNRESOLVED");
  }
  const forbidden = addresses.filter((a) => isForbiddenAddress(a.address));
  if (!rules.allowPrivate && forbidden.length > 0) {
    throw invalid(
      `${field}: ${host} resolves to a non-public address (${forbidden[0]?.address})`,
      field,
      "URL_NOT_PUBLIC",
    );
  }
  if (http && rules.insecure === "private-only" && forbidden.length !== addresses.length) {
    throw invalid(`${field}: must use https`, field, "URL_NOT_HTTPS");
  }
  return url.toString();
}
