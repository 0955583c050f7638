/** API Pix cobr: create, read, list, cancel, retry, and the statuses settlement brings (docs/decisions/0041). */
import { beforeAll, describe, expect, it } from "vitest";
import { plusDays, todayInSaoPaulo } from "../../server/charges/due-date/calendar";
import { db } from "../../server/db/client";
import { setPayerFailure } from "../../server/recurrences/charges/payer";
import { settleRecurringCharges } from "../../server/recurrences/charges/settlement";
import { approvedRec, cobrBody, createdCobr, postCobr, putCobr } from "./cobr-support";
import { apiPixCompanyWithKey } from "./rec-support";
import { type ApiPixMerchant, newTxid, PROBLEM, pixCall } from "./support";

const at = (day: string) => new Date(`${day}T15:00:00Z`);
const statuses = (list: { status: string }[]) => list.map((entry) => entry.status);

describe("API Pix cobr", () => {
  let shop: ApiPixMerchant;
  let other: ApiPixMerchant;

  beforeAll(async () => {
    shop = await apiPixCompanyWithKey();
    other = await apiPixCompanyWithKey();
  });

  it("PUT /cobr/{txid} creates a CRIADA charge with the merchant's txid; GET reads it the same", async () => {
    const idRec = await approvedRec(shop);
    const txid = newTxid();
    const body = cobrBody(idRec, shop.accountId);
    const res = await putCobr(shop.bearer, txid, body);
    expect(res.status).toBe(201);
    const account = await db().account.findUniqueOrThrow({ where: { id: shop.accountId } });
    expect(res.json).toMatchObject({
      idRec,
      txid,
      infoAdicional: "Mensalidade",
      calendario: { criacao: todayInSaoPaulo(), dataDeVencimento: body.calendario.dataDeVencimento },
      valor: { original: "89.90" },
      ajusteDiaUtil: true,
      status: "CRIADA",
      politicaRetentativa: "PERMITE_3R_7D",
      recebedor: {
        cnpj: account.document,
        nome: account.name,
        conta: shop.accountId,
        agencia: "0001",
        tipoConta: "PAGAMENTO",
      },
      devedor: body.devedor,
      tentativas: [],
    });
    expect(statuses(res.json.atualizacao)).toEqual(["CRIADA"]);
    const stored = await db().recurringCharge.findUniqueOrThrow({ where: { txId: txid } });
    expect(stored.amountCents).toBe(8990n);
    const read = await pixCall(shop.bearer, "GET", `/cobr/${txid}`);
    expect(read.status).toBe(200);
    expect(read.json).toEqual(res.json);
  });

  it("POST /cobr makes the txid; another merchant's or an unknown txid is CobRNaoEncontrado", async () => {
    const idRec = await approvedRec(shop);
    const txid = await createdCobr(shop, idRec);
    expect(txid).toMatch(/^[a-zA-Z0-9]{26,35}$/);
    for (const [who, id] of [
      [other, txid],
      [shop, newTxid()],
    ] as const) {
      for (const [method, path, body] of [
        ["GET", `/cobr/${id}`, undefined],
        ["PATCH", `/cobr/${id}`, { status: "CANCELADA" }],
        ["POST", `/cobr/${id}/retentativa/${plusDays(todayInSaoPaulo(), 8)}`, undefined],
      ] as const) {
        const res = await pixCall(who.bearer, method, path, body ? { body } : {});
        expect(res.status).toBe(404);
        expect(res.json.type).toBe(`${PROBLEM}CobRNaoEncontrado`);
      }
    }
  });

  it("walks CRIADA → ATIVA → CONCLUIDA, showing the attempt and the PIX that paid it", async () => {
    const idRec = await approvedRec(shop, { politicaRetentativa: "NAO_PERMITE" });
    const due = plusDays(todayInSaoPaulo(), 5);
    const txid = await createdCobr(shop, idRec, { ajusteDiaUtil: false, calendario: { dataDeVencimento: due } });
    await settleRecurringCharges(db(), new Date(), idRec);
    let res = await pixCall(shop.bearer, "GET", `/cobr/${txid}`);
    expect(res.json.status).toBe("ATIVA");
    expect(res.json.tentativas).toEqual([
      expect.objectContaining({ dataLiquidacao: due, tipo: "AGND", status: "AGENDADA" }),
    ]);
    await settleRecurringCharges(db(), at(due), idRec);
    res = await pixCall(shop.bearer, "GET", `/cobr/${txid}`);
    expect(res.json.status).toBe("CONCLUIDA");
    expect(statuses(res.json.atualizacao)).toEqual(["CRIADA", "ATIVA", "CONCLUIDA"]);
    expect(statuses(res.json.tentativas[0].atualizacao)).toEqual(["SOLICITADA", "AGENDADA", "PAGA"]);
    expect(res.json.pix).toEqual([
      { endToEndId: res.json.tentativas[0].endToEndId, txid, valor: "89.90", horario: expect.any(String) },
    ]);
  });

  it("PATCH cancels before the first attempt's day: CANCELADA by the receiver, its attempt cancelled", async () => {
    const idRec = await approvedRec(shop);
    const txid = await createdCobr(shop, idRec);
    await settleRecurringCharges(db(), new Date(), idRec);
    const res = await pixCall(shop.bearer, "PATCH", `/cobr/${txid}`, { body: { status: "CANCELADA" } });
    expect(res.status).toBe(200);
    expect(res.json.status).toBe("CANCELADA");
    expect(res.json.encerramento).toEqual({
      cancelamento: { solicitante: "USUARIO_RECEBEDOR", codigo: "SLCR", descricao: expect.any(String) },
    });
    expect(res.json.tentativas[0].status).toBe("CANCELADA");
    // the cycle is free again
    expect((await postCobr(shop.bearer, cobrBody(idRec, shop.accountId))).status).toBe(201);
  });

  it("a failed attempt leaves the charge ATIVA; POST retentativa schedules a retry that pays on its day", async () => {
    const idRec = await approvedRec(shop);
    const due = plusDays(todayInSaoPaulo(), 5);
    const txid = await createdCobr(shop, idRec, { ajusteDiaUtil: false, calendario: { dataDeVencimento: due } });
    await setPayerFailure(db(), shop.userId, idRec, "AM02");
    await settleRecurringCharges(db(), new Date(), idRec);
    await settleRecurringCharges(db(), at(due), idRec);
    let res = await pixCall(shop.bearer, "GET", `/cobr/${txid}`);
    expect(res.json.status).toBe("ATIVA");
    expect(res.json.tentativas[0]).toMatchObject({ status: "REJEITADA", rejeicao: { codigo: "AM02" } });
    const retryDay = plusDays(due, 3);
    res = await pixCall(shop.bearer, "POST", `/cobr/${txid}/retentativa/${retryDay}`);
    expect(res.status).toBe(201);
    expect(res.json.tentativas[1]).toMatchObject({ tipo: "RIFL", status: "AGENDADA", dataLiquidacao: retryDay });
    await setPayerFailure(db(), shop.userId, idRec, null);
    // nothing is retried by itself while the merchant's retry waits for its day
    await settleRecurringCharges(db(), at(plusDays(due, 1)), idRec);
    expect((await pixCall(shop.bearer, "GET", `/cobr/${txid}`)).json.tentativas).toHaveLength(2);
    await settleRecurringCharges(db(), at(retryDay), idRec);
    res = await pixCall(shop.bearer, "GET", `/cobr/${txid}`);
    expect(res.json.status).toBe("CONCLUIDA");
    expect(res.json.tentativas.map((t: { status: string }) => t.status)).toEqual(["REJEITADA", "PAGA"]);
  });

  it("GET /cobr lists the period's charges, filtered by idRec, status and the debtor's document", async () => {
    const idRec = await approvedRec(shop);
    const txid = await createdCobr(shop, idRec);
    const rec = await db().recurrence.findUniqueOrThrow({ where: { idRec } });
    const inicio = new Date(Date.now() - 60_000).toISOString();
    const fim = new Date(Date.now() + 60_000).toISOString();
    const list = (query: Record<string, string>) =>
      pixCall(shop.bearer, "GET", `/cobr?${new URLSearchParams({ inicio, fim, ...query })}`);
    let res = await list({ idRec, cpf: rec.debtorDocument, status: "CRIADA" });
    expect(res.status).toBe(200);
    expect(res.json.cobsr.map((c: { txid: string }) => c.txid)).toEqual([txid]);
    expect(res.json.parametros).toMatchObject({ idRec, status: "CRIADA", paginacao: { quantidadeTotalDeItens: 1 } });
    res = await list({ idRec, status: "CONCLUIDA" });
    expect(res.json.cobsr).toEqual([]);
    res = await pixCall(other.bearer, "GET", `/cobr?${new URLSearchParams({ inicio, fim, idRec })}`);
    expect(res.json.cobsr).toEqual([]);
  });
});
