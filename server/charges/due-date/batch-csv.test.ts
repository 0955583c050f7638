import { describe, expect, it } from "vitest";
import en from "../../../messages/en/dueDateUpload.json";
import ptBR from "../../../messages/pt-BR/dueDateUpload.json";
import { batchItemsOfCsv, CSV_COLUMNS, CSV_EXAMPLE, csvColumnOf } from "./batch-csv";
import { CSV_ROW_CODES } from "./batch-csv-codes";

const ACCOUNT = "100000000001";

describe("batchItemsOfCsv", () => {
  it("reads ; or , files, a BOM, Brazilian and ISO notations, CPF and CNPJ with punctuation", () => {
    const csv =
      "\uFEFFNome,CPF_CNPJ,Valor,Vencimento,Multa,Juros,Desconto,Desconto_ate\n" +
      'Ana,123.456.789-09,"1.234,56",10/01/2027,"2,5",1,10,05/01/2027\n' +
      "Loja,12.ABC.345/01DE-35,99.9,2027-01-10,,,,\n";
    const [ana, loja] = batchItemsOfCsv(csv, ACCOUNT);
    expect(ana?.violations).toBeUndefined();
    expect(ana?.input).toEqual({
      accountId: ACCOUNT,
      dueDate: "2027-01-10",
      debtor: { name: "Ana", cpf: "12345678909" },
      valor: {
        original: "1234.56",
        multa: { modalidade: 2, valorPerc: "2.50" },
        juros: { modalidade: 3, valorPerc: "1.00" },
        desconto: { modalidade: 1, descontoDataFixa: [{ data: "2027-01-05", valorPerc: "10.00" }] },
      },
    });
    expect(ana?.txId).toMatch(/^[A-Za-z0-9]{32}$/);
    expect(loja?.input).toMatchObject({ debtor: { cnpj: "12ABC34501DE35" }, valor: { original: "99.90" } });
  });

  it("a row it cannot read is refused naming its columns", () => {
    const csv = "txid;nome;cpf_cnpj;valor;vencimento;multa\ncurto;;123;dez;2027-02-30;x\n";
    const [row] = batchItemsOfCsv(csv, ACCOUNT);
    expect(row?.input).toBeUndefined();
    expect(row?.violations?.map((v) => v.propriedade).sort()).toEqual(["cpf_cnpj", "multa", "nome", "txid", "valor"]);
    const [date] = batchItemsOfCsv("nome;cpf_cnpj;valor;vencimento\nAna;12345678909;1,00;2027-02-30\n", ACCOUNT);
    expect(date?.violations).toEqual([{ propriedade: "vencimento", razao: expect.any(String), code: "DATE_INVALID" }]);
  });

  it("the example file reads whole", () => {
    expect(batchItemsOfCsv(CSV_EXAMPLE, ACCOUNT).every((item) => item.input)).toBe(true);
  });
});

describe("csvColumnOf", () => {
  it.each([
    ["valor.original", "valor"],
    ["valor.multa.valorPerc", "multa"],
    ["valor.desconto.descontoDataFixa.0.data", "desconto"],
    ["calendario.dataDeVencimento", "vencimento"],
    ["devedor", "cpf_cnpj"],
    ["chave", "conta"],
    ["txid", "txid"],
  ])("%s is the column %s", (propriedade, column) => {
    expect(csvColumnOf(propriedade)).toBe(column);
  });
});

describe("the upload page's messages", () => {
  it("explain every column and every row code in both languages", () => {
    for (const messages of [en, ptBR]) {
      expect(Object.keys(messages.result.codes).sort()).toEqual([...CSV_ROW_CODES].sort());
      for (const column of CSV_COLUMNS) expect(messages.columns[column]).toEqual(expect.any(String));
    }
  });
});
