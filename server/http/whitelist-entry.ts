/**
 * Whether a string is an IP whitelist entry as the request pipelines read it: a single IPv4, an
 * IPv4 CIDR, or an IPv6 address — exact strings, no spaces, no leading zeros. No Node imports,
 * so the dashboard can check entries as they are typed.
 */
const IPV4_OCTET = "(25[0-5]|2[0-4]\\d|1\\d\\d|[1-9]?\\d)";
const IPV4 = new RegExp(`^${IPV4_OCTET}(\\.${IPV4_OCTET}){3}$`);
const IPV4_CIDR = new RegExp(`^${IPV4_OCTET}(\\.${IPV4_OCTET}){3}/(3[0-2]|[12]?\\d)$`);

function isIPv6Literal(entry: string): boolean {
  if (!entry.includes(":") || /[\s/%[\]]/.test(entry)) return false;
  try {
    return new URL(`http://[${entry}]/`).hostname.length > 2;
  } catch {
    return false;
  }
}

export function whitelistEntryError(entry: string): string | null {
  if (IPV4.test(entry) || IPV4_CIDR.test(entry) || isIPv6Literal(entry)) return null;
  return `invalid IP whitelist entry "${entry}": use an IPv4 address, an IPv4 CIDR (a.b.c.d/n) or an IPv6 address`;
}
