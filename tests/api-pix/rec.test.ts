/** API Pix rec: create, read, list, revise, and every status move (docs/decisions/0039). */
import { beforeAll, describe, expect, it } from "vitest";
import { plusDays } from "../../server/charges/due-date/calendar";
import { config } from "../../server/config";
import { db } from "../../server/db/client";
import { settleRecurrence } from "../../server/recurrences/service";
import { apiPixCompanyWithKey, createdRec, postRec, recBody, recViolations, today } from "./rec-support";
import { type ApiPixMerchant, PROBLEM, pixCall } from "./support";

describe("API Pix rec", () => {
  let shop: ApiPixMerchant;
  let other: ApiPixMerchant;

  beforeAll(async () => {
    shop = await apiPixCompanyWithKey();
    other = await apiPixCompanyWithKey();
  });

  it("POST /rec creates a recurrence CRIADA with an idRec of the spec's form and its history", async () => {
    const body = recBody({ recebedor: { convenio: "CONV-7" } });
    const res = await postRec(shop.bearer, body);
    expect(res.status).toBe(201);
    const created = res.json;
    const day = today().replaceAll("-", "");
    expect(created.idRec).toMatch(new RegExp(`^RR${config().PLATFORM_ISPB}${day}[a-zA-Z0-9]{11}$`));
    expect(created).toMatchObject({
      vinculo: body.vinculo,
      calendario: body.calendario,
      valor: { valorRec: "89.90" },
      politicaRetentativa: "PERMITE_3R_7D",
      status: "CRIADA",
      recebedor: { cnpj: (await db().account.findUniqueOrThrow({ where: { id: shop.accountId } })).document },
      ativacao: { tipoJornada: "AGUARDANDO_DEFINICAO" },
    });
    expect(created.recebedor.convenio).toBe("CONV-7");
    expect(created.atualizacao).toEqual([{ status: "CRIADA", data: expect.any(String) }]);
    const stored = await db().recurrence.findUniqueOrThrow({ where: { idRec: created.idRec } });
    expect(stored.amountCents).toBe(8990n);

    const read = await pixCall(shop.bearer, "GET", `/rec/${created.idRec}`);
    expect(read.status).toBe(200);
    expect(read.json).toEqual(created);
  });

  it("a recurrence without retries has an idRec starting RN, and a floor instead of a fixed amount", async () => {
    const res = await postRec(
      shop.bearer,
      recBody({ politicaRetentativa: "NAO_PERMITE", valor: { valorMinimoRecebedor: "10.00" } }),
    );
    expect(res.status).toBe(201);
    expect(res.json.idRec).toMatch(/^RN/);
    expect(res.json.valor).toEqual({ valorMinimoRecebedor: "10.00" });
  });

  it("PATCH cancels as the receiver: CANCELADA with solicitante USUARIO_RECEBEDOR, then nothing changes", async () => {
    const idRec = await createdRec(shop.bearer);
    const res = await pixCall(shop.bearer, "PATCH", `/rec/${idRec}`, { body: { status: "CANCELADA" } });
    expect(res.status).toBe(200);
    expect(res.json.status).toBe("CANCELADA");
    expect(res.json.atualizacao.map((a: { status: string }) => a.status)).toEqual(["CRIADA", "CANCELADA"]);
    expect(res.json.encerramento).toEqual({
      cancelamento: { solicitante: "USUARIO_RECEBEDOR", codigo: "SLCR", descricao: expect.any(String) },
    });
    const again = await pixCall(shop.bearer, "PATCH", `/rec/${idRec}`, {
      body: { vinculo: { devedor: { nome: "B" } } },
    });
    expect(recViolations(again)).toEqual(["rec.status"]);
  });

  it("PATCH revises the debtor's name and the start while CRIADA", async () => {
    const idRec = await createdRec(shop.bearer);
    const start = plusDays(today(), 10);
    const res = await pixCall(shop.bearer, "PATCH", `/rec/${idRec}`, {
      body: { vinculo: { devedor: { nome: "Ana S. Lima" } }, calendario: { dataInicial: start } },
    });
    expect(res.status).toBe(200);
    expect(res.json.vinculo.devedor.nome).toBe("Ana S. Lima");
    expect(res.json.calendario.dataInicial).toBe(start);
    expect(res.json.status).toBe("CRIADA");
  });

  it("CRIADA → APROVADA → CANCELADA; an approved recurrence's start no longer changes", async () => {
    const idRec = await createdRec(shop.bearer);
    await settleRecurrence(db(), shop.userId, idRec, { to: "APROVADA" });
    const approved = await pixCall(shop.bearer, "GET", `/rec/${idRec}`);
    expect(approved.json.status).toBe("APROVADA");
    expect(approved.json.ativacao.tipoJornada).toBe("JORNADA_1");
    const start = await pixCall(shop.bearer, "PATCH", `/rec/${idRec}`, {
      body: { calendario: { dataInicial: plusDays(today(), 9) } },
    });
    expect(recViolations(start)).toEqual(["rec.calendario.dataInicial"]);
    const location = await pixCall(shop.bearer, "POST", "/locrec", { body: { tipo: "rec" } });
    const loc = await pixCall(shop.bearer, "PATCH", `/rec/${idRec}`, { body: { loc: location.json.id } });
    expect(recViolations(loc)).toEqual(["rec.loc"]);
    const cancelled = await pixCall(shop.bearer, "PATCH", `/rec/${idRec}`, { body: { status: "CANCELADA" } });
    expect(cancelled.json.atualizacao.map((a: { status: string }) => a.status)).toEqual([
      "CRIADA",
      "APROVADA",
      "CANCELADA",
    ]);
  });

  it.each([
    ["REJEITADA", { to: "REJEITADA", codigo: "AP13", descricao: "Recusada pelo pagador." } as const],
    ["EXPIRADA", { to: "EXPIRADA" } as const],
    [
      "CANCELADA",
      {
        to: "CANCELADA",
        solicitante: "USUARIO_PAGADOR",
        codigo: "SLDB",
        descricao: "Cancelada pelo pagador.",
      } as const,
    ],
  ])("CRIADA → %s by the payer's side ends it: PATCH refused", async (status, outcome) => {
    const idRec = await createdRec(shop.bearer);
    await settleRecurrence(db(), shop.userId, idRec, outcome);
    const read = await pixCall(shop.bearer, "GET", `/rec/${idRec}`);
    expect(read.json.status).toBe(status);
    if (status === "REJEITADA")
      expect(read.json.encerramento).toEqual({ rejeicao: { codigo: "AP13", descricao: "Recusada pelo pagador." } });
    if (status === "CANCELADA") expect(read.json.encerramento.cancelamento.solicitante).toBe("USUARIO_PAGADOR");
    const cancel = await pixCall(shop.bearer, "PATCH", `/rec/${idRec}`, { body: { status: "CANCELADA" } });
    expect(recViolations(cancel)).toEqual(["rec.status"]);
    await expect(settleRecurrence(db(), shop.userId, idRec, { to: "APROVADA" })).rejects.toThrow(
      /não passa a APROVADA/,
    );
  });

  it("another merchant's recurrence, or none, is RecNaoEncontrada", async () => {
    const idRec = await createdRec(shop.bearer);
    for (const [method, body] of [
      ["GET", undefined],
      ["PATCH", { status: "CANCELADA" }],
    ] as const) {
      const res = await pixCall(other.bearer, method, `/rec/${idRec}`, body ? { body } : {});
      expect(res.status).toBe(404);
      expect(res.json.type).toBe(`${PROBLEM}RecNaoEncontrada`);
    }
    expect((await pixCall(shop.bearer, "GET", `/rec/RR9999999920260101abcdefghijk`)).status).toBe(404);
    expect((await db().recurrence.findUniqueOrThrow({ where: { idRec } })).status).toBe("CRIADA");
  });

  it("GET /rec/{idRec}?txid of no charge of the merchant is RecConsultaInvalida", async () => {
    const idRec = await createdRec(shop.bearer);
    const res = await pixCall(shop.bearer, "GET", `/rec/${idRec}?txid=abcdefghijklmnopqrstuvwxyz123`);
    expect(res.status).toBe(400);
    expect(res.json.type).toBe(`${PROBLEM}RecConsultaInvalida`);
  });

  it("GET /rec lists the merchant's own, filtered and paged", async () => {
    const lister = await apiPixCompanyWithKey();
    const inicio = new Date(Date.now() - 60_000).toISOString();
    const first = await createdRec(lister.bearer, { recebedor: { convenio: "A" } });
    const second = await createdRec(lister.bearer);
    await pixCall(lister.bearer, "PATCH", `/rec/${second}`, { body: { status: "CANCELADA" } });
    const fim = new Date(Date.now() + 60_000).toISOString();
    const q = (extra: string) =>
      pixCall(lister.bearer, "GET", `/rec?inicio=${encodeURIComponent(inicio)}&fim=${encodeURIComponent(fim)}${extra}`);
    const all = await q("");
    expect(all.status).toBe(200);
    expect(all.json.recs.map((r: { idRec: string }) => r.idRec)).toEqual([first, second]);
    expect(all.json.parametros.paginacao).toEqual({
      paginaAtual: 0,
      itensPorPagina: 100,
      quantidadeDePaginas: 1,
      quantidadeTotalDeItens: 2,
    });
    expect((await q("&status=CANCELADA")).json.recs.map((r: { idRec: string }) => r.idRec)).toEqual([second]);
    expect((await q("&convenio=A")).json.recs.map((r: { idRec: string }) => r.idRec)).toEqual([first]);
    const paged = await q("&paginacao.itensPorPagina=1&paginacao.paginaAtual=1");
    expect(paged.json.recs.map((r: { idRec: string }) => r.idRec)).toEqual([second]);
    expect(paged.json.parametros.paginacao.quantidadeDePaginas).toBe(2);
    expect((await q("&locationPresente=true")).json.recs).toEqual([]); // none was created with a loc
  });

  it("scopes: writing needs rec.write, reading rec.read", async () => {
    const reader = await apiPixCompanyWithKey("rec.read");
    const writer = await apiPixCompanyWithKey("rec.write");
    const denied = await postRec(reader.bearer, recBody());
    expect(denied.status).toBe(403);
    expect(denied.json.type).toBe(`${PROBLEM}AcessoNegado`);
    const idRec = await createdRec(writer.bearer);
    expect((await pixCall(writer.bearer, "GET", `/rec/${idRec}`)).status).toBe(403);
    expect((await pixCall(reader.bearer, "PATCH", `/rec/x`, { body: { status: "CANCELADA" } })).status).toBe(403);
    const inicio = new Date(Date.now() - 60_000).toISOString();
    const fim = new Date(Date.now() + 60_000).toISOString();
    const list = await pixCall(
      reader.bearer,
      "GET",
      `/rec?inicio=${encodeURIComponent(inicio)}&fim=${encodeURIComponent(fim)}`,
    );
    expect(list.status).toBe(200);
  });
});
