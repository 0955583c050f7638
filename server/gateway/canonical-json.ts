/**
 * The signed form of a gateway request body (interface 5.2): the body parsed and written back
 * compactly with the keys of every object sorted (UTF-16 code unit order, as Array#sort does).
 * Numbers come out in JavaScript's shortest round-trip form (`10.50` → `10.5`, `1e2` → `100`),
 * strings as JSON.stringify writes them (non-ASCII characters as themselves).
 */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(",")}]`;
  if (value !== null && typeof value === "object") {
    const entries = Object.keys(value as Record<string, unknown>)
      .sort()
      .map((key) => `${JSON.stringify(key)}:${canonicalJson((value as Record<string, unknown>)[key])}`);
    return `{${entries.join(",")}}`;
  }
  return JSON.stringify(value) ?? "null";
}
