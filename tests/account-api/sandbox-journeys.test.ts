/** The sandbox payer scanning Pix Automático QRs: journeys 2, 3 and 4 (docs/decisions/0042). */
import { beforeAll, describe, expect, it } from "vitest";
import { accountApi } from "../../server/account-api/app";
import { db } from "../../server/db/client";
import { cobvBody, putCobV } from "../api-pix/cobv-support";
import { newLocRec } from "../api-pix/locrec-support";
import { createdRec, type SandboxCompany, sandboxCompany } from "../api-pix/rec-support";
import { createdSolicRec } from "../api-pix/solicrec-support";
import { cobBody, pixCall, putCob } from "../api-pix/support";
import { call } from "../support/fixtures";

const SCAN = "/v4/i/sandbox/pix/automatico/qr/scan";
type Shop = SandboxCompany;

describe("sandbox payer: scanning Pix Automático QRs", () => {
  let shop: Shop;
  let other: Shop;

  beforeAll(async () => {
    shop = await sandboxCompany();
    other = await sandboxCompany();
  });

  /** A recurrence with a location, and the dadosQR of GET /rec/{idRec}(?txid=). */
  async function recWithQr(txid?: string, extra: Record<string, unknown> = {}) {
    const loc = await newLocRec(shop.bearer);
    const idRec = await createdRec(shop.bearer, { loc: loc.id, ...extra });
    const read = await pixCall(shop.bearer, "GET", `/rec/${idRec}${txid ? `?txid=${txid}` : ""}`);
    expect(read.status, JSON.stringify(read.json)).toBe(200);
    return { idRec, emv: read.json.dadosQR.pixCopiaECola as string, jornada: read.json.dadosQR.jornada as string };
  }

  const scan = (body: Record<string, unknown>, who: Shop = shop) =>
    call(accountApi(), "POST", SCAN, { auth: who.auth, body });

  it("journey 1: a consent request accepted approves by JORNADA_1", async () => {
    const { idSolicRec, idRec } = await createdSolicRec(shop.bearer);
    await call(accountApi(), "POST", `/v4/i/sandbox/pix/automatico/requests/${idSolicRec}/accept`, { auth: shop.auth });
    expect((await pixCall(shop.bearer, "GET", `/rec/${idRec}`)).json.ativacao.tipoJornada).toBe("JORNADA_1");
  });

  it("journey 2: scanning the recurrence's QR approves it by JORNADA_2; nothing is paid", async () => {
    const { idRec, emv, jornada } = await recWithQr();
    expect(jornada).toBe("JORNADA_2");
    const res = await scan({ emv });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(res.json.data).toEqual({
      idRec,
      status: "APROVADA",
      tipoJornada: "JORNADA_2",
      txid: null,
      endToEndId: null,
    });
    const rec = await pixCall(shop.bearer, "GET", `/rec/${idRec}`);
    expect(rec.json.status).toBe("APROVADA");
    expect(rec.json.ativacao).toEqual({ tipoJornada: "JORNADA_2" });
    // scanned again: the recurrence is no longer waiting
    expect((await scan({ emv })).status).toBe(409);
  });

  it("journey 3: the QR composed with a cob pays the cob and approves by JORNADA_3, in one go", async () => {
    const cob = await putCob(shop, cobBody(shop.chave));
    const { idRec, emv, jornada } = await recWithQr(cob.txid, { ativacao: { dadosJornada: { txid: cob.txid } } });
    expect(jornada).toBe("JORNADA_3");
    const res = await scan({ emv });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(res.json.data).toMatchObject({ idRec, status: "APROVADA", tipoJornada: "JORNADA_3", txid: cob.txid });
    expect(res.json.data.endToEndId).toEqual(expect.any(String));
    expect((await pixCall(shop.bearer, "GET", `/cob/${cob.txid}`)).json.status).toBe("CONCLUIDA");
    const rec = await pixCall(shop.bearer, "GET", `/rec/${idRec}`);
    expect(rec.json.ativacao).toEqual({ tipoJornada: "JORNADA_3", dadosJornada: { txid: cob.txid } });
  });

  it("journey 4: the QR composed with a cobv pays the cobv and approves by JORNADA_4", async () => {
    const cobv = await putCobV(shop.bearer, cobvBody(shop.chave));
    const { idRec, emv, jornada } = await recWithQr(cobv.txid);
    expect(jornada).toBe("JORNADA_4");
    const res = await scan({ emv });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(res.json.data).toMatchObject({ status: "APROVADA", tipoJornada: "JORNADA_4", txid: cobv.txid });
    expect((await pixCall(shop.bearer, "GET", `/cobv/${cobv.txid}`)).json.status).toBe("CONCLUIDA");
    expect((await pixCall(shop.bearer, "GET", `/rec/${idRec}`)).json.ativacao.tipoJornada).toBe("JORNADA_4");
  });

  it("the payer refusing rejects the recurrence (AP13 by default) and pays nothing", async () => {
    const cob = await putCob(shop, cobBody(shop.chave));
    const { idRec, emv } = await recWithQr(cob.txid);
    const res = await scan({ emv, accept: false, code: "AP14" });
    expect(res.status).toBe(200);
    expect(res.json.data).toMatchObject({ idRec, status: "REJEITADA", txid: null, endToEndId: null });
    expect((await pixCall(shop.bearer, "GET", `/cob/${cob.txid}`)).json.status).toBe("ATIVA");
    expect((await pixCall(shop.bearer, "GET", `/rec/${idRec}`)).json.encerramento.rejeicao.codigo).toBe("AP14");
  });

  it("a paid charge leaves the recurrence waiting: the scan changes nothing", async () => {
    const cob = await putCob(shop, cobBody(shop.chave));
    const { idRec, emv } = await recWithQr(cob.txid);
    expect((await scan({ emv })).status).toBe(200);
    const second = await recWithQr(cob.txid);
    const res = await scan({ emv: second.emv });
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect((await db().recurrence.findUniqueOrThrow({ where: { idRec: second.idRec } })).status).toBe("CRIADA");
    expect(idRec).not.toBe(second.idRec);
  });

  it("refuses a code with no recurrence (400), and another merchant's recurrence (404) without changing it", async () => {
    const cob = await putCob(shop, cobBody(shop.chave));
    const plain = await scan({ emv: cob.res.json.pixCopiaECola });
    expect(plain.status).toBe(400);
    const { idRec, emv } = await recWithQr();
    const foreign = await scan({ emv }, other);
    expect(foreign.status).toBe(404);
    expect((await db().recurrence.findUniqueOrThrow({ where: { idRec } })).status).toBe("CRIADA");
    expect((await scan({ emv: "not a code" })).status).toBe(400);
  });
});
