import { beforeAll, describe, expect, it } from "vitest";
import { plusDays } from "../../server/charges/due-date/calendar";
import { call } from "../support/fixtures";
import { cobvBody, dueDay, invalidProperties, PROBLEM, putCobV, today } from "./cobv-support";
import { apiPixDoor, apiPixMerchant, apiPixMerchantWithKey, newTxid, pixCall } from "./support";

type Merchant = Awaited<ReturnType<typeof apiPixMerchantWithKey>>;

describe("API Pix cobv", () => {
  let shop: Merchant;
  let other: Merchant;

  beforeAll(async () => {
    shop = await apiPixMerchantWithKey();
    other = await apiPixMerchantWithKey();
  });

  it("PUT creates a due-date charge served at a cobv location; GET reads it", async () => {
    const body = cobvBody(shop.chave, {
      valor: {
        original: "100.00",
        multa: { modalidade: 2, valorPerc: "2.00" },
        juros: { modalidade: 2, valorPerc: "0.03" },
        desconto: { modalidade: 1, descontoDataFixa: [{ data: plusDays(today(), 1), valorPerc: "5.00" }] },
      },
      infoAdicionais: [{ nome: "Contrato", valor: "42" }],
    });
    const { txid, res } = await putCobV(shop.bearer, body);
    expect(res.status, JSON.stringify(res.json)).toBe(201);
    expect(res.json).toMatchObject({
      txid,
      revisao: 0,
      status: "ATIVA",
      calendario: { criacao: expect.any(String), dataDeVencimento: dueDay(), validadeAposVencimento: 30 },
      loc: { id: expect.any(Number), tipoCob: "cobv", txid },
      devedor: { cpf: "12345678909", nome: "Maria Pagadora", email: "maria@example.invalid", uf: "SP" },
      recebedor: { nome: expect.any(String), logradouro: expect.any(String), cidade: expect.any(String), uf: "SP" },
      valor: { original: "100.00", multa: { modalidade: 2, valorPerc: "2.00" } },
      chave: shop.chave,
      solicitacaoPagador: "Mensalidade",
      infoAdicionais: [{ nome: "Contrato", valor: "42" }],
    });
    expect(res.json.location).not.toContain("://");
    expect(res.json.location).toMatch(/^[^/]+\/pix\/qr\/v2\/cobv\/[0-9a-f-]{36}$/);
    expect(res.json.pixCopiaECola).toContain(res.json.location);

    const got = await pixCall(shop.bearer, "GET", `/cobv/${txid}`);
    expect(got.status).toBe(200);
    expect(got.json).toMatchObject({ txid, revisao: 0, status: "ATIVA", location: res.json.location });
    // a cobv is no cob
    expect((await pixCall(shop.bearer, "GET", `/cob/${txid}`)).status).toBe(404);
  });

  it("validadeAposVencimento defaults to 30", async () => {
    const body = cobvBody(shop.chave, { calendario: { dataDeVencimento: dueDay() } });
    const { res } = await putCobV(shop.bearer, body);
    expect(res.status, JSON.stringify(res.json)).toBe(201);
    expect(res.json.calendario.validadeAposVencimento).toBe(30);
  });

  it("PUT on an ATIVA cobv replaces it as a new revision; the old one stays readable", async () => {
    const { txid } = await putCobV(shop.bearer, cobvBody(shop.chave));
    const again = await pixCall(shop.bearer, "PUT", `/cobv/${txid}`, {
      body: cobvBody(shop.chave, { valor: { original: "120.00" } }),
    });
    expect(again.status, JSON.stringify(again.json)).toBe(201);
    expect(again.json).toMatchObject({ revisao: 1, valor: { original: "120.00" } });
    const old = await pixCall(shop.bearer, "GET", `/cobv/${txid}?revisao=0`);
    expect(old.json).toMatchObject({ revisao: 0, valor: { original: "100.00" } });
    const none = await pixCall(shop.bearer, "GET", `/cobv/${txid}?revisao=7`);
    expect(none.status).toBe(400);
    expect(none.json.type).toBe(`${PROBLEM}CobVConsultaInvalida`);
  });

  it("PATCH revises, removes, and then refuses any change (PUT too)", async () => {
    const { txid } = await putCobV(shop.bearer, cobvBody(shop.chave));
    const revised = await pixCall(shop.bearer, "PATCH", `/cobv/${txid}`, {
      body: {
        valor: { abatimento: { modalidade: 1, valorPerc: "10.00" } },
        devedor: { cnpj: "11222333000181", nome: "Empresa" },
      },
    });
    expect(revised.status, JSON.stringify(revised.json)).toBe(200);
    expect(revised.json).toMatchObject({
      revisao: 1,
      valor: { original: "100.00", abatimento: { modalidade: 1, valorPerc: "10.00" } },
      devedor: { cnpj: "11222333000181", nome: "Empresa" },
    });

    const both = await pixCall(shop.bearer, "PATCH", `/cobv/${txid}`, {
      body: { status: "REMOVIDA_PELO_USUARIO_RECEBEDOR", solicitacaoPagador: "x" },
    });
    expect(invalidProperties(both)).toEqual(["cobv.status"]);

    const removed = await pixCall(shop.bearer, "PATCH", `/cobv/${txid}`, {
      body: { status: "REMOVIDA_PELO_USUARIO_RECEBEDOR" },
    });
    expect(removed.json).toMatchObject({ revisao: 2, status: "REMOVIDA_PELO_USUARIO_RECEBEDOR" });
    const later = await pixCall(shop.bearer, "PATCH", `/cobv/${txid}`, { body: { solicitacaoPagador: "y" } });
    expect(invalidProperties(later)).toEqual(["cobv.status"]);
    const put = await pixCall(shop.bearer, "PUT", `/cobv/${txid}`, { body: cobvBody(shop.chave) });
    expect(invalidProperties(put)).toEqual(["cobv.status"]);
  });

  it("another merchant's cobv is not found, its txid not reusable, and never listed", async () => {
    const { txid } = await putCobV(shop.bearer, cobvBody(shop.chave));
    for (const [method, body] of [
      ["GET", undefined],
      ["PATCH", { solicitacaoPagador: "x" }],
    ] as const) {
      const res = await pixCall(other.bearer, method, `/cobv/${txid}`, body ? { body } : {});
      expect(res.status).toBe(404);
      expect(res.json.type).toBe(`${PROBLEM}CobVNaoEncontrada`);
    }
    expect(invalidProperties((await putCobV(other.bearer, cobvBody(other.chave), txid)).res)).toEqual(["cobv.txid"]);
    const list = await pixCall(other.bearer, "GET", `/cobv?inicio=2020-01-01T00:00:00Z&fim=2099-01-01T00:00:00Z`);
    expect(list.status).toBe(200);
    expect(list.json.cobs.map((c: { txid: string }) => c.txid)).not.toContain(txid);
    expect((await pixCall(shop.bearer, "GET", `/cobv/${newTxid()}`)).json.type).toBe(`${PROBLEM}CobVNaoEncontrada`);
  });

  it("GET /cobv pages the caller's cobvs with the spec's filters", async () => {
    const { txid } = await putCobV(shop.bearer, cobvBody(shop.chave));
    const period = "inicio=2020-01-01T00:00:00Z&fim=2099-01-01T00:00:00Z";
    const list = await pixCall(
      shop.bearer,
      "GET",
      `/cobv?${period}&cpf=12345678909&status=ATIVA&locationPresente=true`,
    );
    expect(list.status, JSON.stringify(list.json)).toBe(200);
    expect(list.json.parametros).toMatchObject({ cpf: "12345678909", status: "ATIVA", paginacao: { paginaAtual: 0 } });
    expect(list.json.cobs.map((c: { txid: string }) => c.txid)).toContain(txid);
    const query = async (q: string) => {
      const res = await pixCall(shop.bearer, "GET", `/cobv?${q}`);
      expect(res.status).toBe(400);
      expect(res.json.type).toBe(`${PROBLEM}CobVConsultaInvalida`);
      return res.json.violacoes.map((v: { propriedade: string }) => v.propriedade);
    };
    expect(await query("inicio=2025-01-02T00:00:00Z&fim=2025-01-01T00:00:00Z")).toEqual(["fim"]);
    expect(await query(`${period}&cpf=12345678909&cnpj=11222333000181`)).toEqual(["cnpj"]);
    expect(await query(`${period}&status=PAGA`)).toEqual(["status"]);
    expect(await query(`${period}&paginacao.paginaAtual=-1`)).toContain("paginacao.paginaAtual");
    expect(await query(`${period}&paginacao.itensPorPagina=-1`)).toContain("paginacao.itensPorPagina");
    expect(await query("fim=2025-01-01T00:00:00Z")).toContain("inicio");
  });

  it("documents the cobv operations and shapes in the surface's OpenAPI document", async () => {
    const res = await call(apiPixDoor, "GET", "/api/pix/v2/openapi.json");
    const operations = Object.entries(res.json.paths as Record<string, Record<string, unknown>>).flatMap(
      ([path, methods]) =>
        Object.keys(methods).map((method) => `${method.toUpperCase()} ${path.replace("/api/pix/v2", "")}`),
    );
    expect(operations).toEqual(
      expect.arrayContaining(["PUT /cobv/{txid}", "PATCH /cobv/{txid}", "GET /cobv/{txid}", "GET /cobv"]),
    );
    const schemas = res.json.components.schemas;
    expect(schemas.CobVSolicitada.required).toEqual(["calendario", "devedor", "valor", "chave"]);
    expect(Object.keys(schemas.CobVValor.properties)).toEqual(["original", "multa", "juros", "abatimento", "desconto"]);
  });

  it("asks for the cobv scopes", async () => {
    const reader = await apiPixMerchant("cobv.read");
    const res = await pixCall(reader.bearer, "PUT", `/cobv/${newTxid()}`, { body: cobvBody(shop.chave) });
    expect(res.status).toBe(403);
    const none = await apiPixMerchant("cob.read");
    expect(
      (await pixCall(none.bearer, "GET", "/cobv?inicio=2020-01-01T00:00:00Z&fim=2099-01-01T00:00:00Z")).status,
    ).toBe(403);
  });
});
