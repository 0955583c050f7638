/**
 * The response validator (./spec-validator.ts) on the specification's own examples (every
 * example of every operation in scope must pass, but for the spec's few inconsistent ones,
 * listed with the reason), on bodies spoilt at one place (each must fail, naming the place), and
 * on the foundation's real 401/403/404 answers.
 */
import { describe, expect, it } from "vitest";
import { newMerchant } from "../support/fixtures";
import {
  deref,
  exampleValue,
  IN_SCOPE,
  type Node,
  SKIP_REASON,
  specDocument,
  specOperation,
  splitOperation,
} from "./spec/document";
import { expectSpecProblem, expectSpecResponse, specPathOf, specResponseErrors } from "./spec-validator";
import { apiPixMerchant, pixCall } from "./support";

const spec = specDocument();
if (!spec) console.warn(SKIP_REASON);

const LOC_LACKS = /\/loc must have required property '(txid|criacao|tipoCob)'/;
const COBV_LOC_LACKS = /\/loc must have required property '(txid|criacao)'|must have required property 'location'/;
const LONG_E2E = /\/endToEndId must NOT have more than 32 characters/;

/**
 * Examples the specification lists that its own schemas refuse: the schema is the contract, the
 * example is wrong. Each entry says why and which errors it has; every error must be one of them,
 * and an entry whose example starts passing fails (remove it then).
 */
const LACKS_ID = /must have required property 'id'/;
const REC_EXAMPLE_SLIPS =
  /\/atualizacao\/\d+ must have required property 'status'|\/loc must have required property 'tipo'|\/ativacao must have required property 'tipoJornada'|\/vinculo\/objeto must NOT have more than 35 characters/;

type Inconsistency = { why: string; errors: RegExp };

/** The same inconsistency in each of the examples `names`. */
const each = (names: string[], why: string, errors: RegExp): Record<string, Inconsistency> =>
  Object.fromEntries(names.map((name) => [name, { why, errors }]));

const INCONSISTENT_EXAMPLES: Record<string, Inconsistency> = {
  ...each(
    ["cobResponse1", "cobResponse3", "cobResponse5", "cobResponse6", "cobResponse7"],
    "its loc lacks txid and criacao, which CobGerada requires",
    LOC_LACKS,
  ),
  cobResponse2: { why: "its loc lacks txid, tipoCob and criacao", errors: LOC_LACKS },
  ...each(["getCobs1", "getCobs2"], "built of cobResponse examples whose loc lacks fields", LOC_LACKS),
  cobResponse4: {
    why: "a cobv whose loc lacks txid and criacao, and which has no location, all of which CobVGerada requires",
    errors: COBV_LOC_LACKS,
  },
  getCobsV1: { why: "built of cobResponse4", errors: COBV_LOC_LACKS },
  loteCobVResponse1: { why: "lacks id, which a batch read requires", errors: LACKS_ID },
  getLotesCobsV: { why: "its batches lack id, which a batch read requires", errors: LACKS_ID },
  ...each(["pixResponse2", "pixResponse3"], "its endToEndId has 34 characters; EndToEndId is exactly 32", LONG_E2E),
  getPix1: { why: "built of pixResponse2 and pixResponse3", errors: LONG_E2E },
  getWebhook1: {
    why: "its list item is a recurrence webhook (recWebhookResponse1), which has no chave",
    errors: /\/webhooks\/0 must have required property 'chave'/,
  },
};

for (const name of [
  "recResponse1",
  "recResponse2",
  "recResponse3",
  "recResponse4",
  "recResponse5",
  "recResponse6",
  "recResponse7",
  "recResponse8",
  "getRec1",
]) {
  INCONSISTENT_EXAMPLES[name] = {
    why: "the recurrence examples name each atualizacao's status `nome`, give loc no `tipo`, put tipoJornada inside dadosJornada, or write an objeto longer than 35 (decision 0039)",
    errors: REC_EXAMPLE_SLIPS,
  };
}

Object.assign(
  INCONSISTENT_EXAMPLES,
  each(
    ["solicRecResponse1", "solicRecResponse2", "solicRecResponse3"],
    "the consent request examples' recPayload lacks fields RecPayload requires: the receiver's ispbParticipante and politicaRetentativa, and in the cancelled one everything but idRec (decision 0040)",
    /^\/recPayload(\/recebedor)? must have required property '(ispbParticipante|politicaRetentativa|atualizacao|recebedor|calendario|vinculo)'/,
  ),
);

Object.assign(
  INCONSISTENT_EXAMPLES,
  each(
    ["cobRResponse1", "cobRResponse2", "cobRResponse3", "cobRResponse4", "getCobR1"],
    "the recurring charge examples write a 9-character cep (DadosComplementaresPessoa allows 8), give attempts no atualizacao, a tipoConta POUPANÇA off the enum, or a CobRGerada receiver without the cnpj and nome it requires (decision 0041)",
    /^\/(devedor\/cep must NOT have more than 8|tentativas\/\d+ must have required property 'atualizacao'|recebedor\/tipoConta must be equal to one of|recebedor must have required property '(cnpj|nome)'|cobsr\/0\/devedor\/cep must NOT have more than 8)/,
  ),
);

Object.assign(
  INCONSISTENT_EXAMPLES,
  each(
    ["payloadLocationRecResponse1", "payloadLocationRecResponse2", "getPayloadLocationRec1"],
    "the recurrence location examples give no tipo, which the location schema requires (decision 0042)",
    /^(\(body\)|\/loc\/\d+) must have required property 'tipo'/,
  ),
);

type Example = { operation: string; status: number; name: string; value: unknown };

function examples(): Example[] {
  if (!spec) return [];
  return IN_SCOPE.flatMap((operation) => {
    const op = specOperation(spec, operation);
    return Object.entries<Node>(op?.responses ?? {}).flatMap(([status, raw]) => {
      const content = deref(spec, raw).content ?? {};
      return Object.values<Node>(content).flatMap((media) =>
        Object.values<Node>(media.examples ?? {}).map((ref) => ({
          operation,
          status: Number(status),
          name: String(ref.$ref ?? "inline").replace("#/components/examples/", ""),
          value: exampleValue(spec, deref(spec, ref).value),
        })),
      );
    });
  });
}

const clone = <T>(value: T): T => structuredClone(value);
const example = (name: string) =>
  clone(spec ? exampleValue(spec, { $ref: `#/components/examples/${name}/value` }) : {});

describe.skipIf(!spec)("expectSpecResponse on the specification's examples", () => {
  const all = examples();

  it("finds examples for the operations in scope", () => expect(all.length).toBeGreaterThan(30));

  it.each(all.map((e) => [`${e.operation} ${e.status} ${e.name}`, e] as const))("%s", (_label, e) => {
    const { method, path } = splitOperation(e.operation);
    const errors = specResponseErrors(method, path, e.status, e.value);
    const known = INCONSISTENT_EXAMPLES[e.name];
    if (!known) return expect(errors).toEqual([]);
    expect(errors, `listed as inconsistent (${known.why}) but passes: remove the entry`).not.toEqual([]);
    expect(errors.filter((error) => !known.errors.test(error))).toEqual([]);
  });
});

describe.skipIf(!spec)("expectSpecResponse refuses a body off the specification", () => {
  const failsAt = (method: string, path: string, status: number, body: unknown, where: RegExp) => {
    const errors = specResponseErrors(method, path, status, body);
    expect(
      errors.some((e) => where.test(e)),
      `errors: ${JSON.stringify(errors)}`,
    ).toBe(true);
    expect(() => expectSpecResponse(method, path, status, body)).toThrow();
  };

  /** A cob example made whole: the spec's examples omit fields of loc that its schema requires. */
  const cobExample = (name: string) => {
    const cob = example(name);
    cob.loc = { tipoCob: "cob", ...cob.loc, txid: cob.txid, criacao: "2020-09-09T20:15:00.358Z" };
    return cob;
  };

  it("a cob without a required field, with a status off the enum, a malformed amount, a wrong type", () => {
    const cob = cobExample("cobResponse1");
    expectSpecResponse("PUT", "/cob/{txid}", 201, cob);
    const { txid: _, ...withoutTxid } = cob;
    failsAt("PUT", "/cob/{txid}", 201, withoutTxid, /must have required property 'txid'/);
    failsAt("GET", "/cob/7978c0c97ea847e78e8849634473c1f1", 200, { ...cob, status: "PAGA" }, /^\/status must be/);
    failsAt(
      "PATCH",
      "/api/pix/v2/cob/7978c0c97ea847e78e8849634473c1f1",
      200,
      { ...cob, valor: { original: "37" } },
      /^\/valor\/original must match pattern/,
    );
    failsAt("POST", "/cob", 201, { ...cob, revisao: "0" }, /^\/revisao must be integer/);
  });

  it("a received PIX inside a cob list, a refund, a webhook, a location: spoilt deep inside", () => {
    const paid = cobExample("cobResponse2");
    expectSpecResponse("GET", "/cob/655dfdb1a4514b8fbb58254b958913fb", 200, paid);
    const list = { parametros: example("getCobs1").parametros, cobs: [paid] };
    expectSpecResponse("GET", "/cob?inicio=2020-01-01T00:00:00Z", 200, list);
    paid.pix[0].endToEndId = "E123";
    failsAt("GET", "/cob?inicio=2020-01-01T00:00:00Z", 200, list, /^\/cobs\/0\/pix\/0\/endToEndId/);
    paid.pix[0].endToEndId = "E12345678202009091221kkkkkkkkkkk";
    paid.pix[0].devolucoes[0].status = "FEITA";
    failsAt("GET", "/cob/x", 200, paid, /^\/pix\/0\/devolucoes\/0\/status must be equal to one of the allowed values/);
    const refund = example("devolucaoResponse1");
    failsAt("PUT", "/pix/E12345678202009091221kkkkkkkkkkk/devolucao/1", 201, { ...refund, status: "OK" }, /status/);
    failsAt("GET", "/webhook/chave", 200, { ...example("webhookResponse1"), webhookUrl: 7 }, /webhookUrl/);
    failsAt("GET", "/loc/7", 200, { ...example("payloadLocationResponse1"), tipoCob: "boleto" }, /tipoCob/);
  });

  it("an answer where the spec gives none, a status it does not document, an operation it does not have", () => {
    expectSpecResponse("DELETE", "/webhook/abc", 204, undefined);
    expect(specResponseErrors("DELETE", "/webhook/abc", 204, { ok: true })).toEqual([
      "DELETE /webhook/{chave} 204: the specification gives this answer no body",
    ]);
    expect(specResponseErrors("GET", "/cob/abc", 201, {})).toEqual([
      "GET /cob/{txid}: the specification documents no 201 answer",
    ]);
    expect(specResponseErrors("PUT", "/nada/x/y/z", 200, {})[0]).toMatch(/no such operation/);
  });

  it("maps concrete paths to templates, literal segments first", () => {
    if (!spec) return;
    expect(specPathOf(spec, "get", "/api/pix/v2/cob?inicio=x")).toBe("/cob");
    expect(specPathOf(spec, "get", "/cob/abc")).toBe("/cob/{txid}");
    expect(specPathOf(spec, "delete", "/loc/12/txid")).toBe("/loc/{id}/txid");
    expect(specPathOf(spec, "get", "/webhook")).toBe("/webhook");
    expect(specPathOf(spec, "put", "/pix/E1/devolucao/D1")).toBe("/pix/{e2eid}/devolucao/{id}");
  });

  it("a problem without its required fields, with a foreign type URI, or a status other than the answer's", () => {
    const problem = example("NaoEncontradoExample1");
    expectSpecProblem(404, problem);
    expect(() => expectSpecProblem(404, { title: "x" })).toThrow();
    expect(() => expectSpecProblem(404, { ...problem, type: "about:blank" })).toThrow();
    expect(() => expectSpecProblem(400, problem)).toThrow();
    expect(() => expectSpecProblem(404, { ...problem, violacoes: [{ razao: 1 }] })).toThrow();
  });
});

describe.skipIf(!spec)("the foundation's problems are the specification's Problema", () => {
  it("401 without a token, 403 from an address off the allowlist, 404 for an unknown path", async () => {
    const unauthenticated = await pixCall("", "GET", "/cob/7978c0c97ea847e78e8849634473c1f1");
    expect(unauthenticated.status).toBe(401);
    expectSpecProblem(401, unauthenticated.json);
    expectSpecResponse("GET", "/cob/7978c0c97ea847e78e8849634473c1f1", 401, unauthenticated.json);

    const merchant = await apiPixMerchant();
    const offList = await pixCall(merchant.bearer, "GET", "/pix", { ip: "203.0.113.9" });
    expect(offList.status).toBe(403);
    expectSpecProblem(403, offList.json);
    expectSpecResponse("GET", "/pix", 403, offList.json);

    const unknown = await pixCall(merchant.bearer, "GET", "/nao-existe/de-todo");
    expect(unknown.status).toBe(404);
    expectSpecProblem(404, unknown.json);
  });

  it("a bearer token of a key that is not the caller's is a 401 problem too", async () => {
    const other = await newMerchant();
    const res = await pixCall(`Bearer ${other.clientSecret}`, "GET", "/webhook");
    expect(res.status).toBe(401);
    expectSpecProblem(401, res.json);
  });
});
