import { describe, expect, it } from "vitest";
import { DueDateChargeCreate, dueDateInput, fieldOf, reasonOf } from "./due-date-charge-schemas";

describe("the account surface's names for a cobv's fields", () => {
  it.each([
    ["calendario.dataDeVencimento", "dueDate"],
    ["calendario.validadeAposVencimento", "validityDays"],
    ["valor.original", "amount"],
    ["valor.multa.modalidade", "fine.mode"],
    ["valor.juros.valorPerc", "interest.value"],
    ["valor.abatimento.valorPerc", "rebate.value"],
    ["valor.desconto.descontoDataFixa.2.data", "discount.fixedDates.2.date"],
    ["devedor", "debtor"],
    ["devedor.logradouro", "debtor.street"],
    ["devedor.cep", "debtor.postalCode"],
    ["txid", "txId"],
    ["chave", "accountId"],
    ["valor", "body"],
  ])("%s → %s", (propriedade, field) => expect(fieldOf(propriedade)).toBe(field));

  it("rewrites the API Pix's names inside a reason", () => {
    expect(
      reasonOf("valor.desconto.valorPerc", "O campo valor.desconto.valorPerc: use descontoDataFixa, não valorPerc."),
    ).toBe("O campo discount.value: use fixedDates, não value.");
  });
});

describe("a request as the service's input", () => {
  it("turns BRL numbers and percentages into the API Pix's two-decimal text", () => {
    const body = DueDateChargeCreate.parse({
      accountId: "100000000001",
      dueDate: "2026-12-10",
      debtor: { name: "Maria", cnpj: "11222333000181", street: "Rua A", postalCode: "01001000" },
      amount: 1234.5,
      fine: { mode: 1, value: 7 },
      interest: { mode: 2, value: 0.03 },
      rebate: { mode: 2, value: 10.5 },
      discount: { mode: 1, fixedDates: [{ date: "2026-12-01", value: 0.1 }] },
    });
    expect(dueDateInput("u", "t".repeat(26), body)).toEqual({
      userId: "u",
      txId: "t".repeat(26),
      accountId: "100000000001",
      dueDate: "2026-12-10",
      debtor: { name: "Maria", cnpj: "11222333000181", street: "Rua A", postalCode: "01001000" },
      valor: {
        original: "1234.50",
        multa: { modalidade: 1, valorPerc: "7.00" },
        juros: { modalidade: 2, valorPerc: "0.03" },
        abatimento: { modalidade: 2, valorPerc: "10.50" },
        desconto: { modalidade: 1, descontoDataFixa: [{ data: "2026-12-01", valorPerc: "0.10" }] },
      },
    });
  });

  it("refuses a value with more than two decimals or out of range, before the service", () => {
    for (const value of [0.001, -1, 1e11, Number.NaN]) {
      const parsed = DueDateChargeCreate.safeParse({
        accountId: "100000000001",
        dueDate: "2026-12-10",
        debtor: { name: "Maria", cpf: "12345678909" },
        amount: 10,
        fine: { mode: 1, value },
      });
      expect(parsed.success, String(value)).toBe(false);
    }
  });
});
