/**
 * Our generated OpenAPI document (/api/pix/v2/openapi.json) against the Central Bank's API Pix
 * 2.9 specification (`../shared/spec/bcb-api-pix-2.9.0.yaml`), one `it` per operation in scope:
 * path and method served, scope, parameters (name, in, required, type, pattern, enum), request
 * body (required fields, patterns, enums, recursively through $ref/allOf/oneOf) and the 2xx
 * answers (status, and the spec's required fields, patterns and enums among ours). A failure
 * lists every difference. The whole file skips only where `../shared` is absent.
 *
 * NOT_YET_SERVED: operations whose routes have not landed on this branch yet. Each is an
 * `it.todo` instead of a failure while it is absent from our document. An operation that is
 * served is always compared, listed or not, and a listed operation that is served fails the
 * "allowlist is current" test, so the list can only shrink: whoever merges a route branch
 * removes its operations from it; it is empty once every operation in IN_SCOPE is served.
 *
 * ACCEPTED_DIFFERENCES: a difference we keep on purpose (a feature the platform does not offer,
 * refused with the specification's error), each with the decision record that says why. An entry
 * that matches no difference any more fails, so the list only holds what is still true.
 */
import { OpenAPIHono, z } from "@hono/zod-openapi";
import { describe, expect, it } from "vitest";
import { API_PIX_BASE, createApiPix } from "../../server/api-pix/app";
import { pixRoutes } from "../../server/api-pix/route";
import { compareOperation, type OurDocument, ourOperation } from "./spec/conformance";
import { IN_SCOPE, type OperationName, SKIP_REASON, specDocument } from "./spec/document";

/** Operations in scope whose routes have not landed (see the file's comment): none today. */
const NOT_YET_SERVED: readonly OperationName[] = [];

/** Why a cobv read may come without `location` (the spec requires it). */
const LOCATION_UNLINKED =
  "a cobv whose location was unlinked (DELETE /loc/{id}/txid) has none to show until a PATCH gives it one; PUT replacing it or PATCH revising it answer without it too (docs/decisions/0035-cobv-doors-and-spec-conformance.md)";

/** Differences kept on purpose: the exact line the comparison prints, and why (a decision record). */
const ACCEPTED_DIFFERENCES: Partial<Record<OperationName, { difference: string; why: string }[]>> = {
  "PUT /cob/{txid}": retiradaRefused(),
  "PATCH /cob/{txid}": retiradaRefused(),
  "POST /cob": retiradaRefused(),
  "PUT /cobv/{txid}": [{ difference: "response 201: ours does not require location", why: LOCATION_UNLINKED }],
  "PATCH /cobv/{txid}": [{ difference: "response 200: ours does not require location", why: LOCATION_UNLINKED }],
  "GET /cobv/{txid}": [{ difference: "response 200: ours does not require location", why: LOCATION_UNLINKED }],
  "GET /cobv": [{ difference: "response 200.cobs[]: ours does not require location", why: LOCATION_UNLINKED }],
};

/** Pix Saque and Pix Troco are not offered: `valor.retirada` is refused (decision 0028, item 7). */
function retiradaRefused() {
  const why = "Pix Saque/Troco not offered: valor.retirada is refused (docs/decisions/0028-api-pix-cob.md)";
  return [
    { difference: "body.valor.retirada: type is [], the spec says [object]", why },
    { difference: "body.valor.retirada.saque: missing (the spec has it)", why },
    { difference: "body.valor.retirada.troco: missing (the spec has it)", why },
  ];
}

const spec = specDocument();
if (!spec) console.warn(SKIP_REASON);

const ours = createApiPix().getOpenAPIDocument({
  openapi: "3.0.3",
  info: { title: "API Pix", version: "2.9.0" },
}) as unknown as OurDocument;
const served = (name: string) => ourOperation(ours, API_PIX_BASE, name) !== undefined;

const differences = (name: OperationName) => {
  if (!spec) throw new Error(SKIP_REASON);
  const accepted = new Set((ACCEPTED_DIFFERENCES[name] ?? []).map((a) => a.difference));
  return compareOperation(spec, ours, API_PIX_BASE, name).filter((d) => !accepted.has(d));
};

describe.skipIf(!spec)("API Pix OpenAPI document against the Central Bank's specification 2.9", () => {
  for (const name of IN_SCOPE) {
    if (!served(name) && NOT_YET_SERVED.includes(name)) it.todo(`${name} (not yet served: NOT_YET_SERVED)`);
    else it(name, () => expect(differences(name), `${name} differs from the specification`).toEqual([]));
  }

  it("the NOT_YET_SERVED allowlist is current (served operations are removed from it)", () => {
    expect(NOT_YET_SERVED.filter(served), "served now: remove these from NOT_YET_SERVED").toEqual([]);
  });

  it("every ACCEPTED_DIFFERENCES entry is still a difference", () => {
    if (!spec) return;
    const stale = Object.entries(ACCEPTED_DIFFERENCES).flatMap(([name, entries]) => {
      if (!served(name)) return [];
      const current = new Set(compareOperation(spec, ours, API_PIX_BASE, name));
      return (entries ?? []).filter((e) => !current.has(e.difference)).map((e) => `${name}: ${e.difference}`);
    });
    expect(stale, "no longer differs: remove these from ACCEPTED_DIFFERENCES").toEqual([]);
  });
});

describe.skipIf(!spec)("the comparison itself", () => {
  it("finds no difference between the specification and itself", () => {
    if (!spec) return;
    const all = IN_SCOPE.flatMap((name) => compareOperation(spec, spec, "", name));
    expect(all).toEqual([]);
  });

  it("lists each kind of difference of a route that strays from the specification", () => {
    if (!spec) return;
    const app = new OpenAPIHono().basePath(API_PIX_BASE);
    const route = pixRoutes("Cob")("cob.read", { type: "CobOperacaoInvalida", title: "x", status: 400 }, [404], {
      method: "put",
      path: "/cob/{txid}",
      request: {
        params: z.object({ txid: z.string().regex(/^[a-z]{26,35}$/) }),
        body: {
          required: true,
          content: {
            "application/json": {
              schema: z.object({
                calendario: z.object({ expiracao: z.number().int() }),
                valor: z.object({ original: z.string() }),
                chave: z.string().max(77),
                extra: z.string(),
              }),
            },
          },
        },
      },
      responses: {
        200: {
          description: "x",
          content: {
            "application/json": {
              schema: z.object({ txid: z.string(), status: z.enum(["ATIVA", "OUTRA"]) }),
            },
          },
        },
      },
    });
    app.openapi(route, (c) => c.json({ txid: "a", status: "ATIVA" as const }, 200));
    const doc = app.getOpenAPIDocument({ openapi: "3.0.3", info: { title: "t", version: "0" } });
    const diffs = compareOperation(spec, doc as unknown as OurDocument, API_PIX_BASE, "PUT /cob/{txid}");
    expect(diffs).toEqual(
      expect.arrayContaining([
        "scope is [cob.read], the spec says [cob.write]",
        'parameter path txid: pattern "[a-zA-Z0-9]{26,35}" missing (ours: "^[a-z]{26,35}$")',
        String.raw`body.valor.original: pattern "\d{1,10}\.\d{2}" missing (ours: none)`,
        "body: ours requires extra, the spec does not",
        "body.extra: not in the spec",
        "body.devedor: missing (the spec has it)",
        "body.calendario: ours requires expiracao, the spec does not",
        "response 200: the spec answers 201",
        "response 201: missing",
      ]),
    );
    expect(compareOperation(spec, doc as unknown as OurDocument, API_PIX_BASE, "GET /cob")).toEqual([
      "GET /cob: not served (missing from our OpenAPI document)",
    ]);
  });
});
