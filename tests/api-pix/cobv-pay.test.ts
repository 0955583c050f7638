/** Paying a cobv: the amount due on the day, its components on the received PIX, the payload location. */
import { beforeAll, describe, expect, it } from "vitest";
import { accountApi } from "../../server/account-api/app";
import { lastPayableDate } from "../../server/charges/due-date/amount-due";
import { calendarDaysBetween, plusDays } from "../../server/charges/due-date/calendar";
import { expireDueCharges } from "../../server/charges/service";
import { db } from "../../server/db/client";
import { payBrCode } from "../../server/transfers/pay-brcode";
import { apiPixEventFor } from "../../server/webhooks/pix-payload";
import { call, fundedMerchant } from "../support/fixtures";
import { cobvBody, dueDay, lateDay, PROBLEM, putCobV, today } from "./cobv-support";
import { specResponseErrors } from "./spec-validator";
import { apiPixDoor, apiPixMerchantWithKey, pixCall } from "./support";

type Merchant = Awaited<ReturnType<typeof apiPixMerchantWithKey>>;

/** Fixed amounts only, so every expected value is plain arithmetic. */
const terms = () => ({
  original: "100.00",
  multa: { modalidade: 1, valorPerc: "5.00" },
  juros: { modalidade: 1, valorPerc: "0.50" },
  abatimento: { modalidade: 1, valorPerc: "10.00" },
  desconto: { modalidade: 1, descontoDataFixa: [{ data: plusDays(today(), 1), valorPerc: "3.00" }] },
});

async function location(url: string, query = "") {
  const { GET } = await import("../../app/pix/qr/v2/cobv/[token]/route");
  const token = url.split("/").pop() as string;
  const res = await GET(new Request(`http://localhost/pix/qr/v2/cobv/${token}${query}`), {
    params: Promise.resolve({ token }),
  });
  const text = await res.text();
  const ok = res.status === 200;
  return {
    status: res.status,
    payload: ok ? JSON.parse(Buffer.from(text.split(".")[1] as string, "base64url").toString()) : null,
    problem: ok ? null : JSON.parse(text),
  };
}

describe("paying a cobv", () => {
  let shop: Merchant;
  let other: Merchant;

  beforeAll(async () => {
    shop = await apiPixMerchantWithKey();
    other = await apiPixMerchantWithKey();
  });

  const created = async (extra: Record<string, unknown> = {}) => {
    const { txid, res } = await putCobV(shop.bearer, cobvBody(shop.chave, { valor: terms(), ...extra }));
    expect(res.status, JSON.stringify(res.json)).toBe(201);
    return { txid, location: res.json.location as string };
  };

  const pay = (txid: string, paidOn: string, merchant = shop) =>
    call(accountApi(), "POST", `/v4/i/sandbox/pix/in/due-date/${txid}/pay`, { auth: merchant.auth, body: { paidOn } });

  /** Pays on `paidOn` and checks the ledger moved `valor` and the PIX carries `components`. */
  async function paysExactly(paidOn: string, valor: string, components: Record<string, string>) {
    const { txid } = await created();
    const paid = await pay(txid, paidOn);
    expect(paid.status, JSON.stringify(paid.json)).toBe(200);
    const endToEndId = paid.json.data.endToEndId as string;
    const credit = await db().ledgerEntry.findFirstOrThrow({ where: { endToEndId, type: "credit" } });
    expect(credit.grossCents).toBe(BigInt(valor.replace(".", "")));
    const componentesValor = Object.fromEntries(Object.entries(components).map(([k, v]) => [k, { valor: v }]));
    const pix = await pixCall(shop.bearer, "GET", `/pix/${endToEndId}`);
    expect(pix.status, JSON.stringify(pix.json)).toBe(200);
    expect(pix.json).toMatchObject({ txid, valor });
    expect(pix.json.componentesValor).toEqual(componentesValor);
    const cobv = await pixCall(shop.bearer, "GET", `/cobv/${txid}`);
    expect(cobv.json).toMatchObject({ status: "CONCLUIDA", pix: [{ endToEndId, valor, componentesValor }] });
    expect((await pay(txid, paidOn)).status).toBe(409);
    // the API Pix webhook of the credit carries the same Pix object
    const event = await apiPixEventFor({ topic: "entry.created", payload: { status: "succeeded" } }, credit);
    expect(event?.payload.pix[0]).toMatchObject({ endToEndId, txid, valor, componentesValor });
  }

  it("on the due date: the original less the rebate", async () => {
    await paysExactly(dueDay(), "90.00", { original: "100.00", abatimento: "10.00" });
  });

  it("after the due date: plus the fine and each day's interest", async () => {
    const days = calendarDaysBetween(dueDay(), lateDay());
    const juros = (days * 0.5).toFixed(2);
    const valor = (95 + days * 0.5).toFixed(2);
    await paysExactly(lateDay(), valor, { original: "100.00", abatimento: "10.00", multa: "5.00", juros });
  });

  it("by the discount date: less the discount", async () => {
    await paysExactly(today(), "87.00", { original: "100.00", abatimento: "10.00", desconto: "3.00" });
  });

  it("another merchant paying its pixCopiaECola sends the amount due today; another amount is refused", async () => {
    const { txid } = await created();
    const emv = (await pixCall(shop.bearer, "GET", `/cobv/${txid}`)).json.pixCopiaECola as string;
    const payer = await fundedMerchant(100_000n);
    const paying = (amountCents: bigint | null) =>
      payBrCode(db(), { userId: payer.userId, accountId: payer.accountId, emv, amountCents });
    await expect(paying(10_000n)).rejects.toThrow("amount must equal");
    const debit = await paying(null);
    expect(debit.grossCents).toBe(8_700n);
    const cobv = await pixCall(shop.bearer, "GET", `/cobv/${txid}`);
    expect(cobv.json).toMatchObject({
      status: "CONCLUIDA",
      pix: [{ valor: "87.00", componentesValor: { original: { valor: "100.00" }, desconto: { valor: "3.00" } } }],
    });
  });

  it("is refused after its validity, before its creation, and for another merchant", async () => {
    const { txid } = await created({ calendario: { dataDeVencimento: dueDay(), validadeAposVencimento: 0 } });
    const late = await pay(txid, plusDays(lastPayableDate({ dueDate: dueDay(), validityDays: 0 }), 1));
    expect(late.status).toBe(400);
    expect(late.json.message).toBe("charge has expired");
    expect((await pay(txid, plusDays(today(), -1))).status).toBe(400);
    expect((await pay(txid, "2026-02-30")).status).toBe(400);
    expect((await pay(txid, dueDay(), other)).status).toBe(404);
    expect((await pixCall(shop.bearer, "GET", `/cobv/${txid}`)).json.status).toBe("ATIVA");
  });

  it("the expiry job removes it once its last payable day is over", async () => {
    const { txid } = await created({ calendario: { dataDeVencimento: dueDay(), validadeAposVencimento: 0 } });
    const charge = await db().charge.findUniqueOrThrow({ where: { txId: txid } });
    await expireDueCharges(db(), new Date(charge.expiresAt.getTime() - 1));
    expect((await pixCall(shop.bearer, "GET", `/cobv/${txid}`)).json.status).toBe("ATIVA");
    await expireDueCharges(db(), charge.expiresAt);
    expect((await pixCall(shop.bearer, "GET", `/cobv/${txid}`)).json.status).toBe("REMOVIDA_PELO_PSP");
  });

  it("its location serves the CobVPayload with valor.final for DPP, today by default", async () => {
    const { txid, location: url } = await created();
    const onDue = await location(url, `?DPP=${dueDay()}&codMun=3550308`);
    expect(onDue.status, JSON.stringify(onDue.problem)).toBe(200);
    expect(onDue.payload).toMatchObject({
      txid,
      revisao: 0,
      status: "ATIVA",
      chave: shop.chave,
      calendario: { dataDeVencimento: dueDay(), validadeAposVencimento: 30, apresentacao: expect.any(String) },
      devedor: { cpf: "12345678909", nome: "Maria Pagadora" },
      recebedor: { nome: expect.any(String), logradouro: expect.any(String), uf: "SP", cep: expect.any(String) },
      valor: { original: "100.00", abatimento: "10.00", final: "90.00" },
    });
    expect((await location(url)).payload.valor).toEqual({
      original: "100.00",
      abatimento: "10.00",
      desconto: "3.00",
      final: "87.00",
    });
    expect((await location(url, `?DPP=${lateDay()}`)).payload.valor).toMatchObject({ multa: "5.00" });
  });

  it("its location refuses a DPP in the past, beyond the validity, or a bad codMun (CobPayloadOperacaoInvalida)", async () => {
    const { location: url } = await created({ calendario: { dataDeVencimento: dueDay(), validadeAposVencimento: 2 } });
    for (const [query, propriedade] of [
      [`?DPP=${plusDays(today(), -1)}`, "DPP"],
      [`?DPP=${plusDays(lastPayableDate({ dueDate: dueDay(), validityDays: 2 }), 1)}`, "DPP"],
      ["?DPP=2026-13-01", "DPP"],
      ["?codMun=123", "codMun"],
      ["?codMun=9900000", "codMun"],
    ]) {
      const res = await location(url, query);
      expect(res.status, query).toBe(400);
      expect(res.problem.type).toBe(`${PROBLEM}CobPayloadOperacaoInvalida`);
      expect(res.problem.violacoes.map((v: { propriedade: string }) => v.propriedade)).toEqual([propriedade]);
    }
    // the immediate charges' URL does not serve a cobv
    const { GET } = await import("../../app/pix/qr/v2/[locationId]/route");
    const token = url.split("/").pop() as string;
    const res = await GET(new Request(`http://localhost/pix/qr/v2/${token}`), {
      params: Promise.resolve({ locationId: token }),
    });
    expect(res.status).toBe(404);
  });

  it("its location answers 410 once unlinked, 404 for an unknown token", async () => {
    const { txid, location: url } = await created();
    const loc = (await pixCall(shop.bearer, "GET", `/cobv/${txid}`)).json.loc.id as number;
    expect((await pixCall(shop.bearer, "DELETE", `/loc/${loc}/txid`)).status).toBe(200);
    expect((await location(url)).status).toBe(410);
    expect((await location("x/00000000-0000-0000-0000-000000000000")).status).toBe(404);
  });

  it("unlinked, it is read and revised without location (the accepted difference of decision 0035), until a PATCH gives it one", async () => {
    const { txid } = await created();
    const loc = (await pixCall(shop.bearer, "GET", `/cobv/${txid}`)).json.loc.id as number;
    await pixCall(shop.bearer, "DELETE", `/loc/${loc}/txid`);
    // straight through the door: pixCall would hold the answer to the spec's required location
    const read = await call(apiPixDoor, "GET", `/api/pix/v2/cobv/${txid}`, { auth: shop.bearer });
    expect(read.status).toBe(200);
    expect(read.json).not.toHaveProperty("location");
    expect(read.json).not.toHaveProperty("loc");
    expect(specResponseErrors("GET", `/cobv/${txid}`, 200, read.json)).toEqual([
      '(body) must have required property \'location\' {"missingProperty":"location"}',
    ]);
    const fresh = (await pixCall(shop.bearer, "POST", "/loc", { body: { tipoCob: "cobv" } })).json.id as number;
    const relinked = await pixCall(shop.bearer, "PATCH", `/cobv/${txid}`, { body: { loc: { id: fresh } } });
    expect(relinked.status, JSON.stringify(relinked.json)).toBe(200);
    expect(relinked.json.loc).toMatchObject({ id: fresh, txid });
    expect(relinked.json.location).toMatch(/\/pix\/qr\/v2\/cobv\//);
  });
});
