import { beforeAll, describe, expect, it } from "vitest";
import { resetConfigForTests } from "../../server/config";
import { randomCpf } from "../support/fixtures";
import { settleOutbox as settle } from "../support/outbox";
import { apiPixMerchant, paidCharge, pixCall, pixToKey, registerEvpKey } from "./support";

const PROBLEM = "https://pix.bcb.gov.br/api/v2/error/";
const period = (from: Date, to: Date) =>
  `inicio=${encodeURIComponent(from.toISOString())}&fim=${encodeURIComponent(to.toISOString())}`;

describe("GET /pix/{e2eid} and GET /pix", () => {
  let shop: Awaited<ReturnType<typeof apiPixMerchant>>;
  let other: Awaited<ReturnType<typeof apiPixMerchant>>;
  let key: string;
  let start: Date;
  let charged: Awaited<ReturnType<typeof paidCharge>>;
  let byKey: string;
  const payerCpf = randomCpf();

  beforeAll(async () => {
    process.env.SANDBOX_SETTLEMENT_DELAY_MS = "0";
    resetConfigForTests();
    start = new Date(Date.now() - 1000);
    shop = await apiPixMerchant();
    other = await apiPixMerchant();
    key = await registerEvpKey(shop.accountId);
    charged = await paidCharge(shop, 12_345n, { name: "Ana Pagadora", cpfCnpj: payerCpf });
    byKey = await pixToKey(shop, key, 500n);
  });

  it("answers a PIX that paid a charge as the Pix object: txid, valor, componentesValor, chave, horario", async () => {
    const res = await pixCall(shop.bearer, "GET", `/pix/${charged.endToEndId}`);
    expect(res.status).toBe(200);
    expect(res.json).toEqual({
      endToEndId: charged.endToEndId,
      txid: charged.txId,
      valor: "123.45",
      componentesValor: { original: { valor: "123.45" } },
      chave: key,
      horario: charged.credit.createdAt.toISOString(),
      devolucoes: [],
    });
  });

  it("answers a PIX sent to a key without txid", async () => {
    const res = await pixCall(shop.bearer, "GET", `/pix/${byKey}`);
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ endToEndId: byKey, valor: "5.00", chave: key });
    expect(res.json.txid).toBeUndefined();
  });

  it("answers PixNaoEncontrado for an unknown e2eid, a malformed one, and another merchant's PIX", async () => {
    for (const [bearer, e2eid] of [
      [shop.bearer, "E00000000202611281200aaaaaaaaaaa"],
      [shop.bearer, "x".repeat(32)],
      [shop.bearer, "short"],
      [other.bearer, charged.endToEndId],
    ] as const) {
      const res = await pixCall(bearer, "GET", `/pix/${e2eid}`);
      expect(res.status).toBe(404);
      expect(res.json.type).toBe(`${PROBLEM}PixNaoEncontrado`);
    }
  });

  it("lists the period's PIX, oldest first, with paging", async () => {
    const to = new Date(Date.now() + 60_000);
    const res = await pixCall(shop.bearer, "GET", `/pix?${period(start, to)}`);
    expect(res.status).toBe(200);
    expect(res.json.parametros).toEqual({
      inicio: start.toISOString(),
      fim: to.toISOString(),
      paginacao: { paginaAtual: 0, itensPorPagina: 100, quantidadeDePaginas: 1, quantidadeTotalDeItens: 2 },
    });
    expect(res.json.pix.map((p: { endToEndId: string }) => p.endToEndId)).toEqual([charged.endToEndId, byKey]);

    const second = await pixCall(
      shop.bearer,
      "GET",
      `/pix?${period(start, to)}&paginacao.paginaAtual=1&paginacao.itensPorPagina=1`,
    );
    expect(second.json.parametros.paginacao).toEqual({
      paginaAtual: 1,
      itensPorPagina: 1,
      quantidadeDePaginas: 2,
      quantidadeTotalDeItens: 2,
    });
    expect(second.json.pix.map((p: { endToEndId: string }) => p.endToEndId)).toEqual([byKey]);

    const others = await pixCall(other.bearer, "GET", `/pix?${period(start, to)}`);
    expect(others.json.pix).toEqual([]);
    expect(others.json.parametros.paginacao.quantidadeTotalDeItens).toBe(0);
  });

  it("filters by txid, txIdPresente, cpf and devolucaoPresente", async () => {
    const range = period(start, new Date(Date.now() + 60_000));
    const ids = async (query: string) => {
      const res = await pixCall(shop.bearer, "GET", `/pix?${range}&${query}`);
      expect(res.status).toBe(200);
      return res.json.pix.map((p: { endToEndId: string }) => p.endToEndId);
    };
    expect(await ids(`txid=${charged.txId}`)).toEqual([charged.endToEndId]);
    expect(await ids("txIdPresente=true")).toEqual([charged.endToEndId]);
    expect(await ids("txIdPresente=false")).toEqual([byKey]);
    expect(await ids(`cpf=${payerCpf}`)).toEqual([charged.endToEndId]);
    expect(await ids("cnpj=12345678000199")).toEqual([]);
    expect(await ids("devolucaoPresente=true")).toEqual([]);

    const refund = await pixCall(shop.bearer, "PUT", `/pix/${byKey}/devolucao/r1`, { body: { valor: "1.00" } });
    expect(refund.status).toBe(201);
    await settle();
    expect(await ids("devolucaoPresente=true")).toEqual([byKey]);
    expect(await ids("devolucaoPresente=false")).toEqual([charged.endToEndId]);
    const listed = await pixCall(shop.bearer, "GET", `/pix?${range}&devolucaoPresente=true`);
    expect(listed.json.pix[0].devolucoes).toEqual([
      expect.objectContaining({ id: "r1", valor: "1.00", status: "DEVOLVIDO", natureza: "ORIGINAL" }),
    ]);
  });

  it("refuses a malformed query with PixConsultaInvalida and a violation per broken rule", async () => {
    const from = new Date("2026-11-01T00:00:00Z");
    const to = new Date("2026-11-30T00:00:00Z");
    const cases: [string, string][] = [
      ["fim=2026-11-30T00:00:00Z", "inicio"],
      ["inicio=2026-11-01T00:00:00Z", "fim"],
      ["inicio=ontem&fim=2026-11-30T00:00:00Z", "inicio"],
      [period(to, from), "fim"],
      [`${period(from, to)}&cpf=12345678901&cnpj=12345678000199`, "cnpj"],
      [`${period(from, to)}&cpf=123`, "cpf"],
      [`${period(from, to)}&txid=${"a".repeat(36)}`, "txid"],
      [`${period(from, to)}&txIdPresente=talvez`, "txIdPresente"],
      [`${period(from, to)}&paginacao.paginaAtual=-1`, "paginacao.paginaAtual"],
      [`${period(from, to)}&paginacao.itensPorPagina=-1`, "paginacao.itensPorPagina"],
      [`${period(from, to)}&paginacao.itensPorPagina=0`, "paginacao.itensPorPagina"],
      [`${period(from, to)}&paginacao.itensPorPagina=1001`, "paginacao.itensPorPagina"],
    ];
    for (const [query, property] of cases) {
      const res = await pixCall(shop.bearer, "GET", `/pix?${query}`);
      expect(res.status, query).toBe(400);
      expect(res.json.type).toBe(`${PROBLEM}PixConsultaInvalida`);
      expect(res.json.violacoes.map((v: { propriedade: string }) => v.propriedade)).toContain(property);
    }
  });

  it("answers an empty page far past the end, not an error", async () => {
    const res = await pixCall(
      shop.bearer,
      "GET",
      `/pix?${period(start, new Date(Date.now() + 60_000))}&paginacao.paginaAtual=2147483647&paginacao.itensPorPagina=1000`,
    );
    expect(res.status).toBe(200);
    expect(res.json.pix).toEqual([]);
    expect(res.json.parametros.paginacao).toMatchObject({ paginaAtual: 2147483647, quantidadeTotalDeItens: 2 });
  });

  it("needs pix.read", async () => {
    const narrow = await apiPixMerchant("cob.read");
    const res = await pixCall(narrow.bearer, "GET", `/pix/${charged.endToEndId}`);
    expect(res.status).toBe(403);
    expect(res.json.type).toBe(`${PROBLEM}AcessoNegado`);
  });
});
