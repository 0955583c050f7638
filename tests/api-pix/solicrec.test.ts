/** API Pix solicrec: send, read, cancel, every status move and every violation (docs/decisions/0040). */
import { beforeAll, describe, expect, it } from "vitest";
import { config } from "../../server/config";
import { db } from "../../server/db/client";
import { answerRequest } from "../../server/recurrences/requests";
import { apiPixCompanyWithKey, createdRec, today } from "./rec-support";
import { createdSolicRec, postSolicRec, recWithDebtor, solicRecBody, solicRecViolations } from "./solicrec-support";
import { type ApiPixMerchant, PROBLEM, pixCall } from "./support";

const statuses = (json: { atualizacao: { status: string }[] }) => json.atualizacao.map((a) => a.status);

describe("API Pix solicrec", () => {
  let shop: ApiPixMerchant;
  let other: ApiPixMerchant;

  beforeAll(async () => {
    shop = await apiPixCompanyWithKey();
    other = await apiPixCompanyWithKey();
  });

  it("POST /solicrec creates a request CRIADA with an idSolicRec of the spec's form and the recurrence as payload", async () => {
    const { idRec, debtor } = await recWithDebtor(shop.bearer);
    const body = solicRecBody(idRec, debtor);
    const res = await postSolicRec(shop.bearer, body);
    expect(res.status).toBe(201);
    const day = today().replaceAll("-", "");
    expect(res.json.idSolicRec).toMatch(new RegExp(`^SC${config().PLATFORM_ISPB}${day}[a-zA-Z0-9]{11}$`));
    expect(res.json).toMatchObject({
      idRec,
      status: "CRIADA",
      destinatario: body.destinatario,
      calendario: { dataExpiracaoSolicitacao: new Date(body.calendario.dataExpiracaoSolicitacao).toISOString() },
      recPayload: {
        idRec,
        recebedor: { ispbParticipante: config().PLATFORM_ISPB },
        politicaRetentativa: "PERMITE_3R_7D",
      },
    });
    expect(statuses(res.json)).toEqual(["CRIADA"]);
    const read = await pixCall(shop.bearer, "GET", `/solicrec/${res.json.idSolicRec}`);
    expect(read.status).toBe(200);
    expect(read.json).toEqual(res.json);
  });

  it("PATCH cancels an open request; the recurrence stays CRIADA and takes a new request", async () => {
    const { idSolicRec, idRec } = await createdSolicRec(shop.bearer);
    const res = await pixCall(shop.bearer, "PATCH", `/solicrec/${idSolicRec}`, { body: { status: "CANCELADA" } });
    expect(res.status).toBe(201);
    expect(statuses(res.json)).toEqual(["CRIADA", "CANCELADA"]);
    expect((await db().recurrence.findUniqueOrThrow({ where: { idRec } })).status).toBe("CRIADA");
    const again = await pixCall(shop.bearer, "PATCH", `/solicrec/${idSolicRec}`, { body: { status: "CANCELADA" } });
    expect(solicRecViolations(again)).toEqual(["solicrec.status"]);
    const debtor = (await db().recurrence.findUniqueOrThrow({ where: { idRec } })).debtorDocument;
    expect((await postSolicRec(shop.bearer, solicRecBody(idRec, debtor))).status).toBe(201);
  });

  it("accepted by the payer: CRIADA → ENVIADA → RECEBIDA → ACEITA and the recurrence APROVADA; no longer cancellable", async () => {
    const { idSolicRec, idRec } = await createdSolicRec(shop.bearer);
    await answerRequest(db(), shop.userId, idSolicRec, { accept: true });
    const res = await pixCall(shop.bearer, "GET", `/solicrec/${idSolicRec}`);
    expect(res.json.status).toBe("ACEITA");
    expect(statuses(res.json)).toEqual(["CRIADA", "ENVIADA", "RECEBIDA", "ACEITA"]);
    expect(res.json.recPayload.atualizacao.map((a: { status: string }) => a.status)).toEqual(["CRIADA", "APROVADA"]);
    const rec = await pixCall(shop.bearer, "GET", `/rec/${idRec}`);
    expect(rec.json).toMatchObject({ status: "APROVADA", ativacao: { tipoJornada: "JORNADA_1" } });
    const cancel = await pixCall(shop.bearer, "PATCH", `/solicrec/${idSolicRec}`, { body: { status: "CANCELADA" } });
    expect(solicRecViolations(cancel)).toEqual(["solicrec.status"]);
  });

  it("rejected by the payer: REJEITADA and the recurrence REJEITADA with the code", async () => {
    const { idSolicRec, idRec } = await createdSolicRec(shop.bearer);
    await db().recurrenceRequest.update({
      where: { idSolicRec },
      data: {
        status: "RECEBIDA",
        history: [
          { status: "CRIADA", data: new Date().toISOString() },
          { status: "ENVIADA", data: new Date().toISOString() },
          { status: "RECEBIDA", data: new Date().toISOString() },
        ],
      },
    });
    await answerRequest(db(), shop.userId, idSolicRec, { accept: false, codigo: "AP13" });
    const res = await pixCall(shop.bearer, "GET", `/solicrec/${idSolicRec}`);
    expect(statuses(res.json)).toEqual(["CRIADA", "ENVIADA", "RECEBIDA", "REJEITADA"]);
    const rec = await pixCall(shop.bearer, "GET", `/rec/${idRec}`);
    expect(rec.json).toMatchObject({ status: "REJEITADA", encerramento: { rejeicao: { codigo: "AP13" } } });
    await expect(answerRequest(db(), shop.userId, idSolicRec, { accept: true })).rejects.toThrow(/REJEITADA/);
  });

  it("a request past its expiry is EXPIRADA with its recurrence, and frees the recurrence of it", async () => {
    const { idSolicRec, idRec } = await createdSolicRec(shop.bearer);
    await db().recurrenceRequest.update({ where: { idSolicRec }, data: { expiresAt: new Date(Date.now() - 1000) } });
    const res = await pixCall(shop.bearer, "GET", `/solicrec/${idSolicRec}`);
    expect(res.json.status).toBe("EXPIRADA");
    expect(statuses(res.json)).toEqual(["CRIADA", "EXPIRADA"]);
    expect((await db().recurrence.findUniqueOrThrow({ where: { idRec } })).status).toBe("EXPIRADA");
    const cancel = await pixCall(shop.bearer, "PATCH", `/solicrec/${idSolicRec}`, { body: { status: "CANCELADA" } });
    expect(solicRecViolations(cancel)).toEqual(["solicrec.status"]);
  });

  it("a new request for a recurrence whose open request has lapsed is refused: the recurrence expired with it", async () => {
    const { idSolicRec, idRec } = await createdSolicRec(shop.bearer);
    await db().recurrenceRequest.update({ where: { idSolicRec }, data: { expiresAt: new Date(Date.now() - 1000) } });
    const debtor = (await db().recurrence.findUniqueOrThrow({ where: { idRec } })).debtorDocument;
    expect(solicRecViolations(await postSolicRec(shop.bearer, solicRecBody(idRec, debtor)))).toEqual([
      "solicrec.idRec",
    ]);
    expect(await db().recurrenceRequest.count({ where: { idRec } })).toBe(1);
  });

  it("one active request per recurrence", async () => {
    const { idRec, debtor } = await recWithDebtor(shop.bearer);
    expect((await postSolicRec(shop.bearer, solicRecBody(idRec, debtor))).status).toBe(201);
    const second = await postSolicRec(shop.bearer, solicRecBody(idRec, debtor));
    expect(solicRecViolations(second)).toEqual(["solicrec.idRec"]);
    expect(await db().recurrenceRequest.count({ where: { idRec } })).toBe(1);
  });

  it("POST refuses each violation the spec lists, and changes nothing", async () => {
    const { idRec, debtor } = await recWithDebtor(shop.bearer);
    const past = new Date(Date.now() - 60_000).toISOString();
    const cases: [unknown, string[]][] = [
      [
        solicRecBody(idRec, debtor, { calendario: { dataExpiracaoSolicitacao: past } }),
        ["solicrec.calendario.dataExpiracaoSolicitacao"],
      ],
      [
        solicRecBody(idRec, debtor, { calendario: { dataExpiracaoSolicitacao: "amanhã" } }),
        ["solicrec.calendario.dataExpiracaoSolicitacao"],
      ],
      [solicRecBody(idRec, debtor, { calendario: undefined }), ["solicrec.calendario"]],
      [solicRecBody(idRec, debtor, { destinatario: { conta: "1", cpf: debtor } }), ["solicrec.destinatario"]],
      [
        solicRecBody(idRec, debtor, {
          destinatario: { conta: "1", ispbParticipante: "12345678", cpf: debtor, cnpj: "12345678000195" },
        }),
        ["solicrec.destinatario"],
      ],
      [solicRecBody(idRec, "52998224725"), ["solicrec.destinatario"]],
      [solicRecBody("R".repeat(29), debtor), ["solicrec.idRec"]],
      [solicRecBody("short", debtor), ["solicrec.idRec"]],
    ];
    for (const [body, expected] of cases) {
      const res = await postSolicRec(shop.bearer, body);
      const named = solicRecViolations(res);
      for (const property of expected)
        expect(
          named.some((p) => p.startsWith(property)),
          `${JSON.stringify(body)} → ${named}`,
        ).toBe(true);
    }
    expect(await db().recurrenceRequest.count({ where: { idRec } })).toBe(0);
  });

  it("a recurrence no longer CRIADA takes no request", async () => {
    const idRec = await createdRec(shop.bearer);
    const debtor = (await db().recurrence.findUniqueOrThrow({ where: { idRec } })).debtorDocument;
    await pixCall(shop.bearer, "PATCH", `/rec/${idRec}`, { body: { status: "CANCELADA" } });
    expect(solicRecViolations(await postSolicRec(shop.bearer, solicRecBody(idRec, debtor)))).toEqual([
      "solicrec.idRec",
    ]);
  });

  it("PATCH refuses a status other than CANCELADA", async () => {
    const { idSolicRec } = await createdSolicRec(shop.bearer);
    const res = await pixCall(shop.bearer, "PATCH", `/solicrec/${idSolicRec}`, { body: { status: "ACEITA" } });
    expect(solicRecViolations(res)).toEqual(["solicrec.status"]);
  });

  it("another merchant's request or recurrence is not found, and unknown ids are 404", async () => {
    const { idSolicRec, idRec } = await createdSolicRec(shop.bearer);
    for (const id of [idSolicRec, "SC".padEnd(29, "0"), "nope"]) {
      const read = await pixCall(other.bearer, "GET", `/solicrec/${id}`);
      expect(read.status).toBe(404);
      expect(read.json.type).toBe(`${PROBLEM}SolicRecNaoEncontrada`);
    }
    const cancel = await pixCall(other.bearer, "PATCH", `/solicrec/${idSolicRec}`, { body: { status: "CANCELADA" } });
    expect(cancel.status).toBe(404);
    const debtor = (await db().recurrence.findUniqueOrThrow({ where: { idRec } })).debtorDocument;
    expect(solicRecViolations(await postSolicRec(other.bearer, solicRecBody(idRec, debtor)))).toEqual([
      "solicrec.idRec",
    ]);
    expect((await db().recurrenceRequest.findUniqueOrThrow({ where: { idSolicRec } })).status).toBe("CRIADA");
  });

  it("scopes: writing needs solicrec.write, reading solicrec.read", async () => {
    const reader = await apiPixCompanyWithKey("solicrec.read");
    const writer = await apiPixCompanyWithKey("solicrec.write");
    const denied = await postSolicRec(reader.bearer, solicRecBody("R".repeat(29), "52998224725"));
    expect(denied.status).toBe(403);
    expect(denied.json.type).toBe(`${PROBLEM}AcessoNegado`);
    expect((await pixCall(reader.bearer, "PATCH", "/solicrec/x", { body: { status: "CANCELADA" } })).status).toBe(403);
    expect((await pixCall(writer.bearer, "GET", "/solicrec/x")).status).toBe(403);
    expect((await pixCall(reader.bearer, "GET", "/solicrec/x")).status).toBe(404);
  });
});
