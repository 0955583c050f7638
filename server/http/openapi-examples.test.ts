/**
 * The request examples of the API reference are what "Try it out" sends: each must be filled in
 * (no placeholder "string") and accepted by the very schema the route parses its body with.
 */
import type { RouteConfig } from "@hono/zod-openapi";
import { describe, expect, it } from "vitest";
import type { z } from "zod";
import { createAccountApi } from "../account-api/app";
import { createGatewayApi } from "../gateway/app";

// biome-ignore lint/suspicious/noExplicitAny: OpenAPI and JSON schema fragments are arbitrary JSON
type Json = any;

type App = {
  request: (path: string) => Response | Promise<Response>;
  openAPIRegistry: { definitions: { type: string; route?: RouteConfig }[] };
};

/**
 * The example of a JSON schema as the reference shows it: the schema's own `example`, else one
 * composed from its parts as Swagger UI composes it. `missing` collects the leaves that have none.
 */
function exampleOf(schema: Json, resolve: (ref: string) => Json, at: string, missing: string[]): Json {
  if (schema?.$ref) return exampleOf(resolve(schema.$ref), resolve, at, missing);
  if (schema === undefined || schema === null || schema === true) return undefined;
  if (schema.example !== undefined) return schema.example;
  if (Array.isArray(schema.examples) && schema.examples.length > 0) return schema.examples[0];
  if (schema.const !== undefined) return schema.const;
  if (Array.isArray(schema.enum)) return schema.enum[0];
  if (schema.default !== undefined) return schema.default;
  const alternatives = schema.oneOf ?? schema.anyOf;
  if (Array.isArray(alternatives)) return exampleOf(alternatives[0], resolve, at, missing);
  const type = Array.isArray(schema.type) ? schema.type.find((t: string) => t !== "null") : schema.type;
  if (type === "object" || schema.properties) {
    const properties = Object.entries<Json>(schema.properties ?? {}).filter(([, property]) => !property.deprecated);
    return Object.fromEntries(
      properties.map(([name, property]) => [name, exampleOf(property, resolve, `${at}.${name}`, missing)]),
    );
  }
  if (type === "array") return [exampleOf(schema.items, resolve, `${at}[]`, missing)];
  if (type === "boolean") return true;
  missing.push(at || "(body)");
  return undefined;
}

async function requestExamples(app: App, openapiPath: string, base: string) {
  const document: Json = await (await app.request(openapiPath)).json();
  const resolve = (ref: string) => document.components.schemas[ref.replace("#/components/schemas/", "")];
  const routes = app.openAPIRegistry.definitions.flatMap((d) => (d.type === "route" && d.route ? [d.route] : []));
  return Object.entries<Record<string, Json>>(document.paths).flatMap(([path, item]) =>
    Object.entries(item).flatMap(([method, op]) => {
      const documented = op.requestBody?.content?.["application/json"]?.schema;
      if (!documented) return [];
      const route = routes.find((r) => r.method === method && `${base}${r.path}` === path);
      const media = route?.request?.body?.content?.["application/json"];
      const schema = (media && "schema" in media ? media.schema : undefined) as z.ZodType | undefined;
      const missing: string[] = [];
      const example = exampleOf(documented, resolve, "", missing);
      return [{ id: `${method.toUpperCase()} ${path}`, schema, example, missing }];
    }),
  );
}

describe("request examples in the API reference", () => {
  process.env.PIX_RAIL ??= "sandbox";

  for (const [name, make, openapiPath, base] of [
    ["account surface", createAccountApi, "/v4/i/openapi.json", "/v4/i"],
    ["gateway", createGatewayApi, "/api/external/openapi.json", "/api/external"],
  ] as const) {
    it(`of the ${name} are filled in and valid against their own schema`, async () => {
      const examples = await requestExamples(make() as unknown as App, openapiPath, base);
      expect(examples.length).toBeGreaterThan(3);
      const problems: string[] = [];
      for (const { id, schema, example, missing } of examples) {
        if (!schema) problems.push(`${id}: no route schema found`);
        for (const leaf of missing) problems.push(`${id}: no example for ${leaf}`);
        const parsed = schema?.safeParse(example);
        if (parsed && !parsed.success) {
          problems.push(
            `${id}: example refused: ${parsed.error.issues.map((i) => `${i.path.join(".")} ${i.message}`)}`,
          );
        }
      }
      expect(problems).toEqual([]);
    });
  }

  it("an invalid example is caught", () => {
    const missing: string[] = [];
    const example = exampleOf(
      { type: "object", properties: { n: { type: "integer", minimum: 5, example: 1 }, s: { type: "string" } } },
      () => undefined,
      "",
      missing,
    );
    expect(example).toEqual({ n: 1, s: undefined });
    expect(missing).toEqual([".s"]);
  });
});
