import { unzipSync } from "fflate";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "../../server/db/client";
import { inBatch } from "../../server/ledger/write-path";
import { transferInternal } from "../../server/transfers/internal";
import { aroundNow, buildStatement, merchantWithEntries, pdfText, readStored } from "./support";

const BOM = "\uFEFF";
const HEADER =
  "Data/hora;Tipo;Descrição;ID fim a fim;Pagador/recebedor;Dados bancários;Valor bruto;Tarifa;Valor líquido;Status";
const unzipped = (zip: Buffer) =>
  Object.fromEntries(
    Object.entries(unzipSync(zip)).map(([name, bytes]) => [name, Buffer.from(bytes).toString("utf8")]),
  );

describe("statement generation", () => {
  let merchant: Awaited<ReturnType<typeof merchantWithEntries>>;
  let payee: Awaited<ReturnType<typeof merchantWithEntries>>;

  beforeAll(async () => {
    merchant = await merchantWithEntries(3);
    payee = await merchantWithEntries(0);
    await transferInternal(inBatch(db()), {
      userId: merchant.userId,
      accountId: merchant.accountId,
      receiverAccountId: payee.accountId,
      amountCents: 1234n,
      obs: 'Aluguel, "sala" 2',
    });
  });

  it("writes a pt-BR CSV: BOM, every column in the 2.7 order, RFC 4180 quoting, `;` and decimal commas, debits negative, São Paulo times", async () => {
    const statement = await buildStatement(merchant, {
      accountId: merchant.accountId,
      format: "csv",
      ...aroundNow(),
      options: { sections: { summary: false, monthlyTable: false, monthSummary: false } },
    });
    expect(statement).toMatchObject({ status: "done", rowsWritten: 4, rowsTotal: 4, errorMessage: null });
    expect(statement.reportId).toMatch(
      new RegExp(`^extrato-${merchant.accountId}-\\d{4}-\\d{2}-\\d{2}-\\d{4}-\\d{2}-\\d{2}\\.csv$`),
    );
    const text = (await readStored(statement.reportPath as string)).toString("utf8");
    expect(text.startsWith(BOM)).toBe(true);
    const lines = text.slice(1).split("\r\n");
    expect(lines[0]).toBe(HEADER);
    expect(lines.filter(Boolean)).toHaveLength(5);
    expect(lines[1]).toMatch(
      /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2};Crédito;Pix recebido;E\w+;.*;10,00;0,00;10,00;Concluído$/,
    );
    const transfer = lines.find((l) => l.includes("Débito")) as string;
    expect(transfer).toContain('"Aluguel, ""sala"" 2"');
    expect(transfer).toContain(";-12,34;0,00;-12,34;");
    const entry = await db().ledgerEntry.findFirstOrThrow({
      where: { accountId: merchant.accountId },
      orderBy: { seq: "asc" },
    });
    const spTime = new Date(entry.createdAt.getTime() - 3 * 3_600_000).toISOString().slice(0, 19).replace("T", " ");
    expect(lines[1]?.startsWith(spTime)).toBe(true);
  });

  it("honours the chosen CSV columns, in the 2.7 order whatever the request's order", async () => {
    const statement = await buildStatement(merchant, {
      accountId: merchant.accountId,
      format: "csv",
      ...aroundNow(),
      options: {
        sections: { summary: false, monthlyTable: false, monthSummary: false },
        columns: {
          status: true,
          dateTime: true,
          type: false,
          description: false,
          endToEndId: false,
          payerReceiver: false,
          payerBankInfo: false,
          grossAmount: false,
          fee: false,
          netAmount: true,
        },
      },
    });
    const lines = (await readStored(statement.reportPath as string)).toString("utf8").slice(1).split("\r\n");
    expect(lines[0]).toBe("Data/hora;Valor líquido;Status");
    expect(lines[1]).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2};10,00;Concluído$/);
  });

  it("writes one table per file: several chosen sections are a zip of one CSV each, one section is that CSV", async () => {
    const statement = await buildStatement(merchant, {
      accountId: merchant.accountId,
      format: "csv",
      ...aroundNow(),
      options: { sections: { summary: false, monthlyTable: true, monthSummary: true, transactionTable: true } },
    });
    expect(statement.reportId).toMatch(/^extrato-\d+-\d{4}-\d{2}-\d{2}-\d{4}-\d{2}-\d{2}\.zip$/);
    const files = unzipped(await readStored(statement.reportPath as string));
    expect(Object.keys(files)).toEqual(["movimentacao-mensal.csv", "resumo-por-tipo.csv", "lancamentos.csv"]);
    for (const text of Object.values(files)) {
      expect(text.startsWith(BOM)).toBe(true);
      expect(text.slice(1)).not.toContain("\r\n\r\n");
    }
    expect(files["movimentacao-mensal.csv"]?.slice(1).split("\r\n")).toEqual([
      "Mês;Lançamentos;Entradas;Saídas;Tarifas",
      expect.stringMatching(/^\d{4}-\d{2};4;30,03;-12,34;0,00$/),
      "",
    ]);
    expect(files["lancamentos.csv"]?.slice(1).split("\r\n")[0]).toBe(HEADER);

    const summaryOnly = await buildStatement(merchant, {
      accountId: merchant.accountId,
      format: "csv",
      ...aroundNow(),
      options: { sections: { summary: true, monthlyTable: false, monthSummary: false, transactionTable: false } },
    });
    expect(summaryOnly.reportId?.endsWith(".csv")).toBe(true);
    const summaryText = (await readStored(summaryOnly.reportPath as string)).toString("utf8");
    expect(summaryText.startsWith(`${BOM}Item;Valor\r\n`)).toBe(true);
    expect(summaryText).toContain("Total de entradas;30,03\r\nTotal de saídas;-12,34\r\n");
    expect(summaryText).not.toContain("Data/hora");
  });

  it("writes a PDF with every section, pt-BR amounts, page numbers and the platform's name", async () => {
    const statement = await buildStatement(merchant, { accountId: merchant.accountId, ...aroundNow() });
    expect(statement.status).toBe("done");
    expect(statement.reportId?.endsWith(".pdf")).toBe(true);
    const pdf = await readStored(statement.reportPath as string);
    expect(pdf.subarray(0, 5).toString()).toBe("%PDF-");
    const text = pdfText(pdf);
    for (const expected of [
      "PIX Platform",
      "Resumo",
      "Saldo inicial",
      "Saldo final",
      "Movimentação mensal",
      "Resumo do mês por tipo de movimento",
      "Lançamentos",
      "ID fim a fim",
      'Aluguel, "sala" 2',
      "Página 1 de 2",
      "Página 2 de 2",
      "Gerado em",
    ]) {
      expect(text, expected).toContain(expected);
    }
    expect(text).toMatch(/R\$\s10,00/);
  });

  it("honours PDF sections and columns", async () => {
    const statement = await buildStatement(merchant, {
      accountId: merchant.accountId,
      ...aroundNow(),
      options: {
        sections: { summary: false, monthlyTable: false, monthSummary: true, transactionTable: true },
        columns: { endToEndId: false, payerBankInfo: false },
      },
    });
    const text = pdfText(await readStored(statement.reportPath as string));
    expect(text).not.toContain("Saldo inicial");
    expect(text).not.toContain("Movimentação mensal");
    expect(text).toContain("Resumo do mês por tipo de movimento");
    expect(text).not.toContain("ID fim a fim");
    expect(text).not.toContain("Dados bancários");
    expect(text).toContain("Pagador/recebedor");
  });

  it("makes valid documents for an empty period, saying there were no movements", async () => {
    const empty = { accountId: merchant.accountId, startDate: "2020-01-01", endDate: "2020-01-31" };
    const csv = await buildStatement(merchant, { ...empty, format: "csv" });
    expect(csv).toMatchObject({
      status: "done",
      rowsTotal: 0,
      reportId: `extrato-${merchant.accountId}-2020-01-01-2020-01-31.zip`,
    });
    const files = unzipped(await readStored(csv.reportPath as string));
    const text = files["resumo.csv"] as string;
    expect(text.startsWith(`${BOM}Item;Valor\r\n`)).toBe(true);
    expect(text).toContain("Saldo inicial;0,00\r\nSaldo final;0,00\r\n");
    expect(text).toContain("Não houve movimentações no período.;\r\n");
    expect(files["lancamentos.csv"]).toBe(`${BOM}${HEADER}\r\n`);
    const pdf = await buildStatement(merchant, empty);
    expect(pdf.status).toBe("done");
    const pdfTextContent = pdfText(await readStored(pdf.reportPath as string));
    expect(pdfTextContent).toContain("Não houve movimentações no período.");
    expect(pdfTextContent).toContain("01/01/2020");
    expect(pdfTextContent).toContain("31/01/2020");
  });
});
