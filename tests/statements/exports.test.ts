/**
 * Statements as an accountant takes them: a pt-BR CSV read with pt-BR rules ties out to the cent,
 * an English one speaks English, every text cell is defused, and the OFX adds up to its balances.
 */
import { unzipSync } from "fflate";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "../../server/db/client";
import { inBatch } from "../../server/ledger/write-path";
import { creditIncomingPix } from "../../server/transfers/incoming";
import { transferInternal } from "../../server/transfers/internal";
import { centsOf, readCsv, recordsOf } from "../support/csv";
import { buildStatement, merchantWithEntries, readStored } from "./support";

const unzipped = (zip: Buffer) =>
  Object.fromEntries(
    Object.entries(unzipSync(zip)).map(([name, bytes]) => [name, Buffer.from(bytes).toString("utf8")]),
  );
const sum = (values: bigint[]) => values.reduce((a, b) => a + b, 0n);

describe("statement exports", () => {
  let merchant: Awaited<ReturnType<typeof merchantWithEntries>>;
  let period: { startDate: number; endDate: number };

  beforeAll(async () => {
    merchant = await merchantWithEntries(1); // the opening balance: before the period
    const payee = await merchantWithEntries(0);
    await new Promise((resolve) => setTimeout(resolve, 20));
    const startDate = Date.now();
    await new Promise((resolve) => setTimeout(resolve, 20));
    const { userId, accountId } = merchant;
    await creditIncomingPix(db(), {
      userId,
      accountId,
      amountCents: 123_456n,
      payer: { name: '=HYPERLINK("http://x.invalid","pague")' },
    });
    await creditIncomingPix(db(), { userId, accountId, amountCents: 7_89n, payer: { name: "-2+3" } });
    await transferInternal(inBatch(db()), {
      userId,
      accountId,
      receiverAccountId: payee.accountId,
      amountCents: 50_001n,
      obs: "@SUM(A1:A9)",
    });
    period = { startDate, endDate: Date.now() + 60_000 };
  });

  it("writes a pt-BR CSV that reads as numbers with ; and decimal commas and ties out to the cent", async () => {
    const statement = await buildStatement(merchant, { accountId: merchant.accountId, format: "csv", ...period });
    const files = unzipped(await readStored(statement.reportPath as string));
    const summary = Object.fromEntries(readCsv(files["resumo.csv"] as string, "pt-BR").slice(1));
    const opening = centsOf(summary["Saldo inicial"], "pt-BR");
    const closing = centsOf(summary["Saldo final"], "pt-BR");
    expect(opening).toBe(10_00n);
    expect(closing - opening).toBe(123_456n + 7_89n - 50_001n);

    const rows = recordsOf(readCsv(files["lancamentos.csv"] as string, "pt-BR"));
    expect(rows).toHaveLength(3);
    const net = rows.map((r) => centsOf(r["Valor líquido"], "pt-BR"));
    expect(sum(net)).toBe(closing - opening);
    expect(sum(net)).toBe(
      centsOf(summary["Total de entradas"], "pt-BR") + centsOf(summary["Total de saídas"], "pt-BR"),
    );
    for (const row of rows) {
      expect(centsOf(row["Valor bruto"], "pt-BR") + centsOf(row.Tarifa, "pt-BR")).toBe(
        centsOf(row["Valor líquido"], "pt-BR"),
      );
    }
    const debit = rows.find((r) => r.Tipo === "Débito");
    expect(debit?.["Valor líquido"]).toBe("-500,01");

    const monthly = recordsOf(readCsv(files["movimentacao-mensal.csv"] as string, "pt-BR"));
    expect(sum(monthly.map((m) => centsOf(m.Entradas, "pt-BR") + centsOf(m.Saídas, "pt-BR")))).toBe(closing - opening);
  });

  it("defuses payer names and descriptions that a spreadsheet would run, in the statement too", async () => {
    const statement = await buildStatement(merchant, {
      accountId: merchant.accountId,
      format: "csv",
      ...period,
      options: { sections: { summary: false, monthlyTable: false, monthSummary: false, transactionTable: true } },
    });
    const rows = recordsOf(readCsv(await readStored(statement.reportPath as string), "pt-BR"));
    expect(rows.map((r) => r["Pagador/recebedor"]?.split(" (")[0])).toEqual([
      `'=HYPERLINK("http://x.invalid","pague")`,
      "'-2+3",
      expect.not.stringMatching(/^[=+\-@]/),
    ]);
    expect(rows[2]?.Descrição).toBe("'@SUM(A1:A9)");
  });

  it("writes an English user's CSV in English, with , and a decimal point", async () => {
    const statement = await buildStatement(merchant, {
      accountId: merchant.accountId,
      format: "csv",
      locale: "en",
      ...period,
      options: { sections: { summary: false, monthlyTable: false, monthSummary: false, transactionTable: true } },
    });
    expect(statement.reportId).toMatch(/^statement-\d+-\d{4}-\d{2}-\d{2}-\d{4}-\d{2}-\d{2}\.csv$/);
    const rows = recordsOf(readCsv(await readStored(statement.reportPath as string), "en"));
    expect(Object.keys(rows[0] ?? {})).toEqual([
      "Date/time",
      "Type",
      "Description",
      "End-to-end ID",
      "Payer/receiver",
      "Bank details",
      "Gross amount",
      "Fee",
      "Net amount",
      "Status",
    ]);
    expect(rows.map((r) => centsOf(r["Net amount"], "en"))).toEqual([123_456n, 7_89n, -50_001n]);
    expect(rows.map((r) => r.Type)).toEqual(["Credit", "Credit", "Debit"]);
  });

  it("writes an OFX 1.02 whose TRNAMTs add up to the closing balance minus the opening one", async () => {
    const statement = await buildStatement(merchant, { accountId: merchant.accountId, format: "ofx", ...period });
    expect(statement).toMatchObject({ status: "done", reportId: expect.stringMatching(/^extrato-.*\.ofx$/) });
    const ofx = (await readStored(statement.reportPath as string)).toString("latin1");
    expect(ofx.startsWith("OFXHEADER:100\r\nDATA:OFXSGML\r\nVERSION:102\r\n")).toBe(true);
    expect(ofx).toContain("<BANKMSGSRSV1>\r\n<STMTTRNRS>");
    expect(ofx).toContain("<CURDEF>BRL");
    expect(ofx).toContain(`<ACCTID>${merchant.accountId}`);
    const field = (name: string, text = ofx) =>
      [...text.matchAll(new RegExp(`<${name}>([^\\r\\n<]*)`, "g"))].map((m) => m[1] as string);
    const amounts = field("TRNAMT");
    expect(amounts).toEqual(["1234.56", "7.89", "-500.01"]);
    const cents = (value: string) => centsOf(value, "en");
    const closing = cents(field("BALAMT")[0] as string);
    expect(sum(amounts.map(cents))).toBe(closing - 10_00n);
    expect(field("TRNTYPE")).toEqual(["CREDIT", "CREDIT", "DEBIT"]);
    for (const posted of field("DTPOSTED")) expect(posted).toMatch(/^\d{14}\[-3:BRT\]$/);
    expect(new Set(field("FITID")).size).toBe(3);
    expect([...ofx].every((ch) => ch.charCodeAt(0) < 128)).toBe(true);

    const again = await buildStatement(merchant, { accountId: merchant.accountId, format: "ofx", ...period });
    expect(field("FITID", (await readStored(again.reportPath as string)).toString("latin1"))).toEqual(field("FITID"));
  });
});
