/**
 * Issue 45 item 1, "everywhere": a R$ 100,00 charge paid on an account priced 0.99 % (min
 * R$ 0,50) reads gross 100.00, fee 0.99, net 99.01 on every surface reachable in-process, and the
 * balance agrees. The API Pix keeps to the BCB shapes: `valor` and `componentesValor` are what the
 * payer paid, the fee is not in them (docs/decisions/0058-fee-rounding.md).
 */
import { beforeAll, describe, expect, it } from "vitest";
import { accountApi } from "../../server/account-api/app";
import { chargesCsv } from "../../server/charges/export";
import { getChargeWithPayment } from "../../server/charges/paid";
import { payChargeFromOutside } from "../../server/charges/payment";
import { cliActor } from "../../server/cli/actor";
import { resetConfigForTests } from "../../server/config";
import { db } from "../../server/db/client";
import { pool } from "../../server/db/pool";
import type { LedgerEntry } from "../../server/generated/prisma/client";
import { setPriceList } from "../../server/pricing/service";
import { receiptOf } from "../../server/receipts/service";
import { pdfModel } from "../../server/statements/generate";
import { ledgerCsv } from "../../server/statements/ledger-csv";
import type { StatementRow } from "../../server/statements/rows";
import { resolveOptions } from "../../server/statements/schema";
import { accountEventFor, gatewayEventsFor } from "../../server/webhooks/catalog";
import { type ApiPixMerchant, apiPixMerchantWithKey, cobBody, pixCall, putCob } from "../api-pix/support";
import { aroundNow, buildStatement, popplerText, readStored } from "../statements/support";
import { readCsv, recordsOf } from "../support/csv";
import { availableCents, call } from "../support/fixtures";

const PRICE = { percentBasisPoints: 99, fixedCents: 0n, minCents: 50n, maxCents: null };
const AMOUNTS = { grossCents: 10_000n, feeCents: 99n, netCents: 9_901n };

async function text(chunks: AsyncIterable<string | Uint8Array>): Promise<string> {
  let out = "";
  for await (const chunk of chunks) out += typeof chunk === "string" ? chunk : Buffer.from(chunk).toString("utf8");
  return out;
}

describe("a paid R$ 100,00 charge at 0.99 % (min R$ 0,50) on every surface", () => {
  let shop: ApiPixMerchant;
  let txid: string;
  let entry: LedgerEntry;

  beforeAll(async () => {
    process.env.SANDBOX_SETTLEMENT_DELAY_MS = "0";
    resetConfigForTests();
    shop = await apiPixMerchantWithKey();
    await setPriceList(db(), {
      accountId: shop.accountId,
      items: { pix_in_qr: PRICE, pix_in_key: PRICE },
      actor: cliActor(),
    });
    const put = await putCob(shop, cobBody(shop.chave, { valor: { original: "100.00" } }));
    expect(put.res.status, JSON.stringify(put.res.json)).toBe(201);
    txid = put.txid;
    entry = await payChargeFromOutside(db(), { userId: shop.userId, txId: txid });
  });

  it("the credit entry keeps gross, fee and net, and the balance is the net", async () => {
    expect(entry).toMatchObject({ ...AMOUNTS, reason: "pix_in:qrcode_paid", status: "succeeded" });
    expect(await availableCents(shop.accountId)).toBe(9_901n);
    const balance = await call(accountApi(), "GET", `/v4/i/bank-accounts/${shop.accountId}/balance`, {
      auth: shop.auth,
    });
    expect(balance.json.data).toMatchObject({ balance: 99.01 });
  });

  it("/v4/i: the entry by its end-to-end id and by the charge's txid", async () => {
    for (const path of [`/v4/i/ledger/end-to-end/${entry.endToEndId}`, `/v4/i/ledger/entry-id/${txid}`]) {
      const res = await call(accountApi(), "GET", path, { auth: shop.auth });
      expect(res.status, path).toBe(200);
      expect(res.json.data).toMatchObject({ grossAmount: 100, feeAmount: 0.99, netAmount: 99.01 });
    }
  });

  it("API Pix: GET /cob/{txid} pix[] and GET /pix/{e2eid} say what the payer paid, without the fee", async () => {
    const cob = await pixCall(shop.bearer, "GET", `/cob/${txid}`);
    expect(cob.json).toMatchObject({ status: "CONCLUIDA", valor: { original: "100.00" } });
    expect(cob.json.pix).toEqual([
      { endToEndId: entry.endToEndId, txid, valor: "100.00", horario: expect.any(String) },
    ]);
    const pix = await pixCall(shop.bearer, "GET", `/pix/${entry.endToEndId}`);
    expect(pix.status).toBe(200);
    expect(pix.json).toMatchObject({ valor: "100.00", componentesValor: { original: { valor: "100.00" } } });
    expect(Object.keys(pix.json.componentesValor)).toEqual(["original"]);
  });

  it("webhooks: the account event of the entry and the gateway's pix.charge.paid", async () => {
    const created = await db().outboxEvent.findFirstOrThrow({ where: { topic: "entry.created", entryId: entry.id } });
    expect(accountEventFor(created, { entry })?.object).toMatchObject({
      grossAmount: 100,
      feeAmount: 0.99,
      netAmount: 99.01,
    });
    const paid = await db().outboxEvent.findFirstOrThrow({ where: { topic: "charge.paid", entryId: txid } });
    const [event] = gatewayEventsFor(paid);
    expect(event).toMatchObject({ type: "pix.charge.paid", data: { amount: 100, fee: 0.99, net_amount: 99.01 } });
  });

  it("the receipt and the charge's page", async () => {
    const receipt = await receiptOf(db(), shop.userId, entry.id, shop.accountId);
    expect(receipt).toMatchObject(AMOUNTS);
    const { payment } = await getChargeWithPayment(db(), shop.userId, txid);
    expect(payment).toMatchObject(AMOUNTS);
  });

  it("the statement: CSV rows, the PDF's rows and text", async () => {
    const csv = await buildStatement(shop, {
      accountId: shop.accountId,
      format: "csv",
      ...aroundNow(),
      options: { sections: { summary: false, monthlyTable: false, monthSummary: false } },
    });
    const rows = recordsOf(readCsv(await readStored(csv.reportPath as string), "pt-BR"));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ "Valor bruto": "100,00", Tarifa: "-0,99", "Valor líquido": "99,01" });

    const pdf = await buildStatement(shop, { accountId: shop.accountId, format: "pdf", ...aroundNow() });
    const rowsOfPdf: StatementRow[] = [];
    const { input } = await pdfModel({ pool: pool(), now: () => new Date() }, pdf, resolveOptions(undefined), (row) =>
      rowsOfPdf.push(row),
    );
    expect(rowsOfPdf.map(({ grossCents, feeCents, netCents }) => ({ grossCents, feeCents, netCents }))).toEqual([
      { grossCents: 10_000n, feeCents: -99n, netCents: 9_901n },
    ]);
    expect(input.summary).toMatchObject({ feeCents: 99n, closingCents: 9_901n });
    const printed = popplerText(await readStored(pdf.reportPath as string)).replace(/\s+/g, " ");
    for (const expected of ["R$ 100,00", "-R$ 0,99", "R$ 99,01"]) expect(printed).toContain(expected);
  });

  it("the list exports: the charges CSV and the ledger CSV", async () => {
    const charges = recordsOf(readCsv(await text(chargesCsv(db(), shop.userId, {}, "pt-BR")), "pt-BR"));
    expect(charges).toHaveLength(1);
    expect(charges[0]).toMatchObject({ Valor: "100,00", Tarifa: "-0,99", "Valor líquido": "99,01" });
    const ledger = recordsOf(readCsv(await text(ledgerCsv(db(), shop.userId, {}, "pt-BR")), "pt-BR"));
    expect(ledger).toHaveLength(1);
    expect(ledger[0]).toMatchObject({ "Valor bruto": "100,00", Tarifa: "-0,99", "Valor líquido": "99,01" });
  });
});
