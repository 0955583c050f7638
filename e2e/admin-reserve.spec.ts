/**
 * The settlement account as an operator reads it: the admin opens it from the back office's
 * navigation, sees today's row (the demo merchant's opening balance arrived as a PIX today, so
 * money came in), downloads the same days as CSV, and reads them as cards at a phone's width. A
 * merchant gets the 403 page and the export's 403.
 */
import { readFileSync } from "node:fs";
import { expect, type Page, test } from "@playwright/test";
import { DEMO_ADMIN, DEMO_MERCHANT } from "../prisma/demo";
import { addDays, saoPauloDate } from "../server/time";
import { snap } from "./support/screenshots";
import { signIn } from "./support/session";

test.describe.configure({ mode: "serial" });

const SLOW = { timeout: 20_000 };
let page: Page;

/** "R$ 1.234,56" (any spaces) → 123456n */
const centsOf = (text: string | null) => BigInt((text ?? "").replace(/\D/g, "") || "0");
/** 2026-12-07 → 07/12/2026, as pt-BR writes a day. */
const ptBrDay = (day: string) => day.split("-").reverse().join("/");

test.beforeAll(async ({ browser }) => {
  page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
});

test.afterAll(async () => {
  await page.close();
});

test("the admin opens the settlement account and sees today's row, money in", async () => {
  await signIn(page, DEMO_ADMIN);
  await expect(page).toHaveURL(/\/admin$/, SLOW);
  await page
    .getByRole("navigation", { name: "Navegação administrativa" })
    .getByRole("link", { name: "Conta de liquidação" })
    .click();
  await expect(page).toHaveURL(/\/admin\/reserve$/, SLOW);
  await expect(page.getByRole("heading", { level: 1, name: "Conta de liquidação" })).toBeVisible();

  const today = saoPauloDate(new Date());
  const rows = page.getByTestId("reserve-day-row");
  await expect(rows).toHaveCount(30, SLOW);
  const todayRow = rows.last();
  await expect(todayRow.getByTestId("reserve-day-date")).toHaveText(ptBrDay(today));
  const cells = todayRow.locator("td");
  const [opening, moneyIn, moneyOut, closing] = await Promise.all(
    [1, 2, 3, 4].map(async (i) => centsOf(await cells.nth(i).textContent())),
  );
  expect(moneyIn).toBeGreaterThan(0n);
  expect(closing).toBe((opening as bigint) + (moneyIn as bigint) - (moneyOut as bigint));
  expect(centsOf(await page.getByTestId("reserve-closing-amount").textContent())).toBe(closing);
  await expect(page.getByTestId("reserve-period-shown")).toHaveText(
    `De ${ptBrDay(addDays(today, -29))} a ${ptBrDay(today)}, em dias de Brasília`,
  );
  await snap(page, "admin-reserve");
});

test("the CSV holds the same days, in pt-BR, named in Portuguese", async () => {
  const today = saoPauloDate(new Date());
  const [download] = await Promise.all([page.waitForEvent("download"), page.getByTestId("reserve-export").click()]);
  expect(download.suggestedFilename()).toBe(`conta-de-liquidacao-${addDays(today, -29)}-${today}.csv`);
  const lines = readFileSync((await download.path()) as string, "utf8")
    .replace(/^\uFEFF/, "")
    .trim()
    .split("\r\n");
  expect(lines[0]).toBe("Dia;Saldo inicial;Entradas;Saídas;Saldo final");
  expect(lines).toHaveLength(31);
  const last = (lines.at(-1) as string).split(";");
  expect(last[0]).toBe(today);
  const closingCard = centsOf(await page.getByTestId("reserve-closing-amount").textContent());
  expect(centsOf(last[4] as string)).toBe(closingCard);
});

test("a backwards period is explained and not asked for", async () => {
  const form = page.getByTestId("reserve-period");
  await form.getByLabel("De").fill("10/12/2026");
  await form.getByLabel("Até").fill("01/12/2026");
  await page.getByTestId("reserve-period-apply").click();
  await expect(page.getByTestId("reserve-period-error")).toHaveText(
    "A data inicial deve ser igual ou anterior à final.",
  );
  await expect(page).toHaveURL(/\/admin\/reserve$/);
});

test("at a phone's width the days are cards, today's last", async () => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  const cards = page.getByTestId("reserve-day-card");
  await expect(cards).toHaveCount(30, SLOW);
  await expect(cards.last()).toContainText(ptBrDay(saoPauloDate(new Date())));
  await expect(page.getByTestId("reserve-day-table")).toBeHidden();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await snap(page, "admin-reserve-phone");
  await page.setViewportSize({ width: 1280, height: 800 });
});

test("a merchant gets the 403 page and the export's 403", async () => {
  await page.context().clearCookies();
  await signIn(page, DEMO_MERCHANT);
  await expect(page).toHaveURL(/\/overview$/, SLOW);
  const answer = await page.goto("/admin/reserve");
  expect(answer?.status()).toBe(403);
  await expect(page.getByRole("heading", { name: "Acesso não permitido" })).toBeVisible(SLOW);
  expect((await page.request.get("/api/admin/reserve/export")).status()).toBe(403);
});
