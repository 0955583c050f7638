/**
 * The accountant's month (./support.ts's books, plus 1.234,56 received on 15 November): the CSV
 * in pt-BR (`;`, decimal comma, text defused against formula injection, `balancete-2026-11.csv`),
 * the PDF's text as poppler reads it (R$ 1.234,56), and the CLI writing both.
 */
import { readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { booksCsv } from "../../server/books/export-csv";
import { booksPdf } from "../../server/books/export-pdf";
import { monthBooks } from "../../server/books/month";
import { runCli } from "../../server/cli/run";
import { popplerText } from "../statements/support";
import { centsOf, readCsv } from "../support/csv";
import { type Books, knownBooks, postedAt, received } from "./support";

let books: Books;

beforeAll(async () => {
  books = await knownBooks("pix_books_export");
  await postedAt(books.dbx, "2026-11-15T12:00:00Z", () => received(books.dbx, books.person, 123_456n));
  // A name a spreadsheet would run as a formula.
  await books.dbx.$executeRaw`UPDATE accounts SET name = '=HYPERLINK("x")' WHERE id = ${books.company.accountId}`;
});

afterAll(async () => {
  await books?.dbx.$disconnect();
  await books?.run.release();
});

async function text(body: AsyncIterable<string>): Promise<string> {
  let out = "";
  for await (const part of body) out += part;
  return out;
}

describe("the month's CSV", () => {
  it("writes every section in pt-BR, amounts with a decimal comma, text defused", async () => {
    const { fileName, body } = booksCsv(await monthBooks(books.dbx, "2026-11"), "pt-BR");
    expect(fileName).toBe("balancete-2026-11.csv");
    const csv = await text(body);
    expect(csv.startsWith("\uFEFF")).toBe(true);
    const rows = readCsv(csv, "pt-BR");
    expect(rows[0]).toEqual([
      "Seção",
      "Dia",
      "Item",
      "Conta",
      "Documento",
      "Lançamentos",
      "Saldo inicial",
      "Créditos",
      "Débitos",
      "Tarifas",
      "Saldo final",
      "Diferença",
    ]);
    // 30 days × (5 types + the tie-out), the fee revenue, the totals
    const daily = rows.filter((r) => r[0] === "Movimento diário por tipo de conta");
    expect(daily).toHaveLength(30 * 6);
    const person = daily.find((r) => r[1] === "2026-11-30" && r[2] === "Contas de pessoas físicas");
    expect(person?.slice(6)).toEqual(["1234,56", "500,00", "51,50", "1,50", "1683,06", ""]);
    expect(centsOf(person?.[10], "pt-BR")).toBe(168_306n);
    const tie = daily.find((r) => r[1] === "2026-11-30" && r[2]?.startsWith("Conferência"));
    expect(tie?.[2]?.replace(/\u00a0/g, " ")).toBe(
      "Conferência: clientes + receita de tarifas = conta de liquidação — Clientes R$ 669,50 + tarifas R$ 1,50 = liquidação R$ 671,00",
    );
    expect(tie?.[11]).toBe("0,00");
    expect(rows.filter((r) => r[0] === "Receita de tarifas por produto")).toEqual([
      ["Receita de tarifas por produto", "", "Pix enviado", "", "", "1", "", "", "", "1,50", "", ""],
    ]);
    const byMerchant = rows.filter((r) => r[0] === "Receita de tarifas por cliente");
    expect(byMerchant.map((r) => [r[2], r[3], r[9]])).toEqual([["Padaria Central", books.person.accountId, "1,50"]]);
    const totals = rows.filter((r) => r[0] === "Totais do período");
    expect(totals.find((r) => r[2] === "Conta de liquidação (reserva no Banco Central)")?.slice(6, 11)).toEqual([
      "0,00",
      "1935,56",
      "30,00",
      "0,00",
      "1905,56",
    ]);
    expect(totals.at(-1)?.slice(2)).toEqual(["Receita de tarifas no período", "", "", "", "", "", "", "1,50", "", ""]);
  });

  it("defuses a customer's name that a spreadsheet would run", async () => {
    const csv = await text(booksCsv(await monthBooks(books.dbx, "2026-12"), "pt-BR").body);
    expect(csv).toContain(`;"'=HYPERLINK(""x"")";${books.company.accountId};`);
    expect(csv).not.toMatch(/;"?=HYPERLINK/);
  });

  it("follows an English reader: commas, a decimal point, an English file name", async () => {
    const { fileName, body } = booksCsv(await monthBooks(books.dbx, "2026-11"), "en");
    expect(fileName).toBe("trial-balance-2026-11.csv");
    const rows = readCsv(await text(body), "en");
    expect(rows[0]?.[0]).toBe("Section");
    expect(rows.some((r) => r[6] === "1234.56")).toBe(true);
  });
});

describe("the month's PDF", () => {
  it("renders the daily lines, the tie-out, the fee revenue and the totals in pt-BR", async () => {
    const { fileName, body } = await booksPdf(await monthBooks(books.dbx, "2026-11"), "pt-BR");
    expect(fileName).toBe("balancete-2026-11.pdf");
    const pdf = popplerText(body).replace(/\s+/g, " ");
    expect(pdf).toContain("Balancete");
    expect(pdf).toContain("Período de 01/11/2026 a 30/11/2026");
    expect(pdf).toContain("Movimento diário por tipo de conta");
    expect(pdf).toMatch(
      /30\/11\/2026 Contas de pessoas físicas R\$ 1\.234,56 R\$ 500,00 R\$ 51,50 R\$ 1,50 R\$ 1\.683,06/,
    );
    expect(pdf).toContain("Todos os dias do período conferem com a conta de liquidação.");
    expect(pdf).toMatch(/Receita de tarifas por produto Produto Lançamentos Tarifas .*Pix enviado/);
    expect(pdf).toMatch(/Padaria Central/);
    expect(pdf).toContain("Receita de tarifas no período");
  });
});

describe("books export on the CLI", () => {
  it("writes the month's CSV and PDF to the file named", async () => {
    const csvFile = path.join(tmpdir(), `balancete-${process.pid}.csv`);
    const pdfFile = path.join(tmpdir(), `balancete-${process.pid}.pdf`);
    const io = { out: () => {}, err: () => {} };
    try {
      expect(
        await runCli(books.dbx, io, ["books", "export", "--month", "2026-11", "--format", "csv", "--out", csvFile]),
      ).toBe(0);
      expect(readCsv(await readFile(csvFile), "pt-BR")[0]?.[0]).toBe("Seção");
      expect(
        await runCli(books.dbx, io, ["books", "export", "--month", "2026-11", "--format", "pdf", "--out", pdfFile]),
      ).toBe(0);
      expect((await readFile(pdfFile)).subarray(0, 5).toString()).toBe("%PDF-");
      expect(
        await runCli(books.dbx, io, ["books", "export", "--month", "2026-13", "--format", "csv", "--out", csvFile]),
      ).toBe(2);
      expect(
        await runCli(books.dbx, io, ["books", "export", "--month", "2026-11", "--format", "xls", "--out", csvFile]),
      ).toBe(2);
    } finally {
      await rm(csvFile, { force: true });
      await rm(pdfFile, { force: true });
    }
  });
});
