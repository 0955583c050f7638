import { beforeAll, describe, expect, it } from "vitest";
import { randomCpf } from "../support/fixtures";
import { type ApiPixMerchant, apiPixMerchantWithKey, cobBody, newTxid, PROBLEM, pixCall, putCob } from "./support";

describe("API Pix GET /cob", () => {
  let shop: ApiPixMerchant;

  beforeAll(async () => {
    shop = await apiPixMerchantWithKey();
  });

  const cob = (extra: Record<string, unknown> = {}) => cobBody(shop.chave, extra);
  const put = (body: Record<string, unknown>, txid = newTxid(), merchant = shop) => putCob(merchant, body, txid);

  it("GET /cob lists a period's cobs with the filters and paging of the specification", async () => {
    const merchant = await apiPixMerchantWithKey();
    const body = (extra: Record<string, unknown>) => ({ ...cob(), chave: merchant.chave, ...extra });
    const cpf = randomCpf();
    const a = await put(body({ devedor: { cpf, nome: "Ana" } }), newTxid(), merchant);
    const b = await put(body({ devedor: { cnpj: "12345678000195", nome: "Empresa" } }), newTxid(), merchant);
    const c = await put(body({}), newTxid(), merchant);
    await pixCall(merchant.bearer, "PATCH", `/cob/${c.txid}`, { body: { status: "REMOVIDA_PELO_USUARIO_RECEBEDOR" } });
    const loc = await pixCall(merchant.bearer, "GET", `/cob/${b.txid}`);
    await pixCall(merchant.bearer, "DELETE", `/loc/${loc.json.loc.id}/txid`);
    const period = "inicio=2020-01-01T00:00:00Z&fim=2100-01-01T00:00:00.000-03:00";
    const list = async (query = "") => {
      const res = await pixCall(merchant.bearer, "GET", `/cob?${period}${query}`);
      expect(res.status, JSON.stringify(res.json)).toBe(200);
      return res.json;
    };
    const all = await list();
    expect(all.cobs.map((item: { txid: string }) => item.txid)).toEqual([a.txid, b.txid, c.txid]);
    expect(all.parametros).toEqual({
      inicio: "2020-01-01T00:00:00Z",
      fim: "2100-01-01T00:00:00.000-03:00",
      paginacao: { paginaAtual: 0, itensPorPagina: 100, quantidadeDePaginas: 1, quantidadeTotalDeItens: 3 },
    });
    const txids = async (query: string) => (await list(query)).cobs.map((item: { txid: string }) => item.txid);
    expect(await txids(`&cpf=${cpf}`)).toEqual([a.txid]);
    expect(await txids("&cnpj=12345678000195")).toEqual([b.txid]);
    expect(await txids("&status=REMOVIDA_PELO_USUARIO_RECEBEDOR")).toEqual([c.txid]);
    expect(await txids("&status=ATIVA")).toEqual([a.txid, b.txid]);
    expect(await txids("&locationPresente=false")).toEqual([b.txid]);
    expect(await txids("&locationPresente=true")).toEqual([a.txid, c.txid]);
    const page = await list("&paginacao.paginaAtual=1&paginacao.itensPorPagina=2");
    expect(page.cobs.map((item: { txid: string }) => item.txid)).toEqual([c.txid]);
    expect(page.parametros.paginacao).toEqual({
      paginaAtual: 1,
      itensPorPagina: 2,
      quantidadeDePaginas: 2,
      quantidadeTotalDeItens: 3,
    });
    const empty = await pixCall(merchant.bearer, "GET", "/cob?inicio=2000-01-01T00:00:00Z&fim=2000-01-02T00:00:00Z");
    expect(empty.json.parametros.paginacao).toMatchObject({ quantidadeDePaginas: 1, quantidadeTotalDeItens: 0 });
    expect(empty.json.cobs).toEqual([]);
  });

  it("refuses the list queries the specification calls invalid", async () => {
    const period = "inicio=2020-01-01T00:00:00Z&fim=2100-01-01T00:00:00Z";
    for (const query of [
      "fim=2100-01-01T00:00:00Z",
      "inicio=2020-01-01T00:00:00Z",
      "inicio=ontem&fim=2100-01-01T00:00:00Z",
      "inicio=2100-01-01T00:00:00Z&fim=2020-01-01T00:00:00Z",
      `${period}&cpf=${randomCpf()}&cnpj=12345678000195`,
      `${period}&cpf=123`,
      `${period}&paginacao.paginaAtual=-1`,
      `${period}&paginacao.itensPorPagina=-1`,
      `${period}&paginacao.itensPorPagina=0`,
      `${period}&paginacao.itensPorPagina=1001`,
      `${period}&locationPresente=talvez`,
      `${period}&status=PAGA`,
    ]) {
      const res = await pixCall(shop.bearer, "GET", `/cob?${query}`);
      expect(res.status, query).toBe(400);
      expect(res.json.type, query).toBe(`${PROBLEM}CobConsultaInvalida`);
      expect(res.json.violacoes.length, query).toBeGreaterThan(0);
    }
  });
});
