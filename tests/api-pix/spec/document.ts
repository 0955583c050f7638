/**
 * The Central Bank's API Pix 2.9 specification as the tests read it: the YAML beside the
 * repository (`../shared/spec/bcb-api-pix-2.9.0.yaml`), the operations this platform serves, and
 * `$ref` resolution over it. Absent file → `specDocument()` is null and the spec tests skip.
 */
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { parse } from "yaml";

export const SPEC_FILE = path.resolve(import.meta.dirname, "../../../../shared/spec/bcb-api-pix-2.9.0.yaml");

// biome-ignore lint/suspicious/noExplicitAny: OpenAPI fragments are arbitrary JSON
export type Node = any;
export type SpecDocument = { paths: Record<string, Record<string, Node>>; components: Record<string, Node> };

/** The operations this platform serves ("in scope"), as the specification names them. */
export const IN_SCOPE = [
  "PUT /cob/{txid}",
  "PATCH /cob/{txid}",
  "GET /cob/{txid}",
  "POST /cob",
  "GET /cob",
  "PUT /cobv/{txid}",
  "PATCH /cobv/{txid}",
  "GET /cobv/{txid}",
  "GET /cobv",
  "PUT /lotecobv/{id}",
  "PATCH /lotecobv/{id}",
  "GET /lotecobv/{id}",
  "GET /lotecobv",
  "POST /rec",
  "GET /rec/{idRec}",
  "PATCH /rec/{idRec}",
  "GET /rec",
  "POST /solicrec",
  "GET /solicrec/{idSolicRec}",
  "PATCH /solicrec/{idSolicRec}",
  "POST /locrec",
  "GET /locrec",
  "GET /locrec/{id}",
  "DELETE /locrec/{id}/idRec",
  "PUT /cobr/{txid}",
  "PATCH /cobr/{txid}",
  "GET /cobr/{txid}",
  "POST /cobr",
  "GET /cobr",
  "POST /cobr/{txid}/retentativa/{data}",
  "PUT /webhookrec",
  "GET /webhookrec",
  "DELETE /webhookrec",
  "PUT /webhookcobr",
  "GET /webhookcobr",
  "DELETE /webhookcobr",
  "POST /loc",
  "GET /loc",
  "GET /loc/{id}",
  "DELETE /loc/{id}/txid",
  "GET /pix/{e2eid}",
  "GET /pix",
  "PUT /pix/{e2eid}/devolucao/{id}",
  "GET /pix/{e2eid}/devolucao/{id}",
  "PUT /webhook/{chave}",
  "GET /webhook/{chave}",
  "DELETE /webhook/{chave}",
  "GET /webhook",
] as const;
export type OperationName = (typeof IN_SCOPE)[number];

export function splitOperation(name: string): { method: string; path: string } {
  const [method = "", path = ""] = name.split(" ");
  return { method: method.toLowerCase(), path };
}

/**
 * The spec writes some patterns as JavaScript regex literals (`/^\d{11}$/`), which JSON Schema
 * would read as "a slash, then…" and no CPF would match: the delimiters are dropped.
 */
export function normalisePattern(pattern: string): string {
  return pattern.length > 2 && pattern.startsWith("/") && pattern.endsWith("/") ? pattern.slice(1, -1) : pattern;
}

function normalisePatterns(node: Node): Node {
  if (Array.isArray(node)) return node.map(normalisePatterns);
  if (node === null || typeof node !== "object") return node;
  return Object.fromEntries(
    Object.entries(node).map(([k, v]) => [
      k,
      k === "pattern" && typeof v === "string" ? normalisePattern(v) : normalisePatterns(v),
    ]),
  );
}

type Erratum = { at: (string | number)[]; was: unknown; now: unknown; why: string };

/**
 * A property that is one object or another, each told by its own key, where neither branch
 * requires its key: every value matches both and `oneOf` refuses it. Each branch requires its key.
 */
const oneOfByKey = (schema: string, property: string, keys: [string, string], why: string): Erratum[] =>
  keys.map((key, branch) => ({
    at: ["components", "schemas", schema, "properties", property, "oneOf", branch, "required"],
    was: undefined,
    now: [key],
    why: branch === 0 ? why : `as above, for the \`${key}\` branch`,
  }));

/** A request body the specification leaves optional although the operation has nothing to do without it. */
const requiredBody = (name: string, why: string): Erratum => ({
  at: ["components", "requestBodies", name, "required"],
  was: undefined,
  now: true,
  why,
});

/**
 * Slips of the specification's text that no implementation could satisfy, corrected before
 * any test reads it. Each names what it was, so a new version of the file that fixes (or moves)
 * it fails loudly instead of being patched blindly.
 */
export const SPEC_ERRATA: Erratum[] = [
  {
    at: ["components", "schemas", "PixConsultados", "required"],
    was: ["parametros", "cobs"],
    now: ["parametros", "pix"],
    why: "the list of received PIX has no `cobs`; its array is `pix` (copied from CobsConsultadas)",
  },
  {
    at: ["components", "schemas", "CobsConsultadas", "properties", "cobs", "items", "allOf", 1, "required"],
    was: ["status", "txid", "idCob"],
    now: ["status", "txid"],
    why: "`idCob` belongs to the recurring charge (cobr); an immediate charge has no such field",
  },
  {
    at: ["components", "schemas", "CobsVConsultadas", "properties", "cobs", "items", "allOf", 1, "required"],
    was: ["status", "txid", "idCob"],
    now: ["status", "txid"],
    why: "as for CobsConsultadas: `idCob` belongs to the recurring charge; a due-date charge has no such field",
  },
  {
    at: ["components", "schemas", "DadosRecebedor", "required"],
    was: ["logradouro", "cidade", "uf", "cep"],
    now: [],
    why: "the address belongs to `recebedor` (its own allOf requires it there); required at the top it would ask a cobv for `logradouro`, `cidade`, `uf` and `cep` beside `txid`",
  },
  ...oneOfByKey(
    "CobValor",
    "retirada",
    ["saque", "troco"],
    "`retirada` is either `saque` or `troco`, but neither branch requires its key, so every value matches both and `oneOf` refuses it",
  ),
  {
    at: ["components", "schemas", "PayloadLocationCob", "required"],
    was: ["id", "tipoCob"],
    now: ["id"],
    why: "a cob's `loc` is `{ id }` (its examples send only the id); `tipoCob` is not even a property of it",
  },
  {
    at: ["components", "schemas", "WebhookCompleto", "required"],
    was: ["webhookUrl", "cnpj", "criacao"],
    now: ["webhookUrl", "chave", "criacao"],
    why: "a webhook is configured per key: its example answers `chave`, and `cnpj` (described as a debtor filter) was copied from a query",
  },
  {
    at: ["components", "schemas", "WebhookCompleto", "properties", "chave"],
    was: undefined,
    now: { type: "string", title: "Chave DICT do recebedor", maxLength: 77 },
    why: "as above: the key the webhook is configured for",
  },
  {
    at: ["components", "schemas", "RecBase", "required"],
    was: ["idRec", "calendario", "vinculo", "retentativa"],
    now: ["calendario", "vinculo"],
    why: "`retentativa` is no property (the field is `politicaRetentativa`, required by RecConfiguracao), and `idRec` is given by the receiving institution, so no request creating a recurrence could carry it (docs/decisions/0039)",
  },
  {
    at: ["components", "schemas", "DadosPagadorRec", "required"],
    was: ["ispbParticipante"],
    now: [],
    why: "`ispbParticipante` is a property of `pagador`, not of the recurrence; required at the top it asks every rec for a field it has not (and a rec not yet approved has no payer)",
  },
  ...oneOfByKey(
    "RecEncerramento",
    "encerramento",
    ["rejeicao", "cancelamento"],
    "`encerramento` is either `rejeicao` or `cancelamento`, but neither branch requires its key, so every value matches both and `oneOf` refuses it",
  ),
  requiredBody("RecBody", "a recurrence is created from its body: POST /rec without one has nothing to create"),
  requiredBody("RecBodyRevisada", "a revision is its body: PATCH /rec/{idRec} without one revises nothing"),
  {
    at: ["components", "schemas", "SolicRecBase", "required"],
    was: ["calendario", "pagador", "idRec", "destinatario"],
    now: ["calendario", "idRec", "destinatario"],
    why: "`pagador` is no property of a consent request (the payer is `destinatario`), so no request could carry it (docs/decisions/0040)",
  },
  {
    at: ["components", "schemas", "SolicRecCompleta", "required"],
    was: ["rec"],
    now: ["recPayload"],
    why: "`rec` is no property of a consent request; the recurrence it carries is `recPayload` (docs/decisions/0040)",
  },
  requiredBody("SolicRecBody", "a request is created from its body: POST /solicrec without one has nothing to send"),
  requiredBody(
    "SolicRecBodyRevisada",
    "a revision is its body: PATCH /solicrec/{idSolicRec} without one revises nothing",
  ),
  {
    at: ["paths", "/locrec", "post", "requestBody"],
    was: undefined,
    now: { $ref: "#/components/requestBodies/PayloadLocationRecBody" },
    why: "the specification defines PayloadLocationRecBody (`tipo: rec`, required) for this operation but never references it; /loc's POST takes its body the same way (docs/decisions/0042)",
  },
  {
    at: ["components", "schemas", "PixAutomatico", "properties", "valor", "anyOf"],
    was: [
      { $ref: "#/components/schemas/PixValorOriginal" },
      { $ref: "#/components/schemas/PixValorJuros" },
      { $ref: "#/components/schemas/PixValorMulta" },
      { $ref: "#/components/schemas/PixValorAbatimento" },
      { $ref: "#/components/schemas/PixValorDesconto" },
    ],
    now: [{ type: "string" }],
    why: "`valor` of a Pix Automático PIX is a string whose anyOf lists only objects (the components of a cob's value), so no value satisfies both: the string is kept (docs/decisions/0041)",
  },
  ...oneOfByKey(
    "CobRAtualizacao",
    "encerramento",
    ["cancelamento", "rejeicao"],
    "a recurring charge's `encerramento` is either `cancelamento` or `rejeicao`, but neither branch requires its key, so every value matches both and `oneOf` refuses it (as RecEncerramento's)",
  ),
  {
    at: ["components", "schemas", "RecNotification", "required"],
    was: ["idRec", "status", 'atualizacao"'],
    now: ["idRec", "status", "atualizacao"],
    why: 'the YAML drops the opening quote of `atualizacao`, so the name required is `atualizacao"` (with the quote), which no notification can carry',
  },
];

function applyErrata(document: Node): Node {
  for (const erratum of SPEC_ERRATA) {
    const parent = erratum.at.slice(0, -1).reduce<Node>((node, key) => node?.[key], document);
    const key = erratum.at.at(-1) as string | number;
    if (JSON.stringify(parent?.[key]) !== JSON.stringify(erratum.was)) {
      throw new Error(`spec erratum at ${erratum.at.join(".")} no longer applies: review SPEC_ERRATA`);
    }
    parent[key] = erratum.now;
  }
  return document;
}

let cached: SpecDocument | null | undefined;

/** The parsed specification (patterns normalised, errata applied), or null where `../shared` is absent. */
export function specDocument(): SpecDocument | null {
  if (cached === undefined) {
    cached = existsSync(SPEC_FILE)
      ? (applyErrata(normalisePatterns(parse(readFileSync(SPEC_FILE, "utf8")))) as SpecDocument)
      : null;
  }
  return cached;
}

/**
 * An example's value with the spec's composition resolved: examples are built from other
 * examples as `{ $ref: "#/components/examples/x/value" }` or `{ allOf: [those] }`.
 */
export function exampleValue(document: SpecDocument, node: Node): Node {
  if (Array.isArray(node)) return node.map((n) => exampleValue(document, n));
  if (node === null || typeof node !== "object") return node;
  if (typeof node.$ref === "string") {
    const target = resolveRef(document, node.$ref);
    // a whole example object where its value was meant
    const whole = /^#\/components\/examples\/[^/]+$/.test(node.$ref);
    return exampleValue(document, whole ? target.value : target);
  }
  const keys = Object.keys(node);
  if (keys.length === 1 && Array.isArray(node.allOf)) {
    return Object.assign({}, ...node.allOf.map((part: Node) => exampleValue(document, part)));
  }
  return Object.fromEntries(keys.map((k) => [k, exampleValue(document, node[k])]));
}

export const SKIP_REASON = `the Central Bank's specification is not at ${SPEC_FILE} (../shared absent): spec tests skipped`;

/** The node a local `$ref` (`#/components/...`) points at. */
export function resolveRef(document: { components?: Record<string, Node> }, ref: string): Node {
  if (!ref.startsWith("#/")) throw new Error(`only local $refs are supported: ${ref}`);
  let node: Node = document;
  for (const raw of ref.slice(2).split("/")) {
    node = node?.[raw.replace(/~1/g, "/").replace(/~0/g, "~")];
  }
  if (node === undefined) throw new Error(`$ref ${ref} points at nothing`);
  return node;
}

/** A node with its own `$ref` followed (repeatedly); nested refs are left in place. */
export function deref(document: { components?: Record<string, Node> }, node: Node): Node {
  let current = node;
  for (let hops = 0; current && typeof current.$ref === "string"; hops++) {
    if (hops > 20) throw new Error("$ref chain too long");
    current = resolveRef(document, current.$ref);
  }
  return current;
}

/** The spec's operation object for "METHOD /path", with the path-level parameters merged in. */
export function specOperation(document: SpecDocument, name: string): Node | undefined {
  const { method, path } = splitOperation(name);
  return operationAt(document, path, method);
}

/** The operation at a document's path and method, with the path-level parameters merged in. */
export function operationAt(
  document: { paths: Record<string, Record<string, Node>>; components?: Record<string, Node> },
  path: string,
  method: string,
): Node | undefined {
  const item = document.paths[path];
  const operation = item?.[method];
  if (!operation) return undefined;
  const parameters = new Map<string, Node>();
  for (const p of [...(item.parameters ?? []), ...(operation.parameters ?? [])]) {
    const resolved = deref(document, p);
    parameters.set(`${resolved.in} ${resolved.name}`, resolved);
  }
  return { ...operation, parameters: [...parameters.values()] };
}
