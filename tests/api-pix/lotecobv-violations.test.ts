/**
 * Every violation the specification lists for the LoteCobV operations, each answered exactly and
 * changing nothing; and the cobv violations an item meets, as its `problema`.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { plusDays } from "../../server/charges/due-date/calendar";
import { db } from "../../server/db/client";
import { cobvBody, dueDay, PROBLEM, putCobV } from "./cobv-support";
import { batchItems, drainBatches, newBatchId, putLote } from "./lotecobv-support";
import { apiPixMerchantWithKey, newTxid, pixCall } from "./support";

type Merchant = Awaited<ReturnType<typeof apiPixMerchantWithKey>>;
type Res = { status: number; json: { type: string; violacoes?: { propriedade: string; razao: string }[] } };

function loteInvalid(res: Res): string[] {
  expect(res.status, JSON.stringify(res.json)).toBe(400);
  expect(res.json.type).toBe(`${PROBLEM}LoteCobVOperacaoInvalida`);
  return (res.json.violacoes ?? []).map((v) => v.propriedade);
}

describe("API Pix lotecobv violations", () => {
  let shop: Merchant;

  beforeAll(async () => {
    shop = await apiPixMerchantWithKey();
  });

  const stored = async (id: string) => db().dueDateBatch.count({ where: { userId: shop.userId, id: BigInt(id) } });

  it.each([
    ["descricao missing", { cobsv: "items" }, "loteCobV.descricao"],
    ["descricao not a string", { descricao: 12, cobsv: "items" }, "loteCobV.descricao"],
    ["descricao too long", { descricao: "x".repeat(201), cobsv: "items" }, "loteCobV.descricao"],
    ["cobsv missing", { descricao: "x" }, "loteCobV.cobsv"],
    ["cobsv not an array", { descricao: "x", cobsv: { txid: "a" } }, "loteCobV.cobsv"],
    ["cobsv empty", { descricao: "x", cobsv: [] }, "loteCobV.cobsv"],
    ["an item without txid", { descricao: "x", cobsv: [{ valor: { original: "1.00" } }] }, "loteCobV.cobsv.0.txid"],
    ["an item with a bad txid", { descricao: "x", cobsv: [{ txid: "short" }] }, "loteCobV.cobsv.0.txid"],
    ["an item not an object", { descricao: "x", cobsv: ["cobv"] }, "loteCobV.cobsv.0"],
    ["descricao with a NUL", { descricao: "a\u0000b", cobsv: "items" }, "loteCobV.descricao"],
  ])("PUT: %s → LoteCobVOperacaoInvalida naming it, nothing stored", async (_, body, propriedade) => {
    const payload =
      (body as { cobsv?: unknown }).cobsv === "items" ? { ...body, cobsv: batchItems(shop.chave, 1) } : body;
    const { id, res } = await putLote(shop.bearer, payload);
    expect(loteInvalid(res)).toContain(propriedade);
    expect(await stored(id)).toBe(0);
  });

  it.each([
    ["breaks the cobv schema (devedor)", { devedor: { nome: "Sem documento" } }, "loteCobV.cobsv.0.devedor"],
    [
      "has a modalidade out of range",
      { valor: { original: "1.00", multa: { modalidade: 9, valorPerc: "1.00" } } },
      "loteCobV.cobsv.0.valor.multa.modalidade",
    ],
    [
      "has a solicitacaoPagador too long",
      { solicitacaoPagador: "x".repeat(141) },
      "loteCobV.cobsv.0.solicitacaoPagador",
    ],
    ["lacks valor", { valor: undefined }, "loteCobV.cobsv.0.valor"],
    [
      "holds a NUL or a lone surrogate",
      { devedor: { cpf: "12345678909", nome: "M\u0000" }, solicitacaoPagador: "\ud800" },
      "loteCobV.cobsv.0",
    ],
  ])("PUT: an item that %s → the batch refused naming it, nothing stored", async (_, change, propriedade) => {
    const [item] = batchItems(shop.chave, 1, change);
    const { id, res } = await putLote(shop.bearer, { descricao: "x", cobsv: [item, ...batchItems(shop.chave, 1)] });
    expect(loteInvalid(res)).toContain(propriedade);
    expect(await stored(id)).toBe(0);
  });

  it("PATCH: a revision that breaks the cobv schema refuses the request naming it", async () => {
    const items = batchItems(shop.chave, 1);
    const { id } = await putLote(shop.bearer, { descricao: "x", cobsv: items });
    const res = await pixCall(shop.bearer, "PATCH", `/lotecobv/${id}`, {
      body: { cobsv: [{ txid: items[0]?.txid, status: "ATIVA" }] },
    });
    expect(loteInvalid(res)).toEqual(["loteCobV.cobsv.0.status"]);
  });

  it("PUT: more than 1,000 cobv → loteCobV.cobsv", async () => {
    const cobsv = batchItems(shop.chave, 1001);
    const { id, res } = await putLote(shop.bearer, { descricao: "x", cobsv });
    expect(loteInvalid(res)).toContain("loteCobV.cobsv");
    expect(await stored(id)).toBe(0);
  });

  it("PUT: a txid twice in the batch → loteCobV.cobsv", async () => {
    const [item] = batchItems(shop.chave, 1);
    const { id, res } = await putLote(shop.bearer, { descricao: "x", cobsv: [item, item] });
    expect(loteInvalid(res)).toEqual(["loteCobV.cobsv"]);
    expect(await stored(id)).toBe(0);
  });

  it("PUT: a new batch with a cobv already created (by PUT /cobv) → loteCobV.cobsv, nothing stored", async () => {
    const { txid } = await putCobV(shop.bearer, cobvBody(shop.chave));
    const [fresh] = batchItems(shop.chave, 1);
    const { id, res } = await putLote(shop.bearer, { descricao: "x", cobsv: [fresh, { ...fresh, txid }] });
    expect(loteInvalid(res)).toEqual(["loteCobV.cobsv"]);
    expect(res.json.violacoes?.[0]?.razao).toContain(txid);
    expect(await stored(id)).toBe(0);
    expect(await db().dueDateBatchItem.count({ where: { txId: fresh?.txid as string } })).toBe(0);
  });

  it("PUT: a new batch with a txid of another batch → loteCobV.cobsv", async () => {
    const items = batchItems(shop.chave, 1);
    await putLote(shop.bearer, { descricao: "first", cobsv: items });
    const { id, res } = await putLote(shop.bearer, { descricao: "second", cobsv: items });
    expect(loteInvalid(res)).toEqual(["loteCobV.cobsv"]);
    expect(await stored(id)).toBe(0);
  });

  it("PUT on an existing batch: not exactly the same txids (one more, one less) → loteCobV.cobsv, batch unchanged", async () => {
    const items = batchItems(shop.chave, 2);
    const { id } = await putLote(shop.bearer, { descricao: "original", cobsv: items });
    await drainBatches();
    for (const cobsv of [[...items, ...batchItems(shop.chave, 1)], items.slice(0, 1)]) {
      const res = await pixCall(shop.bearer, "PUT", `/lotecobv/${id}`, { body: { descricao: "changed", cobsv } });
      expect(loteInvalid(res)).toEqual(["loteCobV.cobsv"]);
    }
    const got = await pixCall(shop.bearer, "GET", `/lotecobv/${id}`);
    expect(got.json).toMatchObject({ descricao: "original", cobsv: [{ status: "CRIADA" }, { status: "CRIADA" }] });
  });

  it("PUT: an id that is no integer → 400 naming it", async () => {
    const res = await pixCall(shop.bearer, "PUT", "/lotecobv/abc", {
      body: { descricao: "x", cobsv: batchItems(shop.chave, 1) },
    });
    expect(loteInvalid(res)).toEqual(["loteCobV.id"]);
  });

  it("PATCH: unknown batch → 404 LoteCobVNaoEncontrado; GET too", async () => {
    const id = newBatchId();
    const patch = await pixCall(shop.bearer, "PATCH", `/lotecobv/${id}`, {
      body: { cobsv: [{ txid: newTxid(), valor: { original: "1.00" } }] },
    });
    expect(patch.status).toBe(404);
    expect(patch.json.type).toBe(`${PROBLEM}LoteCobVNaoEncontrado`);
    const get = await pixCall(shop.bearer, "GET", `/lotecobv/${id}`);
    expect(get.status).toBe(404);
    expect(get.json.type).toBe(`${PROBLEM}LoteCobVNaoEncontrado`);
  });

  it("PATCH: a cobv not in the batch, a bad descricao, a bad cobsv → LoteCobVOperacaoInvalida; nothing re-submitted", async () => {
    const items = batchItems(shop.chave, 1);
    const { id } = await putLote(shop.bearer, { descricao: "x", cobsv: items });
    await drainBatches();
    const stranger = await pixCall(shop.bearer, "PATCH", `/lotecobv/${id}`, {
      body: { cobsv: [{ txid: items[0]?.txid }, { txid: newTxid(), valor: { original: "1.00" } }] },
    });
    expect(loteInvalid(stranger)).toEqual(["loteCobV.cobsv"]);
    const descricao = await pixCall(shop.bearer, "PATCH", `/lotecobv/${id}`, {
      body: { descricao: ["x"], cobsv: [{ txid: items[0]?.txid }] },
    });
    expect(loteInvalid(descricao)).toEqual(["loteCobV.descricao"]);
    const cobsv = await pixCall(shop.bearer, "PATCH", `/lotecobv/${id}`, { body: { cobsv: "all" } });
    expect(loteInvalid(cobsv)).toEqual(["loteCobV.cobsv"]);
    const got = await pixCall(shop.bearer, "GET", `/lotecobv/${id}`);
    expect(got.json.cobsv).toEqual([expect.objectContaining({ status: "CRIADA" })]);
  });

  it.each([
    ["inicio not an instant", "inicio=ontem&fim=2030-01-01T00:00:00Z", "inicio"],
    ["fim before inicio", "inicio=2026-01-02T00:00:00Z&fim=2026-01-01T00:00:00Z", "fim"],
    [
      "paginaAtual negative",
      "inicio=2026-01-01T00:00:00Z&fim=2030-01-01T00:00:00Z&paginacao.paginaAtual=-1",
      "paginacao.paginaAtual",
    ],
    [
      "itensPorPagina negative",
      "inicio=2026-01-01T00:00:00Z&fim=2030-01-01T00:00:00Z&paginacao.itensPorPagina=-5",
      "paginacao.itensPorPagina",
    ],
  ])("GET /lotecobv: %s → LoteCobVConsultaInvalida", async (_, query, propriedade) => {
    const res = await pixCall(shop.bearer, "GET", `/lotecobv?${query}`);
    expect(res.status).toBe(400);
    expect(res.json.type).toBe(`${PROBLEM}LoteCobVConsultaInvalida`);
    expect(res.json.violacoes.map((v: { propriedade: string }) => v.propriedade)).toContain(propriedade);
  });

  it("each item meets the rules of a cobv: its problema names the violations as PUT /cobv does", async () => {
    const other = await apiPixMerchantWithKey();
    const cobLoc = await pixCall(shop.bearer, "POST", "/loc", { body: { tipoCob: "cob" } });
    const base = () => ({ txid: newTxid(), ...cobvBody(shop.chave) });
    const cases: [Record<string, unknown>, string][] = [
      [{ valor: { original: "0.00" } }, "cobv.valor.original"],
      [
        { calendario: { dataDeVencimento: dueDay(), validadeAposVencimento: -1 } },
        "cobv.calendario.validadeAposVencimento",
      ],
      [{ valor: { original: "100.00", abatimento: { modalidade: 1, valorPerc: "100.00" } } }, "cobv.valor.abatimento"],
      [
        {
          valor: {
            original: "100.00",
            desconto: { modalidade: 1, descontoDataFixa: [{ data: plusDays(dueDay(), 5), valorPerc: "1.00" }] },
          },
        },
        "cobv.valor.desconto",
      ],
      [{ chave: other.chave }, "cobv.chave"],
      [{ loc: { id: 999999999 } }, "cobv.loc.id"],
      [{ loc: { id: cobLoc.json.id } }, "cobv.loc.id"],
    ];
    const cobsv = cases.map(([change]) => ({ ...base(), ...change }));
    const { id, res } = await putLote(shop.bearer, { descricao: "violações", cobsv });
    expect(res.status, JSON.stringify(res.json)).toBe(202);
    await drainBatches();
    const got = await pixCall(shop.bearer, "GET", `/lotecobv/${id}`);
    cases.forEach(([, propriedade], i) => {
      const item = got.json.cobsv[i];
      expect(item.status, `${propriedade}: ${JSON.stringify(item)}`).toBe("NEGADA");
      expect(item.problema.type).toBe(`${PROBLEM}CobVOperacaoInvalida`);
      const named = item.problema.violacoes.map((v: { propriedade: string }) => v.propriedade);
      expect(
        named.some((p: string) => p === propriedade || p.startsWith(`${propriedade}.`)),
        JSON.stringify(item.problema),
      ).toBe(true);
    });
  });
});
