/**
 * The day a cobv paid over the network counts on (server/pix/incoming.ts): on a simulated network
 * the payer's acceptance (AccptncDtTm), so the sandbox can pay one as if on another day; on the
 * real network always the settlement's day, whatever the message says.
 */
import { randomUUID } from "node:crypto";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { calendarDaysBetween } from "../../server/charges/due-date/calendar";
import { resetConfigForTests } from "../../server/config";
import { db } from "../../server/db/client";
import { newEndToEndId } from "../../server/ledger/ids";
import { answerArrival, type IncomingPayment, settleArrival } from "../../server/pix/incoming";
import { cobvBody, dueDay, lateDay, putCobV } from "../api-pix/cobv-support";
import { type ApiPixMerchant, apiPixMerchantWithKey } from "../api-pix/support";

let shop: ApiPixMerchant;

beforeAll(async () => {
  shop = await apiPixMerchantWithKey();
});

afterEach(() => {
  for (const name of ["PIX_RAIL", "PSP_ISPB", "SPI_URL", "DICT_URL"]) delete process.env[name];
  resetConfigForTests();
});

/** The real network: the connector's settings, no simulator's control API. */
function onTheRealNetwork() {
  Object.assign(process.env, {
    PIX_RAIL: "network",
    PSP_ISPB: "12345678",
    SPI_URL: "http://127.0.0.1:9/spi",
    DICT_URL: "http://127.0.0.1:9/dict/api/v1",
  });
  resetConfigForTests();
}

/** A cobv of R$ 100,00 due in three weeks, 5% fine and 0.5% a day of interest after it. */
async function cobv() {
  const body = cobvBody(shop.chave, {
    valor: {
      original: "100.00",
      multa: { modalidade: 1, valorPerc: "5.00" },
      juros: { modalidade: 1, valorPerc: "0.50" },
    },
  });
  const { txid, res } = await putCobV(shop.bearer, body);
  expect(res.status, JSON.stringify(res.json)).toBe(201);
  return txid;
}

const lateCents = () => BigInt(10_500 + calendarDaysBetween(dueDay(), lateDay()) * 50);

function arrival(txId: string, amountCents: bigint, acceptedOn: string): IncomingPayment {
  return {
    kind: "payment",
    endToEndId: newEndToEndId("E", "99999999"),
    amountCents,
    payer: {
      ispb: "99999999",
      personType: "person",
      cpfCnpj: "***.456.789-**",
      name: "Maria Pagadora",
      agency: "0001",
      accountType: "CACC",
      accountNumber: randomUUID().slice(0, 8),
    },
    payerDocument: "12345678909",
    receiverKey: shop.chave,
    receiverAccount: shop.accountId,
    txId,
    initiation: "QRDN",
    description: null,
    acceptedAt: `${acceptedOn}T15:00:00.000Z`,
  };
}

describe("a cobv paid over the network", () => {
  it("on the simulated network counts on the payer's acceptance day: late, with fine and interest", async () => {
    const txId = await cobv();
    const late = arrival(txId, lateCents(), lateDay());
    expect(await answerArrival(db(), late)).toEqual({ accepted: true });
    const credit = await settleArrival(db(), late.endToEndId);
    expect(credit).toMatchObject({ grossCents: lateCents(), reason: "pix_in:qrcode_paid", entryRef: txId });
    expect(await db().charge.findUniqueOrThrow({ where: { txId } })).toMatchObject({
      status: "paid",
      paidEndToEndId: late.endToEndId,
    });
  });

  it("on the real network counts on today: a late day's amount is refused (AM09), nothing credited", async () => {
    const txId = await cobv();
    onTheRealNetwork();
    const late = arrival(txId, lateCents(), lateDay());
    const answer = await answerArrival(db(), late);
    expect(answer).toMatchObject({ accepted: false, reasonCode: "AM09" });
    expect(await settleArrival(db(), late.endToEndId)).toBeNull();
    expect((await db().charge.findUniqueOrThrow({ where: { txId } })).status).toBe("created");
  });
});
