import { beforeAll, describe, expect, it } from "vitest";
import { db } from "../../server/db/client";
import { recurrencePageView } from "../../server/payment-pages/recurrence-view";
import { recurrenceUrlOf } from "../../server/pix/brcode";
import { settleRecurrence } from "../../server/recurrences/service";
import { cobvBody, putCobV } from "./cobv-support";
import { fetchRecLocation, newLocRec } from "./locrec-support";
import { apiPixCompanyWithKey, createdRec, recBody, recViolations } from "./rec-support";
import { cobBody, PROBLEM, pixCall, putCob } from "./support";

type Company = Awaited<ReturnType<typeof apiPixCompanyWithKey>>;

describe("API Pix locrec", () => {
  let shop: Company;
  let other: Company;

  beforeAll(async () => {
    shop = await apiPixCompanyWithKey();
    other = await apiPixCompanyWithKey();
  });

  it("POST /locrec creates a location that serves nothing yet (404 at its URL)", async () => {
    const res = await pixCall(shop.bearer, "POST", "/locrec", { body: { tipo: "rec" } });
    expect(res.status).toBe(201);
    expect(res.json).toEqual({
      id: expect.any(Number),
      location: expect.stringMatching(/\/pix\/qr\/v2\/rec\/[0-9a-f-]{36}$/),
      tipo: "rec",
      criacao: expect.any(String),
    });
    expect(res.headers.get("location")).toBe(`/api/pix/v2/locrec/${res.json.id}`);
    expect((await pixCall(shop.bearer, "GET", `/locrec/${res.json.id}`)).json).toEqual(res.json);
    const served = await fetchRecLocation(res.json.location);
    expect(served.status).toBe(404);
    expect(served.problem).toMatchObject({ type: `${PROBLEM}RecPayloadNaoEncontrado`, status: 404 });
  });

  it("refuses a tipo other than rec", async () => {
    for (const body of [{ tipo: "cob" }, {}, { tipo: 1 }]) {
      const res = await pixCall(shop.bearer, "POST", "/locrec", { body });
      expect(res.status).toBe(400);
      expect(res.json.type).toBe(`${PROBLEM}PayloadLocationRecOperacaoInvalida`);
      expect(res.json.violacoes.map((v: { propriedade: string }) => v.propriedade)).toEqual(["loc.tipo"]);
    }
  });

  it("a recurrence created with loc is served there as a signed RecPayload; its answer has loc and dadosQR of journey 2", async () => {
    const loc = await newLocRec(shop.bearer);
    const created = await pixCall(shop.bearer, "POST", "/rec", { body: recBody({ loc: loc.id }) });
    expect(created.status, JSON.stringify(created.json)).toBe(201);
    const idRec = created.json.idRec as string;
    expect(created.json.loc).toEqual({ ...loc, idRec });
    const token = loc.location.split("/").pop() as string;
    expect(created.json.paymentPageUrl).toMatch(new RegExp(`/r/${token}$`));
    expect((await pixCall(shop.bearer, "GET", `/locrec/${loc.id}`)).json.idRec).toBe(idRec);

    const read = await pixCall(shop.bearer, "GET", `/rec/${idRec}`);
    expect(read.json.dadosQR.jornada).toBe("JORNADA_2");
    expect(recurrenceUrlOf(read.json.dadosQR.pixCopiaECola)).toBe(loc.location);

    const served = await fetchRecLocation(loc.location);
    expect(served.status).toBe(200);
    expect(served.contentType).toBe("application/jose");
    expect(served.signed).toBe(true);
    expect(served.header).toMatchObject({ alg: "ES256" });
    expect(served.payload).toEqual({
      idRec,
      vinculo: created.json.vinculo,
      calendario: created.json.calendario,
      valor: { valorRec: "89.90" },
      recebedor: { cnpj: shop.document, nome: expect.any(String), ispbParticipante: expect.stringMatching(/^\w{8}$/) },
      politicaRetentativa: "PERMITE_3R_7D",
      atualizacao: [{ status: "CRIADA", data: expect.any(String) }],
    });
  });

  it("the hosted page's view shows the terms and the journey 2 code while waiting, no code once approved", async () => {
    const loc = await newLocRec(shop.bearer);
    const idRec = await createdRec(shop.bearer, { loc: loc.id });
    const token = loc.location.split("/").pop() as string;
    const waiting = await recurrencePageView(db(), token);
    expect(waiting).toMatchObject({
      status: "waiting",
      object: "Academia plano mensal",
      periodicity: "MENSAL",
      amountCents: 8990n,
      minimumCents: null,
      endDate: null,
    });
    expect(recurrenceUrlOf(waiting.emv ?? "")).toBe(loc.location);
    await settleRecurrence(db(), shop.userId, idRec, { to: "APROVADA", journey: "JORNADA_2" });
    expect(await recurrencePageView(db(), token)).toMatchObject({ status: "approved", emv: null });
    await expect(recurrencePageView(db(), "not-a-token")).rejects.toMatchObject({ status: 404 });
    const free = await newLocRec(shop.bearer);
    await expect(recurrencePageView(db(), free.location.split("/").pop() as string)).rejects.toMatchObject({
      status: 404,
    });
  });

  it("PATCH binds a location to a CRIADA recurrence (freeing the one it had); a location in use, unknown or someone else's is a violation of rec.loc", async () => {
    const idRec = await createdRec(shop.bearer);
    const first = await newLocRec(shop.bearer);
    const second = await newLocRec(shop.bearer);
    expect((await pixCall(shop.bearer, "PATCH", `/rec/${idRec}`, { body: { loc: first.id } })).json.loc.id).toBe(
      first.id,
    );
    expect((await pixCall(shop.bearer, "PATCH", `/rec/${idRec}`, { body: { loc: second.id } })).json.loc.id).toBe(
      second.id,
    );
    expect((await fetchRecLocation(first.location)).status).toBe(410);

    const another = await createdRec(shop.bearer);
    const inUse = await pixCall(shop.bearer, "PATCH", `/rec/${another}`, { body: { loc: second.id } });
    expect(recViolations(inUse)).toEqual(["rec.loc"]);
    expect(recViolations(await pixCall(shop.bearer, "POST", "/rec", { body: recBody({ loc: second.id }) }))).toEqual([
      "rec.loc",
    ]);
    const foreign = await newLocRec(other.bearer);
    const before = await db().recurrence.count({ where: { userId: shop.userId } });
    expect(recViolations(await pixCall(shop.bearer, "POST", "/rec", { body: recBody({ loc: foreign.id }) }))).toEqual([
      "rec.loc",
    ]);
    expect(await db().recurrence.count({ where: { userId: shop.userId } })).toBe(before);
    expect((await pixCall(other.bearer, "GET", `/locrec/${foreign.id}`)).json.idRec).toBeUndefined();
  });

  it("DELETE /locrec/{id}/idRec unlinks: the recurrence keeps its status and loses its loc, the URL answers 410", async () => {
    const loc = await newLocRec(shop.bearer);
    const idRec = await createdRec(shop.bearer, { loc: loc.id });
    const unlinked = await pixCall(shop.bearer, "DELETE", `/locrec/${loc.id}/idRec`);
    expect(unlinked.status).toBe(200);
    expect(unlinked.json).toEqual(loc);
    const rec = await pixCall(shop.bearer, "GET", `/rec/${idRec}`);
    expect(rec.json.status).toBe("CRIADA");
    expect(rec.json.loc).toBeUndefined();
    expect(rec.json.dadosQR).toBeUndefined();
    const served = await fetchRecLocation(loc.location);
    expect(served.status).toBe(410);
    expect(served.problem.type).toBe(`${PROBLEM}RecPayloadNaoEncontrado`);
    // unlinking again changes nothing
    expect((await pixCall(shop.bearer, "DELETE", `/locrec/${loc.id}/idRec`)).status).toBe(200);
  });

  it("a cancelled recurrence's location answers RecPayloadOperacaoInvalida", async () => {
    const loc = await newLocRec(shop.bearer);
    const idRec = await createdRec(shop.bearer, { loc: loc.id });
    await pixCall(shop.bearer, "PATCH", `/rec/${idRec}`, { body: { status: "CANCELADA" } });
    const served = await fetchRecLocation(loc.location);
    expect(served.status).toBe(400);
    expect(served.problem).toMatchObject({
      type: `${PROBLEM}RecPayloadOperacaoInvalida`,
      violacoes: [{ propriedade: "recUrlAccessToken" }],
    });
  });

  it("someone else's, unknown or malformed ids are PayloadLocationRecNaoEncontrado", async () => {
    const foreign = await newLocRec(other.bearer);
    for (const path of [`/locrec/${foreign.id}`, "/locrec/999999999", "/locrec/abc"]) {
      const res = await pixCall(shop.bearer, "GET", path);
      expect(res.status).toBe(404);
      expect(res.json.type).toBe(`${PROBLEM}PayloadLocationRecNaoEncontrado`);
    }
    const unlink = await pixCall(shop.bearer, "DELETE", `/locrec/${foreign.id}/idRec`);
    expect(unlink.status).toBe(404);
  });

  it("GET /locrec lists the period's locations, filtered by idRecPresente and convenio", async () => {
    const merchant = await apiPixCompanyWithKey();
    const inicio = new Date(Date.now() - 60_000).toISOString();
    const free = await newLocRec(merchant.bearer);
    const bound = await newLocRec(merchant.bearer);
    const idRec = await createdRec(merchant.bearer, { loc: bound.id, recebedor: { convenio: "C1" } });
    const fim = new Date(Date.now() + 60_000).toISOString();
    const q = (extra = "") =>
      pixCall(
        merchant.bearer,
        "GET",
        `/locrec?inicio=${encodeURIComponent(inicio)}&fim=${encodeURIComponent(fim)}${extra}`,
      );
    const all = await q();
    expect(all.status).toBe(200);
    expect(all.json.loc.map((l: { id: number }) => l.id)).toEqual([free.id, bound.id]);
    expect((await q("&idRecPresente=true")).json.loc).toEqual([{ ...bound, idRec }]);
    expect((await q("&idRecPresente=false")).json.loc.map((l: { id: number }) => l.id)).toEqual([free.id]);
    const byAgreement = await q("&convenio=C1");
    expect(byAgreement.json.loc.map((l: { id: number }) => l.id)).toEqual([bound.id]);
    expect(byAgreement.json.parametros.recebedor).toEqual({ convenio: "C1" });
    const wrong = await pixCall(
      merchant.bearer,
      "GET",
      `/locrec?inicio=${encodeURIComponent(fim)}&fim=${encodeURIComponent(inicio)}`,
    );
    expect(wrong.status).toBe(400);
    expect(wrong.json.type).toBe(`${PROBLEM}PayloadLocationRecConsultaInvalida`);
    const negative = await q("&paginacao.paginaAtual=-1");
    expect(negative.status).toBe(400);
    expect(negative.json.type).toBe(`${PROBLEM}PayloadLocationRecConsultaInvalida`);
  });

  it("GET /rec/{idRec}?txid composes the QR with a cob (journey 3) or a cobv (journey 4), with the spec's violations", async () => {
    const loc = await newLocRec(shop.bearer);
    const cob = await putCob(shop, cobBody(shop.chave));
    expect(cob.res.status).toBe(201);
    const cobv = await putCobV(shop.bearer, cobvBody(shop.chave));
    expect(cobv.res.status).toBe(201);
    const idRec = await createdRec(shop.bearer, { loc: loc.id, ativacao: { dadosJornada: { txid: cob.txid } } });

    const withCob = await pixCall(shop.bearer, "GET", `/rec/${idRec}?txid=${cob.txid}`);
    expect(withCob.json.dadosQR.jornada).toBe("JORNADA_3");
    const composite = withCob.json.dadosQR.pixCopiaECola as string;
    expect(composite.startsWith((cob.res.json.pixCopiaECola as string).slice(0, -8))).toBe(true);
    expect(recurrenceUrlOf(composite)).toBe(loc.location);

    const withCobv = await pixCall(shop.bearer, "GET", `/rec/${idRec}?txid=${cobv.txid}`);
    expect(withCobv.json.dadosQR.jornada).toBe("JORNADA_4");
    expect(recurrenceUrlOf(withCobv.json.dadosQR.pixCopiaECola)).toBe(loc.location);

    // another cob than the one the activation names
    const otherCob = await putCob(shop, cobBody(shop.chave));
    const mismatch = await pixCall(shop.bearer, "GET", `/rec/${idRec}?txid=${otherCob.txid}`);
    expect(mismatch.status).toBe(400);
    expect(mismatch.json).toMatchObject({
      type: `${PROBLEM}RecConsultaInvalida`,
      violacoes: [{ propriedade: "txid" }],
    });

    // approved by journey 3, a cobv is not of its kind
    await settleRecurrence(db(), shop.userId, idRec, { to: "APROVADA", journey: "JORNADA_3" });
    const incompatible = await pixCall(shop.bearer, "GET", `/rec/${idRec}?txid=${cobv.txid}`);
    expect(incompatible.status).toBe(400);
    expect(incompatible.json.violacoes).toEqual([{ propriedade: "txid", razao: expect.stringContaining("JORNADA_3") }]);
  });

  it("GET /rec filters by locationPresente", async () => {
    const merchant = await apiPixCompanyWithKey();
    const inicio = new Date(Date.now() - 60_000).toISOString();
    const loc = await newLocRec(merchant.bearer);
    const withLoc = await createdRec(merchant.bearer, { loc: loc.id });
    const without = await createdRec(merchant.bearer);
    const fim = new Date(Date.now() + 60_000).toISOString();
    const q = (v: string) =>
      pixCall(
        merchant.bearer,
        "GET",
        `/rec?inicio=${encodeURIComponent(inicio)}&fim=${encodeURIComponent(fim)}&locationPresente=${v}`,
      );
    expect((await q("true")).json.recs.map((r: { idRec: string }) => r.idRec)).toEqual([withLoc]);
    expect((await q("false")).json.recs.map((r: { idRec: string }) => r.idRec)).toEqual([without]);
  });

  it("scopes: payloadlocationrec.write to create and unlink, payloadlocationrec.read to read", async () => {
    const reader = await apiPixCompanyWithKey("payloadlocationrec.read");
    const writer = await apiPixCompanyWithKey("payloadlocationrec.write");
    expect((await pixCall(reader.bearer, "POST", "/locrec", { body: { tipo: "rec" } })).status).toBe(403);
    const loc = await newLocRec(writer.bearer);
    expect((await pixCall(writer.bearer, "GET", `/locrec/${loc.id}`)).status).toBe(403);
    expect((await pixCall(reader.bearer, "DELETE", `/locrec/${loc.id}/idRec`)).status).toBe(403);
  });
});
