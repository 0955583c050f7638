/**
 * The operations of a surface as its own OpenAPI document describes them, and fast-check
 * arbitraries derived from their JSON schemas: valid values, and values spoilt in the ways an
 * attacker or a broken client spoils them.
 */
import fc from "fast-check";

// biome-ignore lint/suspicious/noExplicitAny: JSON schema fragments are arbitrary JSON
export type Schema = any;

export type Parameter = { name: string; in: "path" | "query" | "header"; required: boolean; schema: Schema };

export type Operation = {
  method: string;
  /** OpenAPI path with `{name}` placeholders, base included. */
  path: string;
  parameters: Parameter[];
  body: Schema | null;
  /** Documented status → response schema (null when the document gives none). */
  responses: Record<string, Schema | null>;
  security: unknown;
};

type Document = { paths: Record<string, Record<string, Schema>>; components?: { schemas?: Record<string, Schema> } };

/** The OpenAPI 3.1 document an @hono/zod-openapi app serves, with every `$ref` inlined. */
export function operationsOf(app: {
  getOpenAPI31Document: (config: { openapi: "3.1.0"; info: { title: string; version: string } }) => unknown;
}): Operation[] {
  const document = app.getOpenAPI31Document({ openapi: "3.1.0", info: { title: "fuzz", version: "0" } }) as Document;
  const deref = (node: Schema, seen: string[] = []): Schema => {
    if (Array.isArray(node)) return node.map((n) => deref(n, seen));
    if (node === null || typeof node !== "object") return node;
    if (typeof node.$ref === "string") {
      const name = node.$ref.replace("#/components/schemas/", "");
      if (seen.includes(name)) return {};
      return deref(document.components?.schemas?.[name], [...seen, name]);
    }
    return Object.fromEntries(Object.entries(node).map(([k, v]) => [k, deref(v, seen)]));
  };
  const operations: Operation[] = [];
  for (const [path, item] of Object.entries(document.paths)) {
    for (const [method, raw] of Object.entries(item)) {
      const op = deref(raw);
      operations.push({
        method: method.toUpperCase(),
        path,
        parameters: (op.parameters ?? []).map((p: Schema) => ({
          name: p.name,
          in: p.in,
          required: Boolean(p.required),
          schema: p.schema ?? {},
        })),
        body: op.requestBody?.content?.["application/json"]?.schema ?? null,
        responses: Object.fromEntries(
          Object.entries<Schema>(op.responses ?? {}).map(([status, r]) => [
            status,
            r?.content?.["application/json"]?.schema ?? null,
          ]),
        ),
        security: op.security,
      });
    }
  }
  return operations;
}

/**
 * Strings that have broken payment APIs: NUL bytes, lone surrogates (PostgreSQL refuses both),
 * control and bidi characters, very long text, injection shapes, path tricks.
 */
export const NASTY_STRINGS = [
  "\u0000",
  "a\u0000b",
  "\uD800",
  "x\uDFFFy",
  "\uDBFF\uDBFF",
  "\u202Eevil",
  "\uFEFF",
  "\r\n\t\u0007",
  "💸".repeat(50),
  "a".repeat(10_000),
  "' OR 1=1 --",
  "<script>alert(1)</script>",
  "../../../etc/passwd",
  "%00",
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a log-injection probe, sent as text
  "${jndi:ldap://127.0.0.1/a}",
  "",
  " ",
  "null",
  "-1",
  "1e309",
  "__proto__",
];

/** Non-JSON and hostile JSON bodies. */
export const NASTY_BODIES = [
  "",
  "{",
  "null",
  "[]",
  '"text"',
  "123",
  '{"__proto__":{"admin":true}}',
  '{"amount":1e309}',
  `{"amount":${"[".repeat(20_000)}${"]".repeat(20_000)}}`,
  `${'{"a":'.repeat(20_000)}1${"}".repeat(20_000)}`,
];

/** URL-like fields stay on literal local addresses, so no generated request resolves a name. */
const LOCAL_URLS = ["https://127.0.0.1/hook", "https://[::1]/x", "http://127.0.0.1:1/", "https://169.254.169.254/"];

const money = fc.integer({ min: 1, max: 5_000 }).map((c) => c / 100);

function numberArbitrary(schema: Schema, integer: boolean): fc.Arbitrary<number> {
  const min = schema.minimum ?? (schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum + 1 : undefined);
  const max = schema.maximum ?? (schema.exclusiveMaximum !== undefined ? schema.exclusiveMaximum - 1 : undefined);
  if (integer) return fc.integer({ min: min ?? 0, max: max ?? 1_000_000 });
  if (min === undefined && max === undefined) return money;
  return fc.double({ min: min ?? -1e6, max: max ?? 1e6, noNaN: true });
}

function stringArbitrary(schema: Schema, key: string): fc.Arbitrary<string> {
  const minLength = schema.minLength ?? 0;
  const maxLength = Math.min(schema.maxLength ?? 40, 200);
  const fit = (s: string) => s.length >= minLength && s.length <= (schema.maxLength ?? Number.POSITIVE_INFINITY);
  if (/url/i.test(key)) return fc.constantFrom(...LOCAL_URLS);
  // whole-value matches: an unanchored pattern (the API Pix specification's) would add junk around
  if (schema.pattern) return fc.stringMatching(new RegExp(`^(?:${schema.pattern})$`)).filter(fit);
  if (schema.format === "uuid") return fc.uuid();
  if (schema.format === "email") return fc.emailAddress().filter(fit);
  if (schema.format === "date-time") return fc.date({ noInvalidDate: true }).map((d) => d.toISOString());
  return fc.string({ minLength, maxLength, unit: "grapheme-ascii" });
}

/** A value the schema accepts (as far as JSON schema can say; business rules may still refuse it). */
export function valid(schema: Schema, key = ""): fc.Arbitrary<unknown> {
  if (!schema || typeof schema !== "object") return fc.jsonValue({ maxDepth: 2 });
  const base = validIgnoringExample(schema, key);
  if (schema.example === undefined || /url/i.test(key)) return base;
  return fc.oneof({ arbitrary: fc.constant(schema.example), weight: 1 }, { arbitrary: base, weight: 2 });
}

function validIgnoringExample(schema: Schema, key: string): fc.Arbitrary<unknown> {
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (Array.isArray(schema.enum)) return fc.constantFrom(...schema.enum);
  const variants = schema.anyOf ?? schema.oneOf;
  if (Array.isArray(variants)) return fc.oneof(...variants.map((v: Schema) => valid(v, key)));
  const types: string[] = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];
  if (types.length > 1) return fc.oneof(...types.map((type) => valid({ ...schema, type }, key)));
  switch (types[0]) {
    case "null":
      return fc.constant(null);
    case "boolean":
      return fc.boolean();
    case "integer":
      return numberArbitrary(schema, true);
    case "number":
      return numberArbitrary(schema, false);
    case "string":
      return stringArbitrary(schema, key);
    case "array":
      return fc.array(valid(schema.items ?? {}, key), {
        minLength: schema.minItems ?? 0,
        maxLength: Math.min(schema.maxItems ?? 3, 3),
      });
    case "object": {
      // a property whose schema is `not: {}` (refused outright) is left out of valid values
      const properties: Record<string, Schema> = Object.fromEntries(
        Object.entries<Schema>(schema.properties ?? {}).filter(([, s]) => !(s?.not && Object.keys(s.not).length === 0)),
      );
      const model = Object.fromEntries(Object.entries(properties).map(([k, s]) => [k, valid(s, k)]));
      if (Object.keys(model).length === 0)
        return fc.dictionary(fc.string({ maxLength: 8 }), fc.jsonValue({ maxDepth: 1 }));
      return fc.record(model, { requiredKeys: (schema.required ?? []).filter((k: string) => k in model) });
    }
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

const wrongTypes = fc.constantFrom<unknown>(null, true, 0, -1, 1e21, 0.001, [], {}, [1, 2], { a: { b: 1 } }, "1,5");

/** A valid value spoilt at one place: a nasty string, a wrong type, a missing or unknown key. */
export function spoilt(schema: Schema): fc.Arbitrary<unknown> {
  return fc
    .tuple(valid(schema), fc.nat(), fc.constantFrom(...NASTY_STRINGS), wrongTypes, fc.nat({ max: 3 }))
    .map(([value, pick, nasty, wrong, how]) => {
      const paths = leafPaths(value);
      if (paths.length === 0) return how % 2 ? nasty : wrong;
      const path = paths[pick % paths.length] ?? [];
      if (how === 0) return replaceAt(value, path, nasty);
      if (how === 1) return replaceAt(value, path, wrong);
      if (how === 2) return replaceAt(value, path, undefined);
      return replaceAt(value, [...path.slice(0, -1), nasty.slice(0, 30) || "x"], nasty);
    });
}

type Path = (string | number)[];

function leafPaths(value: unknown, prefix: Path = []): Path[] {
  if (Array.isArray(value)) return [prefix, ...value.flatMap((v, i) => leafPaths(v, [...prefix, i]))].slice(1);
  if (value !== null && typeof value === "object") {
    return Object.entries(value).flatMap(([k, v]) => [[...prefix, k], ...leafPaths(v, [...prefix, k])]);
  }
  return [];
}

function replaceAt(value: unknown, path: Path, replacement: unknown): unknown {
  if (path.length === 0) return replacement;
  const [head, ...rest] = path;
  if (Array.isArray(value)) {
    const copy = [...value];
    copy[head as number] = replaceAt(copy[head as number], rest, replacement);
    return copy;
  }
  const copy: Record<string, unknown> = { ...(value as Record<string, unknown>) };
  if (rest.length === 0 && replacement === undefined) delete copy[head as string];
  else copy[head as string] = replaceAt(copy[head as string], rest, replacement);
  return copy;
}

/** A path segment as a client would put it in the URL (NUL and lone surrogates as raw bytes). */
export function encodeSegment(value: string): string {
  let out = "";
  for (const ch of value) {
    const code = ch.codePointAt(0) ?? 0;
    if (code >= 0xd800 && code <= 0xdfff)
      out += [0xed, 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f)]
        .map((b) => `%${b.toString(16).toUpperCase()}`)
        .join("");
    else out += encodeURIComponent(ch);
  }
  return out;
}
