/**
 * Statements as a merchant gets them: request a PDF, a CSV and an OFX of this month from the
 * Statements page, watch them build, download them through their signed links, then check the
 * files: the PDF's first page rendered to PNG (pdftoppm), the CSV zip's one table per section in
 * pt-BR notation, and the OFX's movements adding up to its balance.
 */
import { readFileSync } from "node:fs";
import { expect, type Page, test } from "@playwright/test";
import { unzipSync } from "fflate";
import { DEMO_MERCHANT } from "../prisma/demo";
import { renderFirstPage } from "./support/pdf";
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

test("requests a PDF, a CSV and an OFX statement of this month", async () => {
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
  await page.getByTestId("statement-format-ofx").check();
  await page.getByTestId("statement-submit").click();
  await expect(page.getByTestId("statement-row")).toHaveCount(3, SLOW);
});

test("shows the statements ready with a download button", async () => {
  const statuses = page.getByTestId("statement-status");
  for (const n of [0, 1, 2]) {
    await expect(statuses.nth(n)).toHaveAttribute("data-status", "done", { timeout: 45_000 });
  }
  await expect(page.getByTestId("statement-download")).toHaveCount(3);
  await expect(page.getByTestId("statement-progress")).toHaveCount(0);
  await snap(page, "statements-ready");
});

test("downloads the PDF, which opens and renders its first page", async () => {
  const row = page.getByTestId("statement-row").filter({ hasText: "PDF" });
  const waiting = page.waitForEvent("download");
  await row.getByTestId("statement-download").click();
  const download = await waiting;
  expect(download.suggestedFilename()).toMatch(FILE_NAME("pdf"));
  await renderFirstPage(download, "statement", "statement-pdf-page1", 70);
});

test("downloads the CSV: a zip of one pt-BR table per section, with the month's rows", async () => {
  const row = page.getByTestId("statement-row").filter({ hasText: "CSV" });
  const waiting = page.waitForEvent("download");
  await row.getByTestId("statement-download").click();
  const download = await waiting;
  // Every section was chosen: one CSV each, in a zip.
  expect(download.suggestedFilename()).toMatch(FILE_NAME("zip"));
  const files = unzipSync(readFileSync(await download.path()));
  expect(Object.keys(files)).toEqual([
    "resumo.csv",
    "movimentacao-mensal.csv",
    "resumo-por-tipo.csv",
    "lancamentos.csv",
  ]);
  const text = Buffer.from(files["lancamentos.csv"] as Uint8Array).toString("utf8");
  expect(text.startsWith("\uFEFF")).toBe(true);
  const lines = text.slice(1).trimEnd().split("\r\n");
  expect(lines[0]).toBe(
    "Data/hora;Tipo;Descrição;ID fim a fim;Pagador/recebedor;Dados bancários;Valor bruto;Tarifa;Valor líquido;Status",
  );
  expect(lines.length).toBeGreaterThan(1);
  for (const line of lines.slice(1)) {
    expect(line).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2};(Crédito|Débito);/);
    expect(line).toMatch(/;-?\d+,\d{2};-?\d+,\d{2};-?\d+,\d{2};[^;]+$/);
  }
});

test("downloads the OFX, whose movements add up to its closing balance", async () => {
  const row = page.getByTestId("statement-row").filter({ hasText: "OFX" });
  const waiting = page.waitForEvent("download");
  await row.getByTestId("statement-download").click();
  const download = await waiting;
  expect(download.suggestedFilename()).toMatch(FILE_NAME("ofx"));
  const ofx = readFileSync(await download.path(), "latin1");
  expect(ofx.startsWith("OFXHEADER:100\r\nDATA:OFXSGML\r\nVERSION:102")).toBe(true);
  expect(ofx).toContain("<CURDEF>BRL");
  const amounts = [...ofx.matchAll(/<TRNAMT>-?\d+\.\d{2}\r\n/g)];
  expect(amounts.length).toBeGreaterThan(0);
  expect(ofx).toMatch(/<BALAMT>-?\d+\.\d{2}/);
  for (const posted of ofx.matchAll(/<DTPOSTED>(.*)/g)) expect(posted[1]).toMatch(/^\d{14}\[-3:BRT\]$/);
});

test("the signed link needs no session, and a tampered one answers 403", async ({ request }) => {
  const href = (await page.getByTestId("statement-download").first().getAttribute("href")) as string;
  const fresh = await request.get(href);
  expect(fresh.status()).toBe(200);
  const tampered = new URL(href);
  tampered.searchParams.set("expires", String(Number(tampered.searchParams.get("expires")) + 1));
  expect((await request.get(tampered.toString())).status()).toBe(403);
});
