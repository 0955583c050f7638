import { beforeAll, describe, expect, it } from "vitest";
import { db } from "../../server/db/client";
import { cobvBody, PROBLEM } from "./cobv-support";
import { batchItems, drainBatches, newBatchId, putLote } from "./lotecobv-support";
import { apiPixMerchantWithKey, newTxid, pixCall } from "./support";

type Merchant = Awaited<ReturnType<typeof apiPixMerchantWithKey>>;

describe("API Pix lotecobv", () => {
  let shop: Merchant;
  let other: Merchant;

  beforeAll(async () => {
    shop = await apiPixMerchantWithKey();
    other = await apiPixMerchantWithKey();
  });

  it("PUT answers 202 with items EM_PROCESSAMENTO; the worker makes each CRIADA or NEGADA with its problema", async () => {
    const [good, late] = batchItems(shop.chave, 2);
    const bad = { ...late, txid: newTxid(), calendario: { dataDeVencimento: "2020-01-10" } };
    const foreignKey = { ...batchItems(shop.chave, 1)[0], chave: other.chave };
    const { id, res } = await putLote(shop.bearer, { descricao: "Mensalidades", cobsv: [good, bad, foreignKey] });
    expect(res.status, JSON.stringify(res.json)).toBe(202);

    const before = await pixCall(shop.bearer, "GET", `/lotecobv/${id}`);
    expect(before.status).toBe(200);
    expect(before.json).toMatchObject({ id: Number(id), descricao: "Mensalidades", criacao: expect.any(String) });
    expect(before.json.cobsv.map((i: { status: string }) => i.status)).toEqual([
      "EM_PROCESSAMENTO",
      "EM_PROCESSAMENTO",
      "EM_PROCESSAMENTO",
    ]);
    // not created yet: GET /cobv does not know it
    expect((await pixCall(shop.bearer, "GET", `/cobv/${good?.txid}`)).status).toBe(404);

    await drainBatches();
    const after = await pixCall(shop.bearer, "GET", `/lotecobv/${id}`);
    const [created, refusedDate, refusedKey] = after.json.cobsv;
    expect(created).toMatchObject({ txid: good?.txid, status: "CRIADA", criacao: expect.any(String) });
    expect(created.problema).toBeUndefined();
    expect(refusedDate).toMatchObject({
      txid: bad.txid,
      status: "NEGADA",
      problema: { type: `${PROBLEM}CobVOperacaoInvalida`, status: 400, title: expect.any(String) },
    });
    expect(refusedDate.problema.violacoes.map((v: { propriedade: string }) => v.propriedade)).toContain(
      "cobv.calendario.dataDeVencimento",
    );
    expect(refusedKey.problema.violacoes.map((v: { propriedade: string }) => v.propriedade)).toEqual(["cobv.chave"]);

    const cobv = await pixCall(shop.bearer, "GET", `/cobv/${good?.txid}`);
    expect(cobv.status).toBe(200);
    expect(cobv.json).toMatchObject({ txid: good?.txid, status: "ATIVA", valor: { original: "100.00" } });
    expect((await pixCall(shop.bearer, "GET", `/cobv/${bad.txid}`)).status).toBe(404);
  });

  it("PUT /cobv and PATCH /cobv refuse a txid the batch holds (EM_PROCESSAMENTO or NEGADA), allow it once CRIADA", async () => {
    const [held, refused] = batchItems(shop.chave, 2);
    const negada = { ...refused, valor: { original: "0.00" } };
    await putLote(shop.bearer, { descricao: "held", cobsv: [held, negada] });
    const waiting = await pixCall(shop.bearer, "PUT", `/cobv/${held?.txid}`, { body: cobvBody(shop.chave) });
    expect(waiting.status).toBe(400);
    expect(waiting.json).toMatchObject({
      type: `${PROBLEM}CobVOperacaoInvalida`,
      violacoes: [{ propriedade: "cobv.txid", razao: expect.stringContaining("lote") }],
    });
    await drainBatches();
    const denied = await pixCall(shop.bearer, "PUT", `/cobv/${negada.txid}`, { body: cobvBody(shop.chave) });
    expect(denied.status).toBe(400);
    expect(denied.json.violacoes[0].propriedade).toBe("cobv.txid");
    const revised = await pixCall(shop.bearer, "PATCH", `/cobv/${held?.txid}`, {
      body: { valor: { original: "150.00" } },
    });
    expect(revised.status, JSON.stringify(revised.json)).toBe(200);
    expect(revised.json).toMatchObject({ revisao: 1, valor: { original: "150.00" } });
  });

  it("PUT again with the same txids re-submits every cobv (a CRIADA one is replaced as a new revision)", async () => {
    const items = batchItems(shop.chave, 2);
    const { id } = await putLote(shop.bearer, { descricao: "v1", cobsv: items });
    await drainBatches();
    const again = items.map((item) => ({ ...item, valor: { original: "110.00" } }));
    const res = await pixCall(shop.bearer, "PUT", `/lotecobv/${id}`, { body: { descricao: "v2", cobsv: again } });
    expect(res.status, JSON.stringify(res.json)).toBe(202);
    const pending = await pixCall(shop.bearer, "GET", `/lotecobv/${id}`);
    expect(pending.json).toMatchObject({
      descricao: "v2",
      cobsv: [{ status: "EM_PROCESSAMENTO" }, { status: "EM_PROCESSAMENTO" }],
    });
    // re-submitted, the batch holds the cobv again: PATCH /cobv is refused until it is processed
    const held = await pixCall(shop.bearer, "PATCH", `/cobv/${items[0]?.txid}`, {
      body: { valor: { original: "1.00" } },
    });
    expect(held.status).toBe(400);
    expect(held.json.violacoes).toEqual([{ propriedade: "cobv.txid", razao: expect.stringContaining("lote") }]);
    await drainBatches();
    const cobv = await pixCall(shop.bearer, "GET", `/cobv/${items[0]?.txid}`);
    expect(cobv.json).toMatchObject({ revisao: 1, valor: { original: "110.00" } });
  });

  it("PATCH re-submits only the items it names: a CRIADA one revised, a NEGADA one fixed and created", async () => {
    const [ok, wrong, untouched] = batchItems(shop.chave, 3);
    const negada = { ...wrong, valor: { original: "0.00" } };
    const { id } = await putLote(shop.bearer, { descricao: "turma", cobsv: [ok, negada, untouched] });
    await drainBatches();
    const res = await pixCall(shop.bearer, "PATCH", `/lotecobv/${id}`, {
      body: {
        cobsv: [
          { txid: ok?.txid, valor: { original: "120.00" } },
          { txid: negada.txid, valor: { original: "90.00" } },
        ],
      },
    });
    expect(res.status, JSON.stringify(res.json)).toBe(202);
    const pending = await pixCall(shop.bearer, "GET", `/lotecobv/${id}`);
    expect(pending.json.cobsv.map((i: { status: string }) => i.status)).toEqual([
      "EM_PROCESSAMENTO",
      "EM_PROCESSAMENTO",
      "CRIADA",
    ]);
    await drainBatches();
    const done = await pixCall(shop.bearer, "GET", `/lotecobv/${id}`);
    expect(done.json.cobsv.map((i: { status: string }) => i.status)).toEqual(["CRIADA", "CRIADA", "CRIADA"]);
    expect((await pixCall(shop.bearer, "GET", `/cobv/${ok?.txid}`)).json).toMatchObject({
      revisao: 1,
      valor: { original: "120.00" },
    });
    expect((await pixCall(shop.bearer, "GET", `/cobv/${negada.txid}`)).json).toMatchObject({
      revisao: 0,
      valor: { original: "90.00" },
    });
    expect((await pixCall(shop.bearer, "GET", `/cobv/${untouched?.txid}`)).json.revisao).toBe(0);
    // only the description
    const renamed = await pixCall(shop.bearer, "PATCH", `/lotecobv/${id}`, { body: { descricao: "turma B" } });
    expect(renamed.status).toBe(202);
    const after = await pixCall(shop.bearer, "GET", `/lotecobv/${id}`);
    expect(after.json).toMatchObject({
      descricao: "turma B",
      cobsv: [{ status: "CRIADA" }, { status: "CRIADA" }, { status: "CRIADA" }],
    });
  });

  it("GET /lotecobv lists the caller's batches of the period, paged", async () => {
    const merchant = await apiPixMerchantWithKey();
    const inicio = new Date(Date.now() - 60_000).toISOString();
    const ids = [newBatchId(), newBatchId(), newBatchId()];
    for (const id of ids)
      await putLote(merchant.bearer, { descricao: `lote ${id}`, cobsv: batchItems(merchant.chave, 1) }, id);
    const fim = new Date(Date.now() + 60_000).toISOString();
    const page = await pixCall(
      merchant.bearer,
      "GET",
      `/lotecobv?inicio=${inicio}&fim=${fim}&paginacao.itensPorPagina=2&paginacao.paginaAtual=1`,
    );
    expect(page.status).toBe(200);
    expect(page.json.parametros).toMatchObject({
      inicio,
      fim,
      paginacao: { paginaAtual: 1, itensPorPagina: 2, quantidadeDePaginas: 2, quantidadeTotalDeItens: 3 },
    });
    expect(page.json.lotes.map((l: { id: number }) => l.id)).toEqual([Number(ids[2])]);
    const others = await pixCall(shop.bearer, "GET", `/lotecobv?inicio=${inicio}&fim=${fim}`);
    expect(others.json.lotes.map((l: { id: number }) => l.id)).not.toContain(Number(ids[0]));
  });

  it("another merchant can neither read nor patch the batch; the same id is its own batch", async () => {
    const items = batchItems(shop.chave, 1);
    const { id } = await putLote(shop.bearer, { descricao: "mine", cobsv: items });
    const read = await pixCall(other.bearer, "GET", `/lotecobv/${id}`);
    expect(read.status).toBe(404);
    expect(read.json.type).toBe(`${PROBLEM}LoteCobVNaoEncontrado`);
    const patch = await pixCall(other.bearer, "PATCH", `/lotecobv/${id}`, {
      body: { cobsv: [{ txid: items[0]?.txid, valor: { original: "1.00" } }] },
    });
    expect(patch.status).toBe(404);
    expect(patch.json.type).toBe(`${PROBLEM}LoteCobVNaoEncontrado`);
    // its own batch of the same id: its txids may not be someone else's
    const theirs = await pixCall(other.bearer, "PUT", `/lotecobv/${id}`, {
      body: { descricao: "theirs", cobsv: batchItems(other.chave, 1) },
    });
    expect(theirs.status).toBe(202);
    expect((await pixCall(shop.bearer, "GET", `/lotecobv/${id}`)).json.descricao).toBe("mine");
    expect(await db().dueDateBatchItem.count({ where: { txId: items[0]?.txid as string } })).toBe(1);
  });

  it("scopes: writing needs lotecobv.write, reading lotecobv.read", async () => {
    const reader = await apiPixMerchantWithKey("lotecobv.read");
    const writer = await apiPixMerchantWithKey("lotecobv.write");
    const put = await putLote(reader.bearer, { descricao: "x", cobsv: batchItems(reader.chave, 1) });
    expect(put.res.status).toBe(403);
    expect(put.res.json.type).toBe(`${PROBLEM}AcessoNegado`);
    const { id, res } = await putLote(writer.bearer, { descricao: "x", cobsv: batchItems(writer.chave, 1) });
    expect(res.status).toBe(202);
    expect((await pixCall(writer.bearer, "GET", `/lotecobv/${id}`)).status).toBe(403);
    expect((await pixCall(reader.bearer, "PATCH", `/lotecobv/${id}`, { body: { cobsv: [] } })).status).toBe(403);
    const list = await pixCall(writer.bearer, "GET", `/lotecobv?inicio=2020-01-01T00:00:00Z&fim=2030-01-01T00:00:00Z`);
    expect(list.status).toBe(403);
  });
});
