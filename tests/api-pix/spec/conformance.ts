/**
 * One operation of our generated OpenAPI document against the same operation of the Central
 * Bank's specification: scope, parameters, request body, and 2xx answers. Returns the
 * differences as readable lines (empty when they agree).
 */
import { compareSchemas, flatten } from "./compare";
import { deref, type Node, operationAt, type SpecDocument, specOperation, splitOperation } from "./document";

export type OurDocument = { paths: Record<string, Record<string, Node>>; components?: Record<string, Node> };

/** Our document's paths without the base (`/api/pix/v2/cob/{txid}` → `/cob/{txid}`). */
export function ourOperation(ours: OurDocument, base: string, name: string): Node | undefined {
  const { method, path } = splitOperation(name);
  return operationAt(ours, `${base}${path}`, method) ?? operationAt(ours, path, method);
}

/** "METHOD /path" of every operation our document serves (base removed). */
export function ourOperationNames(ours: OurDocument, base: string): string[] {
  return Object.entries(ours.paths).flatMap(([path, item]) =>
    Object.keys(item)
      .filter((m) => ["get", "put", "post", "patch", "delete"].includes(m))
      .map((m) => `${m.toUpperCase()} ${path.startsWith(base) ? path.slice(base.length) : path}`),
  );
}

const scopesOf = (security: Node): string[] =>
  (security ?? []).flatMap((requirement: Record<string, string[]>) => Object.values(requirement).flat()).sort();

const jsonSchemaOf = (document: { components?: Record<string, Node> }, holder: Node): Node | undefined => {
  const content = deref(document, holder)?.content ?? {};
  return content["application/json"]?.schema;
};

export function compareOperation(spec: SpecDocument, ours: OurDocument, base: string, name: string): string[] {
  const specOp = specOperation(spec, name);
  if (!specOp) return [`${name}: not in the specification (check IN_SCOPE)`];
  const ourOp = ourOperation(ours, base, name);
  if (!ourOp) return [`${name}: not served (missing from our OpenAPI document)`];
  const diffs: string[] = [];

  const specScopes = scopesOf(specOp.security);
  const ourScopes = scopesOf(ourOp.security);
  if (specScopes.join(" ") !== ourScopes.join(" "))
    diffs.push(`scope is [${ourScopes.join(", ")}], the spec says [${specScopes.join(", ")}]`);

  const ourParameters = new Map<string, Node>(
    (ourOp.parameters ?? []).map((p: Node) => deref(ours, p)).map((p: Node) => [`${p.in} ${p.name}`, p]),
  );
  for (const specParameter of specOp.parameters as Node[]) {
    const key = `${specParameter.in} ${specParameter.name}`;
    const where = `parameter ${key}`;
    const mine = ourParameters.get(key);
    ourParameters.delete(key);
    if (!mine) {
      diffs.push(`${where}: missing`);
      continue;
    }
    if (Boolean(specParameter.required) !== Boolean(mine.required))
      diffs.push(`${where}: required is ${Boolean(mine.required)}, the spec says ${Boolean(specParameter.required)}`);
    diffs.push(...compareSchemas(flatten(spec, specParameter.schema), flatten(ours, mine.schema), where, "parameter"));
  }
  for (const [key, extra] of ourParameters) {
    if (extra.in !== "header") diffs.push(`parameter ${key}: not in the spec`);
  }

  const specBody = specOp.requestBody ? deref(spec, specOp.requestBody) : undefined;
  const ourBody = ourOp.requestBody ? deref(ours, ourOp.requestBody) : undefined;
  if (specBody && !ourBody) diffs.push("request body: missing");
  if (!specBody && ourBody) diffs.push("request body: the spec has none");
  if (specBody && ourBody) {
    if (Boolean(specBody.required) !== Boolean(ourBody.required))
      diffs.push(`request body: required is ${Boolean(ourBody.required)}, the spec says ${Boolean(specBody.required)}`);
    const specSchema = jsonSchemaOf(spec, specBody);
    const ourSchema = jsonSchemaOf(ours, ourBody);
    if (specSchema && !ourSchema) diffs.push("request body: no application/json schema");
    if (specSchema && ourSchema)
      diffs.push(...compareSchemas(flatten(spec, specSchema), flatten(ours, ourSchema), "body", "request"));
  }

  const success = (responses: Node) => Object.keys(responses ?? {}).filter((s) => /^2\d\d$/.test(s));
  const specSuccess = success(specOp.responses);
  const ourSuccess = success(ourOp.responses);
  for (const status of ourSuccess) {
    if (!specSuccess.includes(status)) diffs.push(`response ${status}: the spec answers ${specSuccess.join("/")}`);
  }
  for (const status of specSuccess) {
    if (!ourSuccess.includes(status)) {
      diffs.push(`response ${status}: missing`);
      continue;
    }
    const specSchema = jsonSchemaOf(spec, specOp.responses[status]);
    const ourSchema = jsonSchemaOf(ours, ourOp.responses[status]);
    if (specSchema && !ourSchema) diffs.push(`response ${status}: no application/json schema`);
    if (specSchema && ourSchema)
      diffs.push(
        ...compareSchemas(flatten(spec, specSchema), flatten(ours, ourSchema), `response ${status}`, "response"),
      );
  }
  return diffs;
}
