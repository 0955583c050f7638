/**
 * The lists' "Export CSV" buttons as a merchant uses them: the charges list filtered by status
 * downloads just that filter in pt-BR notation; in English, the refunds and MEDs lists download
 * English files.
 */
import { readFileSync } from "node:fs";
import { expect, type Page, test } from "@playwright/test";
import { DEMO_MERCHANT } from "../prisma/demo";
import { snap } from "./support/screenshots";
import { signIn } from "./support/session";

test.describe.configure({ mode: "serial" });

const SLOW = { timeout: 30_000 };
let page: Page;

test.beforeAll(async ({ browser }) => {
  page = await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage();
});

test.afterAll(async () => {
  await page.context().close();
});

async function download(testId: string) {
  const waiting = page.waitForEvent("download");
  await page.getByTestId(testId).click();
  const file = await waiting;
  return { name: file.suggestedFilename(), text: readFileSync(await file.path(), "utf8") };
}

test("exports the charges of the current filter, in pt-BR notation", async () => {
  await signIn(page, DEMO_MERCHANT);
  await page.waitForURL("**/overview", SLOW);
  await page.goto("/charges?status=paid");
  await expect(page.getByTestId("charges-export")).toBeVisible(SLOW);
  await expect(page.getByTestId("charges-export")).toHaveText("Exportar CSV");
  await expect(page.getByTestId("charges-export")).toHaveAttribute("href", "/api/charges/export?status=paid");
  await snap(page, "charges-export");
  const { name, text } = await download("charges-export");
  expect(name).toMatch(/^cobrancas-\d{4}-\d{2}-\d{2}\.csv$/);
  const lines = text.slice(1).trimEnd().split("\r\n");
  expect(lines[0]).toBe(
    "Criada em;txId;Conta;Descrição;ID externo;Status;Valor;Tarifa;Valor líquido;Expira em;Paga em;ID fim a fim do pagamento",
  );
  for (const line of lines.slice(1)) expect(line).toMatch(/;Paga;\d+,\d{2};/);
});

test("in English, the refunds and MEDs lists export English files", async () => {
  await page.context().addCookies([{ name: "locale", value: "en", url: page.url() }]);
  await page.goto("/refunds");
  await expect(page.getByTestId("refunds-export")).toHaveText("Export CSV", SLOW);
  const refunds = await download("refunds-export");
  expect(refunds.name).toMatch(/^refunds-\d{4}-\d{2}-\d{2}\.csv$/);
  expect(refunds.text.slice(1).split("\r\n")[0]).toBe(
    "Date/time,Account,Receiver,Description,Status,Original end-to-end ID,End-to-end ID,Amount,Fee,Net amount",
  );

  await page.goto("/meds?status=under_analysis");
  await expect(page.getByTestId("meds-export")).toBeVisible(SLOW);
  await snap(page, "meds-export");
  const meds = await download("meds-export");
  expect(meds.name).toMatch(/^meds-\d{4}-\d{2}-\d{2}\.csv$/);
  const lines = meds.text.slice(1).trimEnd().split("\r\n");
  expect(lines[0]).toBe("Created at,MED ID,End-to-end ID,Payer,Status,Disputed amount,Blocked amount,Defense deadline");
  for (const line of lines.slice(1)) expect(line).toContain(",Under analysis,");
});
