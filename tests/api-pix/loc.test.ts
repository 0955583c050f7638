import { beforeAll, describe, expect, it } from "vitest";
import { db } from "../../server/db/client";
import { previewBrCode } from "../../server/transfers/pay-brcode";
import { apiPixMerchantWithKey, fetchLocation, newTxid, pixCall } from "./support";

const PROBLEM = "https://pix.bcb.gov.br/api/v2/error/";
type Merchant = Awaited<ReturnType<typeof apiPixMerchantWithKey>>;

describe("API Pix loc", () => {
  let shop: Merchant;
  let other: Merchant;

  beforeAll(async () => {
    shop = await apiPixMerchantWithKey();
    other = await apiPixMerchantWithKey();
  });

  const newLoc = async (merchant: Merchant, tipoCob = "cob") => {
    const res = await pixCall(merchant.bearer, "POST", "/loc", { body: { tipoCob } });
    expect(res.status, JSON.stringify(res.json)).toBe(201);
    return res;
  };
  const cobAt = (merchant: Merchant, id: number, txid = newTxid()) =>
    pixCall(merchant.bearer, "PUT", `/cob/${txid}`, {
      body: { calendario: { expiracao: 3600 }, valor: { original: "5.00" }, chave: merchant.chave, loc: { id } },
    });

  it("POST /loc creates a location that serves nothing yet (404 at its URL)", async () => {
    const res = await newLoc(shop);
    expect(res.json).toEqual({
      id: expect.any(Number),
      location: expect.stringMatching(/\/pix\/qr\/v2\/[0-9a-f-]{36}$/),
      tipoCob: "cob",
      criacao: expect.any(String),
    });
    expect(res.headers.get("location")).toBe(`/api/pix/v2/loc/${res.json.id}`);
    const read = await pixCall(shop.bearer, "GET", `/loc/${res.json.id}`);
    expect(read.status).toBe(200);
    expect(read.json).toEqual(res.json);
    const served = await fetchLocation(res.json.location);
    expect(served.status).toBe(404);
    expect(served.problem).toMatchObject({ type: `${PROBLEM}CobPayloadNaoEncontrado`, status: 404 });
    expect((await newLoc(shop, "cobv")).json.tipoCob).toBe("cobv");
  });

  it("refuses a tipoCob other than cob or cobv", async () => {
    for (const body of [{ tipoCob: "rec" }, {}, { tipoCob: 1 }]) {
      const res = await pixCall(shop.bearer, "POST", "/loc", { body });
      expect(res.status).toBe(400);
      expect(res.json.type).toBe(`${PROBLEM}PayloadLocationOperacaoInvalida`);
      expect(res.json.violacoes.map((v: { propriedade: string }) => v.propriedade)).toEqual(["loc.tipoCob"]);
    }
  });

  it("a cob bound to a location is served there signed; unlinked, the URL answers 410 and the cob keeps its status", async () => {
    const loc = await newLoc(shop);
    const txid = newTxid();
    const created = await cobAt(shop, loc.json.id, txid);
    expect(created.status).toBe(201);
    expect(created.json).toMatchObject({ loc: { id: loc.json.id }, location: loc.json.location });
    expect((await pixCall(shop.bearer, "GET", `/loc/${loc.json.id}`)).json.txid).toBe(txid);
    const served = await fetchLocation(loc.json.location);
    expect(served.status).toBe(200);
    expect(served.payload).toMatchObject({
      txid,
      revisao: 0,
      status: "ATIVA",
      chave: shop.chave,
      valor: { original: "5.00" },
      calendario: { criacao: expect.any(String), apresentacao: expect.any(String), expiracao: 3600 },
    });

    const unlinked = await pixCall(shop.bearer, "DELETE", `/loc/${loc.json.id}/txid`);
    expect(unlinked.status).toBe(200);
    expect(unlinked.json).toEqual({
      id: loc.json.id,
      location: loc.json.location,
      tipoCob: "cob",
      criacao: loc.json.criacao,
    });
    const gone = await fetchLocation(loc.json.location);
    expect(gone.status).toBe(410);
    expect(gone.problem).toMatchObject({ type: `${PROBLEM}CobPayloadNaoEncontrado`, status: 410 });
    const cob = await pixCall(shop.bearer, "GET", `/cob/${txid}`);
    expect(cob.json).toMatchObject({ status: "ATIVA", revisao: 0 });
    expect(cob.json.loc).toBeUndefined();
    expect(cob.json.location).toBeUndefined();
    // its BR Code no longer finds it
    await expect(previewBrCode(db(), created.json.pixCopiaECola)).rejects.toMatchObject({ reason: "UNKNOWN_CHARGE" });
    // unlinking again is harmless
    expect((await pixCall(shop.bearer, "DELETE", `/loc/${loc.json.id}/txid`)).status).toBe(200);

    // the freed location can serve another cob; the unlinked cob can take a new one
    const next = newTxid();
    expect((await cobAt(shop, loc.json.id, next)).status).toBe(201);
    expect((await fetchLocation(loc.json.location)).payload.txid).toBe(next);
    const fresh = await newLoc(shop);
    const relinked = await pixCall(shop.bearer, "PATCH", `/cob/${txid}`, { body: { loc: { id: fresh.json.id } } });
    expect(relinked.json).toMatchObject({ revisao: 0, location: fresh.json.location });
  });

  it("answers PayloadLocationNaoEncontrado for an unknown id and for another merchant's", async () => {
    const mine = await newLoc(shop);
    for (const [merchant, id] of [
      [shop, "999999999999"],
      [shop, "abc"],
      [shop, "-1"],
      [other, String(mine.json.id)],
    ] as const) {
      for (const [method, path] of [
        ["GET", `/loc/${id}`],
        ["DELETE", `/loc/${id}/txid`],
      ] as const) {
        const res = await pixCall(merchant.bearer, method, path);
        expect(res.status, `${method} ${path}`).toBe(404);
        expect(res.json.type).toBe(`${PROBLEM}PayloadLocationNaoEncontrado`);
      }
    }
    const cob = await cobAt(shop, mine.json.id);
    expect(cob.status).toBe(201);
    await pixCall(other.bearer, "DELETE", `/loc/${mine.json.id}/txid`);
    expect((await pixCall(shop.bearer, "GET", `/loc/${mine.json.id}`)).json.txid).toBe(cob.json.txid);
  });

  it("GET /loc lists a period's locations with the specification's filters and paging", async () => {
    const merchant = await apiPixMerchantWithKey();
    const free = await newLoc(merchant);
    const used = await newLoc(merchant);
    await cobAt(merchant, used.json.id);
    const cobv = await newLoc(merchant, "cobv");
    const period = "inicio=2020-01-01T00:00:00Z&fim=2100-01-01T00:00:00Z";
    const ids = async (query = "") => {
      const res = await pixCall(merchant.bearer, "GET", `/loc?${period}${query}`);
      expect(res.status, JSON.stringify(res.json)).toBe(200);
      return res.json.loc.map((loc: { id: number }) => loc.id);
    };
    expect(await ids()).toEqual([free.json.id, used.json.id, cobv.json.id]);
    expect(await ids("&tipoCob=cobv")).toEqual([cobv.json.id]);
    expect(await ids("&txIdPresente=true")).toEqual([used.json.id]);
    expect(await ids("&txIdPresente=false&tipoCob=cob")).toEqual([free.json.id]);
    const page = await pixCall(
      merchant.bearer,
      "GET",
      `/loc?${period}&paginacao.paginaAtual=1&paginacao.itensPorPagina=2`,
    );
    expect(page.json.parametros).toEqual({
      inicio: "2020-01-01T00:00:00Z",
      fim: "2100-01-01T00:00:00Z",
      paginacao: { paginaAtual: 1, itensPorPagina: 2, quantidadeDePaginas: 2, quantidadeTotalDeItens: 3 },
    });
    expect(page.json.loc).toHaveLength(1);
    expect(page.json.loc[0]).toEqual({ ...cobv.json });
    const listed = await pixCall(merchant.bearer, "GET", `/loc?${period}&txIdPresente=true`);
    expect(listed.json.loc[0].txid).toEqual(expect.any(String));
    expect(await ids("&tipoCob=cob&txIdPresente=false")).not.toContain(
      (await pixCall(shop.bearer, "POST", "/loc", { body: { tipoCob: "cob" } })).json.id,
    );

    for (const query of [
      "fim=2100-01-01T00:00:00Z",
      "inicio=2100-01-01T00:00:00Z&fim=2020-01-01T00:00:00Z",
      `${period}&paginacao.paginaAtual=-1`,
      `${period}&paginacao.itensPorPagina=-1`,
      `${period}&tipoCob=rec`,
      `${period}&txIdPresente=sim`,
    ]) {
      const res = await pixCall(merchant.bearer, "GET", `/loc?${query}`);
      expect(res.status, query).toBe(400);
      expect(res.json.type, query).toBe(`${PROBLEM}PayloadLocationConsultaInvalida`);
    }
  });

  it("asks payloadlocation.write to create and payloadlocation.read to read", async () => {
    const reader = await apiPixMerchantWithKey("payloadlocation.read");
    expect((await pixCall(reader.bearer, "POST", "/loc", { body: { tipoCob: "cob" } })).status).toBe(403);
    const writer = await apiPixMerchantWithKey("payloadlocation.write");
    const created = await newLoc(writer);
    expect((await pixCall(writer.bearer, "GET", `/loc/${created.json.id}`)).status).toBe(403);
  });
});
