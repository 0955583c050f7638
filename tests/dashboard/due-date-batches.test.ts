/** The dashboard's CSV upload of due-date charges (tRPC dueDateBatches): a file becomes one batch, row by row. */
import { beforeAll, describe, expect, it } from "vitest";
import { CSV_EXAMPLE } from "../../server/charges/due-date/batch-csv";
import { processDueDateBatches } from "../../server/charges/due-date/batch-worker";
import { nextBusinessDay, plusDays, todayInSaoPaulo } from "../../server/charges/due-date/calendar";
import { db } from "../../server/db/client";
import { registerPixKey } from "../../server/pix/platform-keys";
import { createCallerFactory } from "../../server/trpc/init";
import { appRouter } from "../../server/trpc/routers";
import { newMerchant } from "../support/fixtures";

type Merchant = Awaited<ReturnType<typeof newMerchant>>;
const caller = (merchant: Merchant) =>
  createCallerFactory(appRouter)({
    user: { id: merchant.userId, email: "shop@example.test", name: "Shop", role: "MERCHANT" },
  });

const drain = async () => {
  while ((await processDueDateBatches(db())) > 0) {}
};
const due = () => nextBusinessDay(plusDays(todayInSaoPaulo(), 20));
const [br1, br2, br3] = [due().split("-").reverse().join("/"), due(), "2020-01-10"];

describe("dashboard: CSV of due-date charges", () => {
  let shop: Merchant;
  let other: Merchant;

  beforeAll(async () => {
    shop = await newMerchant();
    other = await newMerchant();
    await registerPixKey(db(), shop.accountId, "EVP");
    await registerPixKey(db(), other.accountId, "EVP");
  });

  it("each row becomes a cobv or a refusal naming its column; the rest of the file is created", async () => {
    const csv = [
      "nome;cpf_cnpj;valor;vencimento;multa;juros;desconto;desconto_ate;email",
      `Maria;123.456.789-09;"1.250,00";${br1};2;1;10,00;${br2};maria@example.invalid`,
      `Empresa;11.222.333/0001-81;99.90;${br2};;;;;`,
      `Atrasado;123.456.789-09;10,00;${br3};;;;;`,
      `Sem valor;123.456.789-09;dez reais;${br2};;;;;`,
      `Doc ruim;123;10,00;${br2};;;;;`,
    ].join("\n");
    const { id } = await caller(shop).dueDateBatches.upload({ accountId: shop.accountId, fileName: "jan.csv", csv });
    const before = await caller(shop).dueDateBatches.get({ id });
    expect(before).toMatchObject({ fileName: "jan.csv", pending: 3, refused: 2 });
    expect(before.rows.slice(3)).toEqual([
      expect.objectContaining({
        line: 5,
        status: "NEGADA",
        problems: [expect.objectContaining({ column: "valor", code: "NUMBER_MALFORMED" })],
      }),
      expect.objectContaining({
        line: 6,
        status: "NEGADA",
        problems: [expect.objectContaining({ column: "cpf_cnpj", code: "DOCUMENT_MALFORMED" })],
      }),
    ]);

    await drain();
    const after = await caller(shop).dueDateBatches.get({ id });
    expect(after).toMatchObject({ created: 2, refused: 3, pending: 0 });
    expect(after.rows[0]).toMatchObject({ line: 2, status: "CRIADA", problems: [] });
    expect(after.rows[2]).toMatchObject({
      line: 4,
      status: "NEGADA",
      problems: [expect.objectContaining({ column: "vencimento" })],
    });
    const maria = await db().charge.findUniqueOrThrow({ where: { txId: after.rows[0]?.txId as string } });
    expect(maria).toMatchObject({
      kind: "cobv",
      amountCents: 125_000n,
      debtorName: "Maria",
      accountId: shop.accountId,
    });
    expect(maria.dueTerms).toMatchObject({
      original: "1250.00",
      multa: { modalidade: 2, valorPerc: "2.00" },
      juros: { modalidade: 3, valorPerc: "1.00" },
      desconto: { modalidade: 1, descontoDataFixa: [{ data: br2, valorPerc: "10.00" }] },
    });
  });

  it("the example file of the page is accepted whole", async () => {
    const { id } = await caller(shop).dueDateBatches.upload({
      accountId: shop.accountId,
      fileName: "x.csv",
      csv: CSV_EXAMPLE,
    });
    await drain();
    const got = await caller(shop).dueDateBatches.get({ id });
    expect(got.rows.map((row) => [row.status, row.problems])).toEqual([
      ["CRIADA", []],
      ["CRIADA", []],
    ]);
  });

  it.each([
    ["not a CSV", 'nome;cpf_cnpj;valor;vencimento\n"Maria;1', "CSV_INVALID"],
    ["a NUL character", "nome;cpf_cnpj;valor;vencimento\nM\u0000;12345678909;1,00;2030-01-10", "CSV_INVALID"],
    ["only a header", "nome;cpf_cnpj;valor;vencimento\n", "CSV_EMPTY"],
    ["a required column missing", "nome;valor;vencimento\nMaria;10,00;2030-01-10", "CSV_COLUMNS_MISSING"],
    [
      "a txid twice",
      `txid;nome;cpf_cnpj;valor;vencimento\n${"a".repeat(30)};M;12345678909;1,00;${due()}\n${"a".repeat(30)};M;12345678909;1,00;${due()}`,
      "CSV_TXID_TAKEN",
    ],
  ])("a file with %s is refused whole (%s), nothing stored", async (_, csv, reason) => {
    const before = await db().dueDateBatch.count({ where: { userId: shop.userId } });
    await expect(
      caller(shop).dueDateBatches.upload({ accountId: shop.accountId, fileName: "bad.csv", csv }),
    ).rejects.toMatchObject({
      code: "BAD_REQUEST",
      cause: expect.objectContaining({ reason }),
    });
    expect(await db().dueDateBatch.count({ where: { userId: shop.userId } })).toBe(before);
  });

  it("more than 1,000 rows is refused", async () => {
    const rows = Array.from({ length: 1001 }, () => `M;12345678909;1,00;${due()}`);
    await expect(
      caller(shop).dueDateBatches.upload({
        accountId: shop.accountId,
        fileName: "big.csv",
        csv: ["nome;cpf_cnpj;valor;vencimento", ...rows].join("\n"),
      }),
    ).rejects.toMatchObject({ cause: expect.objectContaining({ reason: "CSV_TOO_MANY_ROWS" }) });
  });

  it("another merchant's account cannot receive the file, nor its batch be read", async () => {
    await expect(
      caller(other).dueDateBatches.upload({
        accountId: shop.accountId,
        fileName: "x.csv",
        csv: CSV_EXAMPLE.replaceAll("mensalidade2027010000000000002", ""),
      }),
    ).rejects.toMatchObject({ code: "FORBIDDEN" });
    const { id } = await caller(shop).dueDateBatches.upload({
      accountId: shop.accountId,
      fileName: "mine.csv",
      csv: `nome;cpf_cnpj;valor;vencimento\nM;12345678909;1,00;${due()}`,
    });
    await expect(caller(other).dueDateBatches.get({ id })).rejects.toMatchObject({ code: "NOT_FOUND" });
  });
});
