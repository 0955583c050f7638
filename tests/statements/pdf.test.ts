/**
 * The PDF statement as an accountant reads it: signed amounts, a running balance that ties the
 * opening balance to the closing one, failed and processing PIX listed but out of the totals,
 * the holder's document in full, nothing cut, dates in the user's format and language.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "../../server/db/client";
import { pool } from "../../server/db/pool";
import { formatDocument } from "../../server/documents/cpf-cnpj";
import { pdfModel } from "../../server/statements/generate";
import type { StatementRow } from "../../server/statements/rows";
import { resolveOptions } from "../../server/statements/schema";
import { emptyMerchant, party, seedEntry } from "../analytics/support";
import { buildStatement, popplerText, readStored } from "./support";

const LONG_NAME =
  "Comércio Varejista de Materiais de Construção e Ferragens Irmãos Albuquerque Cavalcanti Ltda Filial Recife";
const NOVEMBER = { startDate: "2026-11-01", endDate: "2026-11-30" };

describe("the PDF statement", () => {
  let merchant: Awaited<ReturnType<typeof emptyMerchant>>;
  let holderDocument: string;

  beforeAll(async () => {
    merchant = await emptyMerchant();
    holderDocument = (await db().account.findUniqueOrThrow({ where: { id: merchant.accountId } })).document;
    const seed = (s: Parameters<typeof seedEntry>[1]) => seedEntry(merchant, s);
    await seed({ type: "credit", reason: "pix_in:credited", grossCents: 10_000n, at: "2026-10-31T12:00:00Z" });
    await seed({
      type: "credit",
      reason: "pix_in:credited",
      grossCents: 5_000n,
      feeCents: 100n,
      at: "2026-11-03T12:00:00Z",
      payer: { ...party(LONG_NAME, "52998224725"), accountNumber: "1234567890123456789" },
    });
    const joao = party("João Souza", "11144477735");
    await seed({
      type: "debit",
      reason: "pix_out:processing",
      grossCents: 1_234n,
      feeCents: 50n,
      at: "2026-11-05T12:00:00Z",
      receiver: joao,
    });
    await seed({
      type: "debit",
      reason: "pix_out:processing",
      status: "failed",
      grossCents: 2_000n,
      at: "2026-11-06T12:00:00Z",
      receiver: joao,
    });
    await seed({
      type: "debit",
      reason: "pix_out:processing",
      status: "processing",
      grossCents: 500n,
      at: "2026-11-07T12:00:00Z",
      receiver: joao,
    });
  });

  it("signs amounts, runs the balance from opening to closing and leaves failed PIX out of it", async () => {
    const statement = await buildStatement(merchant, { accountId: merchant.accountId, ...NOVEMBER });
    expect(statement.status).toBe("done");
    expect(statement.reportId).toBe(`extrato-${merchant.accountId}-2026-11-01-2026-11-30.pdf`);
    // Wrapped cells come out a line each: phrases are checked with whitespace folded.
    const text = popplerText(await readStored(statement.reportPath as string)).replace(/\s+/g, " ");
    for (const expected of [
      "Saldo inicial",
      "R$ 100,00",
      "Saldo final",
      "R$ 136,16",
      "Total de entradas",
      "R$ 49,00",
      "Total de saídas",
      "-R$ 12,84",
      "2 lançamentos",
      "1 falhou · 1 em processamento",
      "Saldo",
      // The credit: gross, fee, net, then the balance after it.
      "R$ 50,00",
      "-R$ 1,00",
      "R$ 149,00",
      // The settled debit, signed.
      "-R$ 12,34",
      "-R$ 0,50",
      // The failed and the processing PIX, listed with their amounts but out of the balance.
      "-R$ 20,00",
      "Falhou: fora do saldo",
      "Em processamento: fora do saldo",
      "03/11/2026 09:00",
      "01/11/2026 a 30/11/2026",
    ]) {
      expect(text, expected).toContain(expected);
    }
    // The holder's own document in full; the third parties' masked.
    expect(text).toContain(formatDocument(holderDocument));
    expect(text).toContain("***.444.777-**");
    // Nothing cut: every word of a long name and a long account number is there, and no ellipsis.
    for (const word of LONG_NAME.split(" ")) expect(text, word).toContain(word);
    // (a number wider than its column is broken across lines, not cut)
    expect(text.replace(/\s/g, "")).toContain("1234567890123456789");
    expect(text).not.toContain("…");
    // No ISO dates or times anywhere.
    expect(text).not.toMatch(/\d{4}-\d{2}-\d{2}/);
  });

  it("is written in English, with English dates and file name, for an English user", async () => {
    const statement = await buildStatement(merchant, { accountId: merchant.accountId, ...NOVEMBER }, "en");
    expect(statement.reportId).toBe(`statement-${merchant.accountId}-2026-11-01-2026-11-30.pdf`);
    // Wrapped cells come out a line each: phrases are checked with whitespace folded.
    const text = popplerText(await readStored(statement.reportPath as string)).replace(/\s+/g, " ");
    for (const expected of [
      "Account statement",
      "Opening balance",
      "R$100.00",
      "Closing balance",
      "R$136.16",
      "Balance",
      "-R$12.34",
      "Failed: not in the balance",
      "11/01/2026 to 11/30/2026",
      "11/03/2026 09:00 AM",
      "Page 1 of 2",
    ]) {
      expect(text, expected).toContain(expected);
    }
    for (const portuguese of ["Saldo", "Lançamentos", "Página", "Falhou", "Extrato"]) {
      expect(text, portuguese).not.toContain(portuguese);
    }
  });
});

describe("the statement's running balance over 10,000 entries", () => {
  it("ties opening + Σ signed amounts to closing, row by row", async () => {
    const merchant = await emptyMerchant();
    // Straight to the table, as tests/analytics does: this reads the ledger, it does not write it.
    await pool().query(
      `INSERT INTO ledger_entries (id, account_id, user_id, type, reason, status, gross_cents, fee_cents, net_cents,
                                   idempotency_key, created_at, updated_at)
       SELECT 'bulk-' || n, $1::varchar, $2::uuid, t.type::"EntryType", t.reason, s.status::"EntryStatus", g, f,
              CASE WHEN t.type = 'credit' THEN g - f ELSE g + f END, 'bulk:' || $1::text || ':' || n, at, at
         FROM generate_series(1, 10100) AS n,
              LATERAL (SELECT CASE WHEN n % 3 = 0 THEN 'debit' ELSE 'credit' END AS type) AS t0,
              LATERAL (SELECT t0.type, CASE WHEN t0.type = 'debit' THEN 'pix_out:processing' ELSE 'pix_in:credited' END AS reason) AS t,
              LATERAL (SELECT CASE WHEN n % 17 = 0 THEN 'failed' WHEN n % 29 = 0 THEN 'processing' ELSE 'succeeded' END AS status) AS s,
              LATERAL (SELECT (100 + (n * 7919) % 50000)::bigint AS g, (n % 4 * 25)::bigint AS f) AS amounts,
              LATERAL (SELECT timestamptz '2026-11-01 03:00:00Z' + (n - 101) * interval '4 minutes' AS at) AS times`,
      [merchant.accountId, merchant.userId],
    );
    const statement = {
      accountId: merchant.accountId,
      startAt: new Date("2026-11-01T03:00:00Z"),
      endAt: new Date("2026-12-01T02:59:59.999Z"),
      locale: "pt-BR",
    };
    const rows: StatementRow[] = [];
    const { input, table } = await pdfModel(
      { pool: pool(), now: () => new Date() },
      statement,
      resolveOptions(undefined),
      (row) => rows.push(row),
    );
    const { summary } = input;
    expect(rows).toHaveLength(10_000);
    expect(table.rows).toHaveLength(10_000);
    expect(summary.count).toBe(10_000);
    expect(summary.settledCount + summary.failedCount + summary.processingCount).toBe(10_000);
    expect(summary.failedCount).toBeGreaterThan(500);
    expect(summary.openingCents).not.toBe(0n);

    let balance = summary.openingCents;
    let sum = 0n;
    for (const row of rows) {
      expect(row.balanceCents).toBe(balance + row.amountCents);
      if (row.entry.status !== "succeeded") expect(row.amountCents).toBe(0n);
      else expect(row.amountCents).toBe(row.entry.type === "credit" ? row.entry.netCents : -row.entry.netCents);
      balance = row.balanceCents;
      sum += row.amountCents;
    }
    expect(summary.openingCents + sum).toBe(summary.closingCents);
    expect(balance).toBe(summary.closingCents);
    expect(summary.openingCents + summary.inCents - summary.outCents).toBe(summary.closingCents);
    expect(rows.filter((r) => r.counted)).toHaveLength(summary.settledCount);
  });
});
