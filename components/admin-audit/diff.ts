/** Before/after states of an audit row as rows of a readable diff: one per dotted path. */
export type DiffRow = { path: string; before: string | null; after: string | null; changed: boolean };

function flatten(value: unknown, prefix: string, into: Map<string, string>) {
  if (value !== null && typeof value === "object" && !Array.isArray(value)) {
    const entries = Object.entries(value as Record<string, unknown>);
    if (entries.length === 0 && prefix) into.set(prefix, "{}");
    for (const [key, inner] of entries) flatten(inner, prefix ? `${prefix}.${key}` : key, into);
    return;
  }
  // no state at all (a creation's before, a deletion's after) has no rows
  if (value === undefined || (value === null && !prefix)) return;
  into.set(prefix || "value", typeof value === "string" ? value : JSON.stringify(value));
}

export function diffRows(before: unknown, after: unknown): DiffRow[] {
  const left = new Map<string, string>();
  const right = new Map<string, string>();
  flatten(before, "", left);
  flatten(after, "", right);
  const paths = [...new Set([...left.keys(), ...right.keys()])];
  return paths.map((path) => {
    const b = left.get(path) ?? null;
    const a = right.get(path) ?? null;
    return { path, before: b, after: a, changed: b !== a };
  });
}
