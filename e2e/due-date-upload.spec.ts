/**
 * The CSV upload of due-date charges as a merchant uses it: the page explains the columns and
 * offers an example, a file of three bills (one with a due date in the past) becomes a batch, and
 * the page follows it until each row shows Criada or Negada with the column and the reason.
 */
import { expect, type Page, test } from "@playwright/test";
import { DEMO_MERCHANT } from "../prisma/demo";
import { snap } from "./support/screenshots";
import { signIn } from "./support/session";

test.describe.configure({ mode: "serial" });

const SLOW = { timeout: 30_000 };
const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

let page: Page;

test.beforeAll(async ({ browser }) => {
  page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
});

test.afterAll(async () => {
  await page.context().close();
});

test("uploads a CSV of bills and sees each row created or refused", async () => {
  await signIn(page, DEMO_MERCHANT);
  await page.waitForURL("**/overview", SLOW);
  await page.goto("/charges/due-date/upload");
  await expect(page.getByRole("heading", { name: "Enviar CSV de cobranças com vencimento" })).toBeVisible(SLOW);
  await expect(page.getByTestId("due-date-upload-columns")).toContainText("cpf_cnpj");
  const example = await page.getByTestId("due-date-upload-example").getAttribute("href");
  expect(decodeURIComponent(example ?? "")).toContain("txid;nome;cpf_cnpj;valor;vencimento");

  const csv = [
    "nome;cpf_cnpj;valor;vencimento;multa;juros",
    `Maria Pagadora;123.456.789-09;150,00;${inDays(20)};2;1`,
    `Empresa Exemplo;11.222.333/0001-81;"1.250,00";${inDays(25)};;`,
    "Conta antiga;123.456.789-09;10,00;2020-01-10;;",
  ].join("\n");
  await page
    .getByTestId("due-date-upload-file")
    .setInputFiles({ name: "janeiro.csv", mimeType: "text/csv", buffer: Buffer.from(csv) });
  await page.getByTestId("due-date-upload-submit").click();

  await expect(page.getByTestId("due-date-upload-summary")).toHaveText(
    "2 criadas · 1 negada · 0 em processamento",
    SLOW,
  );
  const rows = page.getByTestId("due-date-upload-table").getByTestId("due-date-upload-row");
  await expect(rows).toHaveCount(3);
  await expect(rows.nth(0)).toContainText("Criada");
  await expect(rows.nth(2)).toContainText("Negada");
  await expect(rows.nth(2)).toContainText("Coluna vencimento");
  await snap(page, "due-date-upload-result");
});

test("a file without the required columns is refused with the reason", async () => {
  await page.goto("/charges/due-date/upload");
  await page
    .getByTestId("due-date-upload-file")
    .setInputFiles({ name: "ruim.csv", mimeType: "text/csv", buffer: Buffer.from("nome;valor\nMaria;10,00\n") });
  await page.getByTestId("due-date-upload-submit").click();
  await expect(page.getByTestId("due-date-upload-error")).toContainText("nome, cpf_cnpj, valor e vencimento", SLOW);
});
