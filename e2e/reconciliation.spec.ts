/**
 * Reconciliation as a merchant does it: find a PIX by its end-to-end id in the ledger's search
 * box, download the current filter as CSV and check its rows, then download the entry's receipt
 * (PDF, first page rendered to PNG with pdftoppm) and open its printable page.
 */
import { readFileSync } from "node:fs";
import { expect, type Page, test } from "@playwright/test";
import { DEMO_MERCHANT } from "../prisma/demo";
import { ledgerSince } from "./support/account-api";
import { renderFirstPage } from "./support/pdf";
import { snap } from "./support/screenshots";
import { signIn } from "./support/session";

test.describe.configure({ mode: "serial" });

const SLOW = { timeout: 20_000 };

let page: Page;
let endToEndId: string;

test.beforeAll(async ({ browser }) => {
  page = await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage();
});

test.afterAll(async () => {
  await page.context().close();
});

test("finds a PIX by its end-to-end id", async ({ request }) => {
  const credit = (await ledgerSince(request, 0)).find((e) => e.type === "credit" && e.endToEndId);
  expect(credit).toBeDefined();
  endToEndId = credit?.endToEndId ?? "";

  await signIn(page, DEMO_MERCHANT);
  await page.waitForURL("**/overview", SLOW);
  await page.goto("/ledger");
  // The list is rendered on the client: type once it is there, as a person would.
  await expect(page.getByTestId("ledger-row").first()).toBeVisible(SLOW);
  await page.getByTestId("ledger-search").fill(endToEndId);
  await expect(page.getByTestId("ledger-search")).toHaveValue(endToEndId);
  await page.getByTestId("ledger-search").press("Enter");
  await expect(page).toHaveURL(new RegExp(`q=${endToEndId}`));
  await expect(page.getByTestId("ledger-row")).toHaveCount(1, SLOW);
  await expect(page.getByTestId("ledger-total")).toContainText("1 lançamento");
  await snap(page, "reconciliation-search");
});

test("downloads the current filter as CSV with just that row", async () => {
  const waiting = page.waitForEvent("download");
  await page.getByTestId("ledger-export").click();
  const download = await waiting;
  expect(download.suggestedFilename()).toMatch(/^lancamentos-\d{4}-\d{2}-\d{2}\.csv$/);
  const file = "e2e/screenshots/reconciliation.csv";
  await download.saveAs(file);
  const csv = readFileSync(file, "utf8");
  expect(csv.startsWith("\uFEFF")).toBe(true);
  const lines = csv.slice(1).trimEnd().split("\r\n");
  expect(lines[0]).toMatch(/^Conta;ID do lançamento;Data\/hora;Tipo;/);
  expect(lines).toHaveLength(2);
  expect(lines[1]).toContain(endToEndId);
  expect(lines[1]).toContain(DEMO_MERCHANT.accountId);
});

test("downloads the entry's receipt as a PDF and renders its page", async () => {
  await page.getByTestId("ledger-row").first().getByRole("link").first().click();
  await expect(page.getByTestId("entry-detail")).toBeVisible(SLOW);
  await expect(page.getByTestId("receipt-actions")).toBeVisible();
  const waiting = page.waitForEvent("download");
  await page.getByTestId("receipt-download").click();
  const download = await waiting;
  expect(download.suggestedFilename()).toBe(`comprovante-${endToEndId}.pdf`);
  await renderFirstPage(download, "receipt", "receipt-pdf", 80);
});

test("opens the printable receipt page", async () => {
  await page.getByTestId("receipt-open").click();
  await expect(page.getByTestId("receipt")).toBeVisible(SLOW);
  await expect(page.getByTestId("receipt-e2e")).toHaveText(endToEndId);
  await expect(page.getByTestId("receipt")).toContainText("Comprovante de Pix");
  await expect(page.getByTestId("receipt")).toContainText("horário de Brasília");
  await snap(page, "reconciliation-receipt-page");
  await page.emulateMedia({ media: "print" });
  await page.screenshot({ path: "e2e/screenshots/reconciliation-receipt-print.png" });
  await page.emulateMedia({ media: "screen" });
});

test("answers 404 for a receipt that is not the merchant's", async ({ request }) => {
  const res = await page.request.get("/api/ledger/E00000000000000000000000000000000/receipt");
  expect(res.status()).toBe(404);
  const anonymous = await request.get(`/api/ledger/${endToEndId}/receipt`);
  expect(anonymous.status()).toBe(401);
  const csv = await request.get("/api/ledger/export");
  expect(csv.status()).toBe(401);
});
