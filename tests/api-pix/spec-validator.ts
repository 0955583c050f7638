/**
 * Validates an API Pix answer against the Central Bank's specification with a real JSON Schema
 * validator (ajv over the spec's own components): `expectSpecResponse("PUT", "/cob/{txid}", 201,
 * body)` fails with every schema error when the body is not what the spec promises for that
 * operation and status. Paths may be the spec's template or a concrete path (base and query are
 * ignored). An error status the operation does not list (401, 429...) is validated against the
 * spec's general `Problema`, which is what `expectSpecProblem` checks, with the type URI and
 * status agreeing. Where `../shared` is absent both are no-ops (see SKIP_REASON).
 *
 * OpenAPI 3.0 specifics: `nullable` is ajv's own keyword; `example`/`readOnly` are annotations
 * (strict mode off); `format: uri` also takes the scheme-less locations the spec's examples
 * use (`pix.example.com/qr/v2/...`); patterns written as `/.../` are read without the slashes.
 */
import Ajv, { type ErrorObject, type ValidateFunction } from "ajv";
import addFormats from "ajv-formats";
import { expect } from "vitest";
import { deref, type Node, SKIP_REASON, type SpecDocument, specDocument } from "./spec/document";

const SPEC_ID = "api-pix-spec.json";
const PROBLEM_TYPE = /^https:\/\/pix\.bcb\.gov\.br\/api\/v2\/error\/[A-Za-z]+$/;

let ajv: Ajv | undefined;
const compiled = new Map<string, ValidateFunction>();

function validatorFor(spec: SpecDocument): Ajv {
  if (!ajv) {
    ajv = new Ajv({ strict: false, allErrors: true, validateSchema: false, discriminator: false });
    addFormats(ajv);
    const absoluteUri = ajv.formats.uri as (value: string) => boolean;
    ajv.addFormat("uri", (value: string) => absoluteUri(value) || /^[^\s/:?#]+\.[^\s/:?#]+(\/\S*)?$/.test(value));
    ajv.addSchema(spec as unknown as object, SPEC_ID);
  }
  return ajv;
}

/** A schema fragment of the spec with its local `$ref`s pointed into the registered document. */
function anchored(node: Node): Node {
  if (Array.isArray(node)) return node.map(anchored);
  if (node === null || typeof node !== "object") return node;
  return Object.fromEntries(
    Object.entries(node).map(([k, v]) => [
      k,
      k === "$ref" && typeof v === "string" && v.startsWith("#") ? `${SPEC_ID}${v}` : anchored(v),
    ]),
  );
}

function compile(spec: SpecDocument, key: string, schema: Node): ValidateFunction {
  let validate = compiled.get(key);
  if (!validate) {
    validate = validatorFor(spec).compile(anchored(schema));
    compiled.set(key, validate);
  }
  return validate;
}

/** The spec's path template a concrete path belongs to: literal segments beat parameters. */
export function specPathOf(spec: SpecDocument, method: string, rawPath: string): string | undefined {
  const path = rawPath.split("?")[0]?.replace(/^\/api\/pix\/v2(?=\/)/, "") ?? "";
  if (spec.paths[path]?.[method]) return path;
  const segments = path.split("/");
  const candidates = Object.keys(spec.paths).filter((template) => {
    const parts = template.split("/");
    return (
      spec.paths[template]?.[method] &&
      parts.length === segments.length &&
      parts.every((part, i) => /^\{.+\}$/.test(part) || part === segments[i])
    );
  });
  const params = (template: string) => template.split("/").filter((p) => p.startsWith("{")).length;
  return candidates.sort((a, b) => params(a) - params(b))[0];
}

const readable = (errors: ErrorObject[] | null | undefined) =>
  (errors ?? []).map(
    (e) => `${e.instancePath || "(body)"} ${e.message}${e.params ? ` ${JSON.stringify(e.params)}` : ""}`,
  );

/** The schema errors of `body` as the spec's answer to METHOD path with `status` (empty when valid). */
export function specResponseErrors(method: string, path: string, status: number, body: unknown): string[] {
  const spec = specDocument();
  if (!spec) return [];
  const verb = method.toLowerCase();
  const template = specPathOf(spec, verb, path);
  if (!template) return [`${method} ${path}: no such operation in the specification`];
  const responses = spec.paths[template]?.[verb]?.responses ?? {};
  const documented = responses[String(status)];
  // every error answer is a Problema (the operations list 400/403/404/503; 401 and 429 are general)
  if (status >= 400) return problemErrors(status, body);
  if (!documented) return [`${method} ${template}: the specification documents no ${status} answer`];
  const response = deref(spec, documented);
  const content = response.content ?? {};
  const mediaType = content["application/json"];
  if (!mediaType?.schema) {
    const empty = body === undefined || body === null || body === "";
    return empty ? [] : [`${method} ${template} ${status}: the specification gives this answer no body`];
  }
  const validate = compile(spec, `${verb} ${template} ${status}`, mediaType.schema);
  return validate(body) ? [] : readable(validate.errors);
}

/** The ways `body` is not a spec `Problema` answering `status` (empty when it is one). */
export function problemErrors(status: number, body: unknown): string[] {
  const spec = specDocument();
  if (!spec) return [];
  const validate = compile(spec, "Problema", { $ref: "#/components/schemas/Problema" });
  const errors = validate(body) ? [] : readable(validate.errors);
  const problem = body as { type?: unknown; status?: unknown } | null;
  if (typeof problem?.type === "string" && !PROBLEM_TYPE.test(problem.type))
    errors.push(`/type ${problem.type} is not https://pix.bcb.gov.br/api/v2/error/<Tipo>`);
  if (problem?.status !== undefined && problem.status !== status)
    errors.push(`/status ${String(problem.status)} differs from the HTTP status ${status}`);
  return errors;
}

/** Fails unless `body` is what the specification promises for METHOD path answering `status`. */
export function expectSpecResponse(method: string, path: string, status: number, body: unknown): void {
  if (!specDocument()) return void console.warn(SKIP_REASON);
  const errors = specResponseErrors(method, path, status, body);
  expect(errors, `${method} ${path} ${status} off the specification: ${JSON.stringify(body)?.slice(0, 500)}`).toEqual(
    [],
  );
}

/** Fails unless `body` is an RFC 7807 problem of the spec's `Problema` shape for `status`. */
export function expectSpecProblem(status: number, body: unknown): void {
  if (!specDocument()) return void console.warn(SKIP_REASON);
  expect(problemErrors(status, body), `problem ${status} off the specification: ${JSON.stringify(body)}`).toEqual([]);
}

/** The request bodies the specification's webhooks (callbacks) send: what a merchant's receiver gets. */
export type WebhookBodyName = "WebhookRecBody" | "WebhookCobRBody";

/** Fails unless `body` is what the specification's `requestBodies/<name>` promises a webhook receives. */
export function expectSpecWebhookBody(name: WebhookBodyName, body: unknown): void {
  const spec = specDocument();
  if (!spec) return void console.warn(SKIP_REASON);
  const validate = compile(spec, name, {
    $ref: `#/components/requestBodies/${name}/content/application~1json/schema`,
  });
  const errors = validate(body) ? [] : readable(validate.errors);
  expect(errors, `${name} off the specification: ${JSON.stringify(body)?.slice(0, 500)}`).toEqual([]);
}
