import { beforeAll, describe, expect, it } from "vitest";
import { db } from "../../server/db/client";
import { listEntries } from "../../server/ledger/queries";
import { amountCentsOf } from "../../server/ledger/search";
import { renderReceiptPdf } from "../../server/receipts/pdf";
import { receiptOf } from "../../server/receipts/service";
import { ledgerCsv } from "../../server/statements/ledger-csv";
import { pdfText } from "../statements/support";
import { emptyMerchant, party, seedEntry, seedUnsettledPayment, UNSETTLED } from "./support";

const MARIA = party("Maria Silva", "52998224725");
const JOAO = party("João Souza", "11144477735");
const page = { page: 1, limit: 20 };

async function csvOf(userId: string, filters: Parameters<typeof ledgerCsv>[2], locale: "pt-BR" | "en" = "pt-BR") {
  let out = "";
  for await (const chunk of ledgerCsv(db(), userId, filters, locale)) out += chunk;
  return out;
}

describe("reconciliation: search, CSV export, receipts", () => {
  let a: Awaited<ReturnType<typeof emptyMerchant>>;
  let b: Awaited<ReturnType<typeof emptyMerchant>>;
  let charge: Awaited<ReturnType<typeof seedEntry>>;
  let sent: Awaited<ReturnType<typeof seedEntry>>;
  let transfer: Awaited<ReturnType<typeof seedEntry>>;
  let foreign: Awaited<ReturnType<typeof seedEntry>>;

  beforeAll(async () => {
    a = await emptyMerchant();
    b = await emptyMerchant();
    charge = await seedEntry(a, {
      type: "credit",
      reason: "pix_in:qrcode_paid",
      grossCents: 123_456n,
      at: "2026-11-18T02:30:00Z",
      payer: MARIA,
      entryRef: "txidcobranca0000000000000000001",
    });
    sent = await seedEntry(a, {
      type: "debit",
      reason: "pix_out:processing",
      grossCents: 1_250n,
      feeCents: 50n,
      at: "2026-11-18T12:00:00Z",
      receiver: JOAO,
      externalId: "pedido-42",
    });
    transfer = await seedEntry(a, {
      type: "debit",
      reason: "internal:transfer_out",
      grossCents: 700n,
      at: "2026-11-19T12:00:00Z",
      endToEndId: null,
    });
    foreign = await seedEntry(b, {
      type: "credit",
      reason: "pix_in:credited",
      grossCents: 123_456n,
      at: "2026-11-18T12:00:00Z",
      payer: MARIA,
      externalId: "pedido-42",
    });
  });

  const ids = async (userId: string, search: string, extra = {}) =>
    (await listEntries(db(), userId, { ...page, ...extra, search })).entries.map((e) => e.id);

  it("reads amounts as people type them", () => {
    expect(amountCentsOf("R$ 1.234,56")).toBe(123_456n);
    expect(amountCentsOf("1234,5")).toBe(123_450n);
    expect(amountCentsOf("1,234.56")).toBe(123_456n);
    expect(amountCentsOf("12.50")).toBe(1_250n);
    expect(amountCentsOf("1.250")).toBe(125_000n);
    expect(amountCentsOf("700")).toBe(70_000n);
    expect(amountCentsOf("abc")).toBeNull();
    expect(amountCentsOf("1,2,3")).toBeNull();
  });

  it("finds an entry by end-to-end id, txId, externalId, name, document and amount", async () => {
    expect(await ids(a.userId, charge.endToEndId ?? "")).toEqual([charge.id]);
    expect(await ids(a.userId, "txidcobranca0000000000000000001")).toEqual([charge.id]);
    expect(await ids(a.userId, "pedido-42")).toEqual([sent.id]);
    expect(await ids(a.userId, "maria sil")).toEqual([charge.id]);
    expect(await ids(a.userId, "Souza")).toEqual([sent.id]);
    expect(await ids(a.userId, "529.982.247-25")).toEqual([charge.id]);
    expect(await ids(a.userId, "R$ 1.234,56")).toEqual([charge.id]);
    expect(await ids(a.userId, "12,50")).toEqual([sent.id]);
    expect(await ids(a.userId, "ninguém")).toEqual([]);
    expect(await ids(a.userId, "100%_")).toEqual([]);
  });

  it("combines the search with the other filters and never crosses merchants", async () => {
    expect(await ids(a.userId, "Maria", { type: "debit" })).toEqual([]);
    expect(await ids(a.userId, "Maria", { type: "credit", status: "succeeded" })).toEqual([charge.id]);
    expect(await ids(b.userId, charge.endToEndId ?? "")).toEqual([]);
    expect(await ids(b.userId, "pedido-42")).toEqual([foreign.id]);
    const result = await listEntries(db(), b.userId, { ...page, search: "1234,56" });
    expect(result).toMatchObject({ total: 1 });
  });

  it("exports the current filter as CSV in the caller's locale, debits negative, only the caller's rows", async () => {
    const csv = await csvOf(a.userId, {});
    const lines = csv
      .replace(/^\uFEFF/, "")
      .trimEnd()
      .split("\r\n");
    expect(lines[0]).toBe(
      "Conta;ID do lançamento;Data/hora;Tipo;Descrição;ID fim a fim;Pagador/recebedor;Dados bancários;Valor bruto;Tarifa;Valor líquido;Status;ID externo;txId",
    );
    expect(lines).toHaveLength(4);
    // Newest first, times in São Paulo (23:30 of the 17th for 02:30 UTC on the 18th).
    expect(lines[1]).toContain(transfer.id);
    expect(lines[3]).toBe(
      `${a.accountId};${charge.id};2026-11-17 23:30:00;Crédito;Cobrança paga (QR Code);${charge.endToEndId};Maria Silva (***.982.247-**);ISPB 12345678 Ag 0001 Conta 778899;1234,56;0,00;1234,56;Concluído;;txidcobranca0000000000000000001`,
    );
    expect(lines[2]).toContain(";-12,50;-0,50;-13,00;Concluído;pedido-42;");

    const english = (await csvOf(a.userId, {}, "en")).replace(/^\uFEFF/, "").split("\r\n");
    expect(english[0]).toBe(
      "Account,Entry ID,Date/time,Type,Description,End-to-end ID,Payer/receiver,Bank details,Gross amount,Fee,Net amount,Status,External ID,txId",
    );
    expect(english[2]).toContain(",Debit,");
    expect(english[2]).toContain(",-12.50,-0.50,-13.00,Succeeded,pedido-42,");
    expect(english[3]).toContain(" Branch 0001 Account 778899,1234.56,0.00,1234.56,Succeeded,");
    expect(csv).not.toContain(foreign.id);

    const filtered = await csvOf(a.userId, { search: "pedido-42" });
    expect(filtered.trimEnd().split("\r\n")).toHaveLength(2);
    const other = await csvOf(b.userId, { type: "credit" });
    expect(other).toContain(foreign.id);
    expect(other).not.toContain(charge.id);
  });

  it("exports more rows than one page in order", async () => {
    const bulk = await emptyMerchant();
    await db().$executeRaw`
      INSERT INTO ledger_entries (id, account_id, user_id, type, reason, status, gross_cents, fee_cents, net_cents,
                                  idempotency_key, created_at, updated_at)
      SELECT 'bulk-' || g, ${bulk.accountId}, ${bulk.userId}::uuid, 'credit', 'pix_in:credited', 'succeeded', g, 0, g,
             'bulk:' || ${bulk.accountId} || ':' || g, timestamptz '2026-11-01' + g * interval '1 minute', now()
        FROM generate_series(1, 2500) g`;
    const rows = (await csvOf(bulk.userId, {})).trimEnd().split("\r\n").slice(1);
    expect(rows).toHaveLength(2500);
    expect(rows[0]).toContain("bulk-2500;");
    expect(rows[2499]).toContain("bulk-1;");
  });

  it("refuses a reversed range before writing anything", () => {
    expect(() => ledgerCsv(db(), a.userId, { startDate: 10, endDate: 5 }, "pt-BR")).toThrow(/startDate/);
  });

  it("makes a receipt of a PIX entry with both parties, and a PDF of it", async () => {
    const receipt = await receiptOf(db(), a.userId, charge.id, undefined, new Date("2026-11-20T12:00:00Z"));
    expect(receipt).toMatchObject({
      endToEndId: charge.endToEndId,
      grossCents: 123_456n,
      status: "succeeded",
      payer: { name: "Maria Silva", ispb: "12345678", institution: null },
      payee: { accountNumber: a.accountId, institution: "PIX Platform" },
      institution: { name: "PIX Platform" },
    });
    const { body: pdf, fileName } = await renderReceiptPdf(receipt);
    expect(fileName).toBe(`comprovante-${charge.endToEndId}.pdf`);
    expect(pdf.subarray(0, 5).toString()).toBe("%PDF-");
    const text = pdfText(pdf);
    expect(text).toContain("Comprovante de Pix");
    expect(text).toContain(charge.endToEndId);
    expect(text).toContain("17/11/2026 23:30");
    expect(text).toContain("Maria Silva");
  });

  it("writes the receipt in English for an English user, its status standing out", async () => {
    const receipt = await receiptOf(db(), a.userId, charge.id, undefined, new Date("2026-11-20T12:00:00Z"));
    const { body, fileName } = await renderReceiptPdf(receipt, "en");
    expect(fileName).toBe(`receipt-${charge.endToEndId}.pdf`);
    const text = pdfText(body);
    for (const expected of ["PIX receipt", "PIX settled", "Charge paid (QR code)", "R$1,234.56"]) {
      expect(text, expected).toContain(expected);
    }
    // The extractor splits text runs at spaces react-pdf may break on.
    expect(text).toMatch(/11\/17\/2026 11:30\s+PM/);
    expect(text).not.toContain("Comprovante");
    expect(pdfText((await renderReceiptPdf(receipt)).body)).toContain("Pix concluído");
  });

  it("has no receipt for a payment that is processing or failed: 409 RECEIPT_NOT_SETTLED", async () => {
    const c = await emptyMerchant();
    for (const status of UNSETTLED) {
      const entry = await seedUnsettledPayment(c, status, JOAO);
      await expect(receiptOf(db(), c.userId, entry.id), status).rejects.toMatchObject({
        status: 409,
        reason: "RECEIPT_NOT_SETTLED",
      });
    }
  });

  it("answers 404 for another merchant's entry and for an entry without a PIX", async () => {
    await expect(receiptOf(db(), b.userId, charge.id)).rejects.toMatchObject({ status: 404 });
    await expect(receiptOf(db(), a.userId, transfer.id)).rejects.toMatchObject({ status: 404 });
  });
});
