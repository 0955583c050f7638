import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { allowPrivateTargets } from "../webhooks/support";
import { apiPixMerchant, pixCall, registerEvpKey } from "./support";

const PROBLEM = "https://pix.bcb.gov.br/api/v2/error/";
const HOOK = "https://erp.example.invalid/api/webhook";

describe("PUT/GET/DELETE /webhook/{chave} and GET /webhook", () => {
  let shop: Awaited<ReturnType<typeof apiPixMerchant>>;
  let other: Awaited<ReturnType<typeof apiPixMerchant>>;
  let key: string;
  let otherKey: string;

  beforeAll(async () => {
    allowPrivateTargets(true);
    shop = await apiPixMerchant();
    other = await apiPixMerchant();
    key = await registerEvpKey(shop.accountId);
    otherKey = await registerEvpKey(other.accountId);
  });
  afterAll(() => allowPrivateTargets(false));

  it("sets, reads, replaces, lists and removes the webhook of a key", async () => {
    const put = await pixCall(shop.bearer, "PUT", `/webhook/${key}`, { body: { webhookUrl: HOOK } });
    expect(put.status).toBe(200);
    const read = await pixCall(shop.bearer, "GET", `/webhook/${key}`);
    expect(read.status).toBe(200);
    expect(read.json).toEqual({ webhookUrl: HOOK, chave: key, criacao: expect.any(String) });

    const replaced = await pixCall(shop.bearer, "PUT", `/webhook/${key.toUpperCase()}`, {
      body: { webhookUrl: `${HOOK}/v2` },
    });
    expect(replaced.status).toBe(200);
    const again = await pixCall(shop.bearer, "GET", `/webhook/${key}`);
    expect(again.json).toEqual({ webhookUrl: `${HOOK}/v2`, chave: key, criacao: read.json.criacao });

    const list = await pixCall(shop.bearer, "GET", "/webhook");
    expect(list.status).toBe(200);
    expect(list.json).toEqual({
      parametros: {
        paginacao: { paginaAtual: 0, itensPorPagina: 100, quantidadeDePaginas: 1, quantidadeTotalDeItens: 1 },
      },
      webhooks: [again.json],
    });

    const removed = await pixCall(shop.bearer, "DELETE", `/webhook/${key}`);
    expect(removed.status).toBe(204);
    const gone = await pixCall(shop.bearer, "GET", `/webhook/${key}`);
    expect(gone.status).toBe(404);
    expect(gone.json.type).toBe(`${PROBLEM}WebhookNaoEncontrado`);
    const twice = await pixCall(shop.bearer, "DELETE", `/webhook/${key}`);
    expect(twice.status).toBe(404);
    expect(twice.json.type).toBe(`${PROBLEM}WebhookNaoEncontrado`);
  });

  it("answers every one of concurrent PUTs of a key, leaving one webhook", async () => {
    const racer = await apiPixMerchant();
    const chave = await registerEvpKey(racer.accountId);
    const answers = await Promise.all(
      [1, 2, 3, 4].map((n) =>
        pixCall(racer.bearer, "PUT", `/webhook/${chave}`, { body: { webhookUrl: `${HOOK}/${n}` } }),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200]);
    const list = await pixCall(racer.bearer, "GET", "/webhook");
    expect(list.json.webhooks).toHaveLength(1);
  });

  it("keeps each merchant to its own keys and webhooks", async () => {
    expect((await pixCall(shop.bearer, "PUT", `/webhook/${key}`, { body: { webhookUrl: HOOK } })).status).toBe(200);

    const foreignPut = await pixCall(other.bearer, "PUT", `/webhook/${key}`, { body: { webhookUrl: HOOK } });
    expect(foreignPut.status).toBe(400);
    expect(foreignPut.json.type).toBe(`${PROBLEM}WebhookOperacaoInvalida`);
    expect(foreignPut.json.violacoes).toEqual([{ razao: expect.any(String), propriedade: "chave" }]);
    for (const method of ["GET", "DELETE"]) {
      const res = await pixCall(other.bearer, method, `/webhook/${key}`);
      expect(res.status).toBe(404);
      expect(res.json.type).toBe(`${PROBLEM}WebhookNaoEncontrado`);
    }
    expect((await pixCall(other.bearer, "GET", "/webhook")).json.webhooks).toEqual([]);
    expect((await pixCall(shop.bearer, "GET", `/webhook/${key}`)).status).toBe(200);
    const mine = await pixCall(other.bearer, "PUT", `/webhook/${otherKey}`, { body: { webhookUrl: HOOK } });
    expect(mine.status).toBe(200);
    expect(
      (await pixCall(shop.bearer, "GET", "/webhook")).json.webhooks.map((w: { chave: string }) => w.chave),
    ).toEqual([key]);
  });

  it("refuses a chave that is no PIX key, or no key of the merchant's, with a violation on chave", async () => {
    for (const chave of ["not-a-key", randomUUID(), "a".repeat(78)]) {
      const res = await pixCall(shop.bearer, "PUT", `/webhook/${chave}`, { body: { webhookUrl: HOOK } });
      expect(res.status, chave).toBe(400);
      expect(res.json.type).toBe(`${PROBLEM}WebhookOperacaoInvalida`);
      expect(res.json.violacoes.map((v: { propriedade: string }) => v.propriedade)).toEqual(["chave"]);
    }
  });

  it("refuses a webhookUrl out of the schema or the SSRF guard's rules, with a violation on webhook.webhookUrl", async () => {
    const cases: unknown[] = [
      {},
      { webhookUrl: "not a url" },
      { webhookUrl: 42 },
      { webhookUrl: "ftp://erp.example.invalid/hook" },
      { webhookUrl: "https://user:pw@erp.example.invalid/hook" },
      { webhookUrl: `https://erp.example.invalid/${"a".repeat(2100)}` },
    ];
    for (const body of cases) {
      const res = await pixCall(shop.bearer, "PUT", `/webhook/${key}`, { body });
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(res.json.type).toBe(`${PROBLEM}WebhookOperacaoInvalida`);
      expect(res.json.violacoes.map((v: { propriedade: string }) => v.propriedade)).toContain("webhook.webhookUrl");
    }
    allowPrivateTargets(false);
    try {
      for (const webhookUrl of ["http://203.0.113.10/hook", "https://127.0.0.1/hook", "http://127.0.0.1:9/hook"]) {
        const res = await pixCall(shop.bearer, "PUT", `/webhook/${key}`, { body: { webhookUrl } });
        expect(res.status, webhookUrl).toBe(400);
        expect(res.json.violacoes[0].propriedade).toBe("webhook.webhookUrl");
      }
    } finally {
      allowPrivateTargets(true);
    }
  });

  it("lists by creation period with paging, and refuses a malformed query with WebhookConsultaInvalida", async () => {
    const lister = await apiPixMerchant();
    const keys = [await registerEvpKey(lister.accountId)];
    const before = new Date();
    for (const chave of keys) {
      expect((await pixCall(lister.bearer, "PUT", `/webhook/${chave}`, { body: { webhookUrl: HOOK } })).status).toBe(
        200,
      );
    }
    const inPeriod = await pixCall(
      lister.bearer,
      "GET",
      `/webhook?inicio=${encodeURIComponent(new Date(before.getTime() - 1000).toISOString())}&paginacao.itensPorPagina=1`,
    );
    expect(inPeriod.json.webhooks).toHaveLength(1);
    expect(inPeriod.json.parametros.paginacao).toMatchObject({ itensPorPagina: 1, quantidadeTotalDeItens: 1 });
    const far = await pixCall(
      lister.bearer,
      "GET",
      "/webhook?paginacao.paginaAtual=2147483647&paginacao.itensPorPagina=1000",
    );
    expect(far.status).toBe(200);
    expect(far.json.webhooks).toEqual([]);
    const earlier = await pixCall(lister.bearer, "GET", `/webhook?fim=${encodeURIComponent("2020-01-01T00:00:00Z")}`);
    expect(earlier.json.webhooks).toEqual([]);

    const cases: [string, string][] = [
      ["inicio=2026-11-30T00:00:00Z&fim=2026-11-01T00:00:00Z", "fim"],
      ["inicio=ontem", "inicio"],
      ["paginacao.paginaAtual=-1", "paginacao.paginaAtual"],
      ["paginacao.itensPorPagina=-1", "paginacao.itensPorPagina"],
      ["paginacao.itensPorPagina=abc", "paginacao.itensPorPagina"],
    ];
    for (const [query, property] of cases) {
      const res = await pixCall(lister.bearer, "GET", `/webhook?${query}`);
      expect(res.status, query).toBe(400);
      expect(res.json.type).toBe(`${PROBLEM}WebhookConsultaInvalida`);
      expect(res.json.violacoes.map((v: { propriedade: string }) => v.propriedade)).toContain(property);
    }
  });

  it("needs webhook.write to change and webhook.read to read", async () => {
    const reader = await apiPixMerchant("webhook.read");
    const put = await pixCall(reader.bearer, "PUT", `/webhook/${key}`, { body: { webhookUrl: HOOK } });
    expect(put.status).toBe(403);
    expect(put.json.type).toBe(`${PROBLEM}AcessoNegado`);
    const writer = await apiPixMerchant("webhook.write");
    const list = await pixCall(writer.bearer, "GET", "/webhook");
    expect(list.status).toBe(403);
  });
});
