/**
 * Structural comparison of two OpenAPI 3.0 schemas (the specification's and ours), on what a
 * client depends on: types, patterns, enums, date formats, required fields and properties,
 * walked recursively. Both sides are first flattened: `$ref` followed, `allOf` merged, and
 * `oneOf`/`anyOf` merged as "any of these properties; required only what every branch requires"
 * (the spec and zod spell the same union differently, so only its effect is compared).
 */
import { deref, type Node, normalisePattern } from "./document";

export type Flat = {
  types: Set<string>;
  patterns: Set<string>;
  enum: Set<string> | null;
  format: string | null;
  nullable: boolean;
  properties: Map<string, Flat>;
  required: Set<string>;
  items: Flat | null;
};

type Doc = { components?: Record<string, Node> };

const empty = (): Flat => ({
  types: new Set(),
  patterns: new Set(),
  enum: null,
  format: null,
  nullable: false,
  properties: new Map(),
  required: new Set(),
  items: null,
});

function mergeInto(target: Flat, source: Flat, requiredToo = true): void {
  for (const t of source.types) target.types.add(t);
  for (const p of source.patterns) target.patterns.add(p);
  if (source.enum)
    target.enum = target.enum ? new Set([...target.enum].filter((v) => source.enum?.has(v))) : source.enum;
  target.format ??= source.format;
  target.nullable ||= source.nullable;
  for (const [name, flat] of source.properties) {
    const existing = target.properties.get(name);
    if (existing) mergeInto(existing, flat);
    else target.properties.set(name, flat);
  }
  if (requiredToo) for (const r of source.required) target.required.add(r);
  if (source.items) {
    if (target.items) mergeInto(target.items, source.items);
    else target.items = source.items;
  }
}

/** The schema as one flat description. `seen` guards against recursive `$ref`s. */
export function flatten(document: Doc, node: Node, seen: string[] = []): Flat {
  const flat = empty();
  if (!node || typeof node !== "object") return flat;
  if (typeof node.$ref === "string") {
    if (seen.includes(node.$ref)) return flat;
    return flatten(document, deref(document, { $ref: node.$ref }), [...seen, node.$ref]);
  }
  if (typeof node.type === "string") flat.types.add(node.type);
  if (Array.isArray(node.type)) for (const t of node.type) if (t !== "null") flat.types.add(t);
  if (typeof node.pattern === "string") flat.patterns.add(node.pattern);
  if (Array.isArray(node.enum)) flat.enum = new Set(node.enum.filter((v: unknown) => v !== null).map(String));
  if (node.const !== undefined) flat.enum = new Set([String(node.const)]);
  if (typeof node.format === "string") flat.format = node.format;
  flat.nullable = node.nullable === true;
  for (const [name, schema] of Object.entries<Node>(node.properties ?? {})) {
    flat.properties.set(name, flatten(document, schema, seen));
  }
  for (const r of node.required ?? []) flat.required.add(r);
  if (node.items) flat.items = flatten(document, node.items, seen);
  for (const part of node.allOf ?? []) mergeInto(flat, flatten(document, part, seen));
  const variants: Node[] = [...(node.oneOf ?? []), ...(node.anyOf ?? [])];
  const branches = variants.map((v) => flatten(document, v, seen)).filter((b) => !isNullOnly(b));
  if (branches.length) {
    const everywhere = [...(branches[0]?.required ?? [])].filter((r) => branches.every((b) => b.required.has(r)));
    for (const branch of branches) mergeInto(flat, branch, false);
    for (const r of everywhere) flat.required.add(r);
  }
  if (flat.types.size === 0 && flat.properties.size > 0) flat.types.add("object");
  return flat;
}

function isNullOnly(flat: Flat): boolean {
  return flat.types.size === 1 && flat.types.has("null");
}

/**
 * The spec writes most patterns without anchors though it means whole values (`[a-zA-Z0-9]{26,35}`
 * for a txid); a zod regex is anchored. Anchors are therefore not part of the comparison.
 */
export function loosePattern(pattern: string): string {
  return normalisePattern(pattern).replace(/^\^/, "").replace(/\$$/, "");
}

const sorted = (values: Iterable<string>) => [...values].sort().join(", ");

export type Direction = "request" | "response" | "parameter";

/**
 * The differences between the spec's schema and ours at `where`, one readable line each.
 * request: we must accept what the spec accepts and refuse what it refuses (required fields
 * equal, no property the spec lacks); response: we must give at least what the spec promises
 * (its required fields among ours; an optional field we never give may go undescribed); parameter: query strings are text, so a string of ours
 * stands for a spec boolean, integer or number.
 */
export function compareSchemas(spec: Flat, ours: Flat, where: string, direction: Direction): string[] {
  const diffs: string[] = [];
  if (spec.types.size && sorted(spec.types) !== sorted(ours.types)) {
    const textStandsIn =
      direction === "parameter" &&
      ours.types.size === 1 &&
      ours.types.has("string") &&
      [...spec.types].every((t) => ["boolean", "integer", "number"].includes(t));
    const integerIsNumber = spec.types.has("number") && ours.types.has("integer") && direction === "response";
    if (!textStandsIn && !integerIsNumber)
      diffs.push(`${where}: type is [${sorted(ours.types)}], the spec says [${sorted(spec.types)}]`);
  }
  // several spec patterns come from allOf refinements (`TxId` narrowed to `{1,35}`): one of them is enough
  if (spec.patterns.size) {
    const mine = new Set([...ours.patterns].map(loosePattern));
    const missing = [...spec.patterns].filter((p) => !mine.has(loosePattern(p)));
    if (missing.length === spec.patterns.size)
      diffs.push(
        `${where}: pattern ${missing.map((p) => `"${p}"`).join(" or ")} missing (ours: ${
          ours.patterns.size ? [...ours.patterns].map((p) => `"${p}"`).join(", ") : "none"
        })`,
      );
  }
  if (spec.enum && (!ours.enum || sorted(spec.enum) !== sorted(ours.enum))) {
    diffs.push(`${where}: enum is [${ours.enum ? sorted(ours.enum) : "none"}], the spec says [${sorted(spec.enum)}]`);
  }
  if (spec.format && ["date", "date-time"].includes(spec.format) && ours.format !== spec.format) {
    diffs.push(`${where}: format is ${ours.format ?? "none"}, the spec says ${spec.format}`);
  }
  const requiredMissing = [...spec.required].filter((r) => !ours.required.has(r));
  if (requiredMissing.length) diffs.push(`${where}: ours does not require ${sorted(requiredMissing)}`);
  if (direction === "request") {
    const extraRequired = [...ours.required].filter((r) => !spec.required.has(r));
    if (extraRequired.length) diffs.push(`${where}: ours requires ${sorted(extraRequired)}, the spec does not`);
  }
  for (const [name, specProperty] of spec.properties) {
    const mine = ours.properties.get(name);
    if (!mine) {
      // an answer need not describe an optional field it never gives (saque, troco...)
      if (direction !== "response" || spec.required.has(name))
        diffs.push(`${where}.${name}: missing (the spec has it)`);
      continue;
    }
    diffs.push(...compareSchemas(specProperty, mine, `${where}.${name}`, direction));
  }
  if (direction === "request") {
    for (const name of ours.properties.keys()) {
      if (!spec.properties.has(name)) diffs.push(`${where}.${name}: not in the spec`);
    }
  }
  if (spec.items) {
    if (!ours.items) diffs.push(`${where}[]: items undescribed (the spec describes them)`);
    else diffs.push(...compareSchemas(spec.items, ours.items, `${where}[]`, direction));
  }
  return diffs;
}
