/**
 * "Authorize" in the API reference sends credentials only on the operations that declare a
 * security requirement: every authenticated operation of both surfaces must declare one, naming
 * schemes the document defines, and the gateway's signed POSTs must require the HMAC too.
 */
import { describe, expect, it } from "vitest";
import { createAccountApi } from "../account-api/app";
import { createGatewayApi } from "../gateway/app";

// biome-ignore lint/suspicious/noExplicitAny: an OpenAPI document is arbitrary JSON
type Document = any;

/** Operations that are public on purpose ("METHOD path"). Health and the docs live outside both documents. */
const PUBLIC: string[] = [];

async function documentOf(app: { request: (path: string) => Response | Promise<Response> }, path: string) {
  const res = await app.request(path);
  expect(res.status).toBe(200);
  return (await res.json()) as Document;
}

function operations(document: Document) {
  return Object.entries<Record<string, Document>>(document.paths).flatMap(([path, item]) =>
    Object.entries(item).map(([method, op]) => ({ id: `${method.toUpperCase()} ${path}`, method, op })),
  );
}

describe("security requirements in the API reference", () => {
  process.env.PIX_RAIL ??= "sandbox";

  it("every operation of the account surface requires its Basic credentials", async () => {
    const document = await documentOf(createAccountApi(), "/v4/i/openapi.json");
    const schemes = Object.keys(document.components.securitySchemes);
    const missing: string[] = [];
    for (const { id, op } of operations(document)) {
      if (PUBLIC.includes(id)) continue;
      const security: Record<string, string[]>[] = op.security ?? [];
      if (security.length === 0) missing.push(id);
      for (const requirement of security) for (const name of Object.keys(requirement)) expect(schemes).toContain(name);
    }
    expect(missing).toEqual([]);
    expect(document.components.securitySchemes.basic).toMatchObject({ type: "http", scheme: "basic" });
  });

  it("every operation of the gateway requires its API key, and every POST its HMAC too", async () => {
    const document = await documentOf(createGatewayApi(), "/api/external/openapi.json");
    const schemes = Object.keys(document.components.securitySchemes);
    const missing: string[] = [];
    for (const { id, method, op } of operations(document)) {
      if (PUBLIC.includes(id)) continue;
      const security: Record<string, string[]>[] = op.security ?? [];
      if (security.length === 0) missing.push(id);
      for (const requirement of security) {
        for (const name of Object.keys(requirement)) expect(schemes).toContain(name);
        expect(Object.keys(requirement)).toContain("apiKey");
        if (method === "post") expect(Object.keys(requirement), id).toContain("hmac");
        else expect(Object.keys(requirement), id).not.toContain("hmac");
      }
    }
    expect(missing).toEqual([]);
    expect(document.components.securitySchemes.hmac.description).toMatch(/HMAC-SHA512/);
  });
});
