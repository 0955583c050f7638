/** Every violation the specification lists for the cobr operations (CobROperacaoInvalida, CobRConsultaInvalida). */
import { beforeAll, describe, expect, it } from "vitest";
import { plusDays, todayInSaoPaulo } from "../../server/charges/due-date/calendar";
import { db } from "../../server/db/client";
import { setPayerFailure } from "../../server/recurrences/charges/payer";
import { createRecurringCharge } from "../../server/recurrences/charges/service";
import { settleRecurringCharges } from "../../server/recurrences/charges/settlement";
import {
  approvedRec,
  cobrBody,
  cobrViolations,
  createdCobr,
  postCobr,
  putCobr,
  recurringChargeInput,
} from "./cobr-support";
import { apiPixCompanyWithKey, createdRec } from "./rec-support";
import { type ApiPixMerchant, cobBody, newTxid, PROBLEM, pixCall, putCob } from "./support";

const today = () => todayInSaoPaulo();
const at = (day: string) => new Date(`${day}T15:00:00Z`);

describe("API Pix cobr violations", () => {
  let shop: ApiPixMerchant;
  let other: ApiPixMerchant;
  let idRec: string;

  beforeAll(async () => {
    shop = await apiPixCompanyWithKey();
    other = await apiPixCompanyWithKey();
    idRec = await approvedRec(shop);
  });

  const body = (extra: Record<string, unknown>) => cobrBody(idRec, shop.accountId, extra);

  it.each([
    ["an infoAdicional longer than 140", { infoAdicional: "x".repeat(141) }, "cobr.infoAdicional"],
    ["no calendario", { calendario: undefined }, "cobr.calendario"],
    [
      "a dataDeVencimento that is no day",
      { calendario: { dataDeVencimento: "2027-02-30" } },
      "cobr.calendario.dataDeVencimento",
    ],
    [
      "a dataDeVencimento before today",
      { calendario: { dataDeVencimento: plusDays(today(), -1) } },
      "cobr.calendario.dataDeVencimento",
    ],
    [
      "a dataDeVencimento tomorrow (under 2 days)",
      { calendario: { dataDeVencimento: plusDays(today(), 1) } },
      "cobr.calendario.dataDeVencimento",
    ],
    [
      "a dataDeVencimento in 11 days",
      { calendario: { dataDeVencimento: plusDays(today(), 11) } },
      "cobr.calendario.dataDeVencimento",
    ],
    ["a valor off the schema", { valor: { original: "10" } }, "cobr.valor.original"],
    ["a valor other than valorRec", { valor: { original: "10.00" } }, "cobr.valor.original"],
    ["a recebedor off the schema", { recebedor: { conta: "1", tipoConta: "OUTRA" } }, "cobr.recebedor.tipoConta"],
    ["a devedor off the schema", { devedor: { uf: "SAO" } }, "cobr.devedor.uf"],
    ["no ajusteDiaUtil", { ajusteDiaUtil: undefined }, "cobr.ajusteDiaUtil"],
  ])("POST /cobr refuses %s", async (_name, extra, property) => {
    const res = await postCobr(shop.bearer, body(extra));
    expect(cobrViolations(res)).toContain(property);
  });

  it("refuses another merchant's account, a recurrence not approved or unknown, and changes nothing", async () => {
    const foreign = await postCobr(
      shop.bearer,
      body({ recebedor: { conta: other.accountId, tipoConta: "PAGAMENTO" } }),
    );
    expect(cobrViolations(foreign)).toEqual(["cobr.recebedor"]);
    const wrongAgency = await postCobr(
      shop.bearer,
      body({ recebedor: { conta: shop.accountId, agencia: "9999", tipoConta: "PAGAMENTO" } }),
    );
    expect(cobrViolations(wrongAgency)).toEqual(["cobr.recebedor"]);
    const created = await createdRec(shop.bearer);
    expect(cobrViolations(await postCobr(shop.bearer, cobrBody(created, shop.accountId)))).toContain("cobr.idRec");
    const othersRec = await approvedRec(other);
    expect(cobrViolations(await postCobr(shop.bearer, cobrBody(othersRec, shop.accountId)))).toContain("cobr.idRec");
    expect(
      await db().recurringCharge.count({ where: { userId: shop.userId, idRec: { in: [created, othersRec] } } }),
    ).toBe(0);
  });

  it("PUT refuses a txid in use (a cobr's or a cob's) and a second live charge in the same cycle", async () => {
    const rec = await approvedRec(shop);
    const txid = newTxid();
    expect((await putCobr(shop.bearer, txid, cobrBody(rec, shop.accountId))).status).toBe(201);
    const again = await putCobr(
      shop.bearer,
      txid,
      cobrBody(rec, shop.accountId, { calendario: { dataDeVencimento: plusDays(today(), 6) } }),
    );
    expect(cobrViolations(again)).toEqual(["cobr.txid"]);
    const cobTxid = newTxid();
    expect((await putCob(shop, cobBody(shop.chave), cobTxid)).res.status).toBe(201);
    expect(cobrViolations(await putCobr(shop.bearer, cobTxid, cobrBody(rec, shop.accountId)))).toEqual(["cobr.txid"]);
    const sameCycle = await putCobr(
      shop.bearer,
      newTxid(),
      cobrBody(rec, shop.accountId, { calendario: { dataDeVencimento: plusDays(today(), 6) } }),
    );
    expect(cobrViolations(sameCycle)).toEqual(["cobr.calendario.dataDeVencimento"]);
  });

  it("PATCH refuses a status other than CANCELADA, a cancel on the first attempt's day, and an ended charge", async () => {
    const rec = await approvedRec(shop);
    const txid = await createdCobr(shop, rec);
    expect(cobrViolations(await pixCall(shop.bearer, "PATCH", `/cobr/${txid}`, { body: { status: "ATIVA" } }))).toEqual(
      ["cobr.status"],
    );
    // a charge due in 40 days, sent on the 35th: on the 40th its first attempt is due, too late to cancel
    const late = await createRecurringCharge(
      db(),
      recurringChargeInput(shop, rec, { dueDate: plusDays(today(), 40), adjustBusinessDay: false }),
      at(plusDays(today(), 35)),
    );
    const sameDay = new Date(at(plusDays(today(), 40)));
    const { cancelRecurringCharge } = await import("../../server/recurrences/charges/service");
    await expect(cancelRecurringCharge(db(), shop.userId, late.txId, sameDay)).rejects.toThrow(/primeira tentativa/);
    await pixCall(shop.bearer, "PATCH", `/cobr/${txid}`, { body: { status: "CANCELADA" } });
    const ended = await pixCall(shop.bearer, "PATCH", `/cobr/${txid}`, { body: { status: "CANCELADA" } });
    expect(cobrViolations(ended)).toEqual(["cobr.status"]);
  });

  it("retentativa refuses: no retries allowed, a charge not failed, an open attempt, a past or taken day, a day past the window", async () => {
    const none = await approvedRec(shop, { politicaRetentativa: "NAO_PERMITE" });
    const noRetry = await createdCobr(shop, none);
    const day = plusDays(today(), 8);
    const refused = await pixCall(shop.bearer, "POST", `/cobr/${noRetry}/retentativa/${day}`);
    expect(cobrViolations(refused)).toEqual(["cobr.politicaRetentativa"]);
    expect(refused.json.detail).toBe("A política configurada na recorrência não permite retentativa de cobrança.");

    const rec = await approvedRec(shop);
    const due = plusDays(today(), 5);
    const txid = await createdCobr(shop, rec, { ajusteDiaUtil: false, calendario: { dataDeVencimento: due } });
    expect(cobrViolations(await pixCall(shop.bearer, "POST", `/cobr/${txid}/retentativa/${day}`))).toContain(
      "cobr.status",
    );
    await settleRecurringCharges(db(), new Date(), rec);
    expect(cobrViolations(await pixCall(shop.bearer, "POST", `/cobr/${txid}/retentativa/${day}`))).toContain(
      "cobr.tentativas",
    );
    await setPayerFailure(db(), shop.userId, rec, "AM02");
    await settleRecurringCharges(db(), at(due), rec);
    const { requestRetry } = await import("../../server/recurrences/charges/retries");
    const refusedAt = async (asked: string, now: Date) =>
      requestRetry(db(), shop.userId, txid, asked, now).then(
        () => [],
        (error: { violations?: { propriedade: string }[] }) => (error.violations ?? []).map((v) => v.propriedade),
      );
    expect(await refusedAt(due, at(due))).toEqual(["data", "data"]);
    expect(await refusedAt(plusDays(due, 8), at(due))).toEqual(["data"]);
    expect(await refusedAt(plusDays(due, 2), at(due))).toEqual([]);
    expect(await refusedAt(plusDays(due, 3), at(due))).toEqual(["tentativas"]);
    const bad = await pixCall(shop.bearer, "POST", `/cobr/${txid}/retentativa/2027-02-30`);
    expect(cobrViolations(bad)).toEqual(["cobr.data"]);
  });

  it.each([
    ["fim before inicio", { inicio: "2026-02-01T00:00:00Z", fim: "2026-01-01T00:00:00Z" }, "fim"],
    ["cpf and cnpj", { cpf: "12345678909", cnpj: "11222333000181" }, "cnpj"],
    ["an unknown status", { status: "PAGA" }, "status"],
    ["a negative page", { "paginacao.paginaAtual": "-1" }, "paginacao.paginaAtual"],
    ["a negative page size", { "paginacao.itensPorPagina": "-1" }, "paginacao.itensPorPagina"],
    ["an idRec off the schema", { idRec: "short" }, "idRec"],
  ])("GET /cobr refuses %s (CobRConsultaInvalida)", async (_name, query, property) => {
    const params = new URLSearchParams({ inicio: "2026-01-01T00:00:00Z", fim: "2026-12-31T00:00:00Z", ...query });
    const res = await pixCall(shop.bearer, "GET", `/cobr?${params}`);
    expect(res.status).toBe(400);
    expect(res.json.type).toBe(`${PROBLEM}CobRConsultaInvalida`);
    expect(res.json.violacoes.map((v: { propriedade: string }) => v.propriedade)).toContain(property);
  });
});
