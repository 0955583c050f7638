/**
 * Text PostgreSQL cannot store (NUL, an unpaired UTF-16 surrogate) anywhere in an API Pix body is
 * the route's invalid input, naming where it is, and nothing is created: never a 500.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "../../server/db/client";
import { cobvBody, invalidProperties, putCobV } from "./cobv-support";
import { type ApiPixMerchant, apiPixMerchantWithKey, cobBody, newTxid, PROBLEM, pixCall, putCob } from "./support";

describe("API Pix bodies with text that cannot be stored", () => {
  let shop: ApiPixMerchant;

  beforeAll(async () => {
    shop = await apiPixMerchantWithKey();
  });

  it("PUT /cobv with NUL in the payer's name is CobVOperacaoInvalida at cobv.devedor.nome", async () => {
    const body = cobvBody(shop.chave);
    const { txid, res } = await putCobV(shop.bearer, { ...body, devedor: { ...body.devedor, nome: "Maria\u0000" } });
    expect(invalidProperties(res)).toEqual(["cobv.devedor.nome"]);
    expect(await db().charge.count({ where: { txId: txid } })).toBe(0);
  });

  it("PUT /cob with a lone surrogate in an infoAdicionais value is CobOperacaoInvalida naming it", async () => {
    const infoAdicionais = [{ nome: "Pedido", valor: "abc\uD800" }];
    const { txid, res } = await putCob(shop, cobBody(shop.chave, { infoAdicionais }));
    expect(res.status).toBe(400);
    expect(res.json.type).toBe(`${PROBLEM}CobOperacaoInvalida`);
    expect(res.json.violacoes).toEqual([{ propriedade: "cob.infoAdicionais.0.valor", razao: expect.any(String) }]);
    expect(await db().charge.count({ where: { txId: txid } })).toBe(0);
  });

  it("a key with NUL is named too, and a NUL-free body of the same shape is accepted", async () => {
    const txid = newTxid();
    const bad = await pixCall(shop.bearer, "PUT", `/cob/${txid}`, { body: { ...cobBody(shop.chave), "x\u0000": 1 } });
    expect(bad.status).toBe(400);
    expect(bad.json.violacoes[0].propriedade).toBe("cob.x\u0000");
    const good = await putCob(shop, cobBody(shop.chave), txid);
    expect(good.res.status).toBe(201);
  });
});
