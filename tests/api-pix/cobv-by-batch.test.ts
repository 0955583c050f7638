/** GET /cobv?loteCobVId: the cobv sent in one of the caller's batches, and nothing of another's. */
import { beforeAll, describe, expect, it } from "vitest";
import { PROBLEM } from "./cobv-support";
import { batchItems, drainBatches, putLote } from "./lotecobv-support";
import { type ApiPixMerchant, apiPixMerchantWithKey, pixCall } from "./support";

const PERIOD = "inicio=2020-01-01T00:00:00Z&fim=2100-01-01T00:00:00Z";

describe("API Pix GET /cobv by batch", () => {
  let shop: ApiPixMerchant;
  let other: ApiPixMerchant;

  beforeAll(async () => {
    shop = await apiPixMerchantWithKey();
    other = await apiPixMerchantWithKey();
  });

  it("lists only the cobv of the batch named, once the worker created them", async () => {
    const first = batchItems(shop.chave, 2);
    const second = batchItems(shop.chave, 1);
    const a = await putLote(shop.bearer, { descricao: "Aluguéis", cobsv: first });
    const b = await putLote(shop.bearer, { descricao: "Condomínio", cobsv: second });
    expect([a.res.status, b.res.status]).toEqual([202, 202]);
    await drainBatches();

    const listed = await pixCall(shop.bearer, "GET", `/cobv?${PERIOD}&loteCobVId=${a.id}`);
    expect(listed.status, JSON.stringify(listed.json)).toBe(200);
    expect(listed.json.cobs.map((c: { txid: string }) => c.txid).sort()).toEqual(first.map((i) => i.txid).sort());
    expect(listed.json.parametros.paginacao.quantidadeTotalDeItens).toBe(2);

    const all = await pixCall(shop.bearer, "GET", `/cobv?${PERIOD}`);
    expect(all.json.parametros.paginacao.quantidadeTotalDeItens).toBe(3);
  });

  it("another merchant's batch id lists nothing of the batch's owner", async () => {
    const { id } = await putLote(shop.bearer, { descricao: "mine", cobsv: batchItems(shop.chave, 1) });
    await drainBatches();
    const theirs = await pixCall(other.bearer, "GET", `/cobv?${PERIOD}&loteCobVId=${id}`);
    expect(theirs.status).toBe(200);
    expect(theirs.json.cobs).toEqual([]);
  });

  it("a loteCobVId that is not a whole number is refused as the list's invalid query", async () => {
    const res = await pixCall(shop.bearer, "GET", `/cobv?${PERIOD}&loteCobVId=abc`);
    expect(res.status).toBe(400);
    expect(res.json.type).toBe(`${PROBLEM}CobVConsultaInvalida`);
  });
});
