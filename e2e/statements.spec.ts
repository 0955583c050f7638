/**
 * Statements as a merchant gets them: request a PDF and a CSV of this month from the Statements
 * page, watch them build, download both through their signed links, then check the files: the
 * PDF's first page rendered to PNG (pdftoppm) and the CSV's BOM, header and rows.
 */
import { execFileSync } from "node:child_process";
import { readFileSync, statSync } from "node:fs";
import { expect, type Page, test } from "@playwright/test";
import { DEMO_MERCHANT } from "../prisma/demo";
import { snap } from "./support/screenshots";
import { signIn } from "./support/session";

test.describe.configure({ mode: "serial" });

const SLOW = { timeout: 30_000 };
const FILE_NAME = (format: string) =>
  new RegExp(`^extrato-${DEMO_MERCHANT.accountId}-\\d{4}-\\d{2}-\\d{2}-\\d{4}-\\d{2}-\\d{2}\\.${format}$`);

let page: Page;

test.beforeAll(async ({ browser }) => {
  page = await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage();
});

test.afterAll(async () => {
  await page.context().close();
});

test("requests a PDF and a CSV statement of this month", async () => {
  await signIn(page, DEMO_MERCHANT);
  await page.waitForURL("**/overview", SLOW);
  await page.goto("/statements");
  await expect(page.getByRole("heading", { name: "Solicitar extrato" })).toBeVisible(SLOW);
  await expect(page.getByTestId("statement-period")).toContainText("De ");
  await snap(page, "statements-form");

  await page.getByTestId("statement-submit").click();
  await expect(page.getByTestId("statement-row")).toHaveCount(1, SLOW);
  await page.getByTestId("statement-format-csv").check();
  await page.getByTestId("statement-submit").click();
  await expect(page.getByTestId("statement-row")).toHaveCount(2, SLOW);
});

test("shows both statements ready with a download button", async () => {
  const statuses = page.getByTestId("statement-status");
  await expect(statuses.nth(0)).toHaveAttribute("data-status", "done", { timeout: 45_000 });
  await expect(statuses.nth(1)).toHaveAttribute("data-status", "done", { timeout: 45_000 });
  await expect(page.getByTestId("statement-download")).toHaveCount(2);
  await expect(page.getByTestId("statement-progress")).toHaveCount(0);
  await snap(page, "statements-ready");
});

test("downloads the PDF, which opens and renders its first page", async () => {
  const row = page.getByTestId("statement-row").filter({ hasText: "PDF" });
  const waiting = page.waitForEvent("download");
  await row.getByTestId("statement-download").click();
  const download = await waiting;
  expect(download.suggestedFilename()).toMatch(FILE_NAME("pdf"));
  const file = "e2e/screenshots/statement.pdf";
  await download.saveAs(file);
  expect(readFileSync(file).subarray(0, 5).toString()).toBe("%PDF-");
  execFileSync("pdftoppm", [
    "-png",
    "-r",
    "70",
    "-f",
    "1",
    "-l",
    "1",
    "-singlefile",
    file,
    "e2e/screenshots/statement-pdf-page1",
  ]);
  expect(statSync("e2e/screenshots/statement-pdf-page1.png").size).toBeGreaterThan(10_000);
});

test("downloads the CSV with a BOM, the header and the month's rows", async () => {
  const row = page.getByTestId("statement-row").filter({ hasText: "CSV" });
  const waiting = page.waitForEvent("download");
  await row.getByTestId("statement-download").click();
  const download = await waiting;
  expect(download.suggestedFilename()).toMatch(FILE_NAME("csv"));
  const text = readFileSync(await download.path(), "utf8");
  expect(text.startsWith("\uFEFF")).toBe(true);
  // Every section was chosen: the summaries come first, each under its title, then the movements.
  const blocks = text.slice(1).trimEnd().split("\r\n\r\n");
  expect(blocks.map((block) => block.split("\r\n")[0])).toEqual([
    "Resumo",
    "Movimentação mensal",
    "Resumo do mês por tipo de movimento",
    "Lançamentos",
  ]);
  const lines = (blocks[3] as string).split("\r\n").slice(1);
  expect(lines[0]).toBe(
    "Data/hora,Tipo,Descrição,ID fim a fim,Pagador/recebedor,Dados bancários,Valor bruto,Tarifa,Valor líquido,Status",
  );
  expect(lines.length).toBeGreaterThan(1);
  for (const line of lines.slice(1)) expect(line).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2},(Crédito|Débito),/);
});

test("the signed link needs no session, and a tampered one answers 403", async ({ request }) => {
  const href = (await page.getByTestId("statement-download").first().getAttribute("href")) as string;
  const fresh = await request.get(href);
  expect(fresh.status()).toBe(200);
  const tampered = new URL(href);
  tampered.searchParams.set("expires", String(Number(tampered.searchParams.get("expires")) + 1));
  expect((await request.get(tampered.toString())).status()).toBe(403);
});
