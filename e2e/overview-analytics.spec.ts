/**
 * The overview's analytics as a merchant reads them: the period's figures, the money in/out chart
 * drawn with bars, its table, top payers and charge conversion. The totals shown must equal what
 * the account surface's GET /v4/i/ledger gives for the same period (other specs share the
 * database, so the expected figures are read from the API at run time, not assumed).
 */
import { expect, type Page, test } from "@playwright/test";
import { DEMO_COUNTERPARTY, DEMO_MERCHANT } from "../prisma/demo";
import { charge, ledgerSince, transferInternal } from "./support/account-api";
import { snap } from "./support/screenshots";
import { signIn } from "./support/session";

test.describe.configure({ mode: "serial" });

const SLOW = { timeout: 20_000 };
const BRL = new Intl.NumberFormat("pt-BR", { style: "currency", currency: "BRL" });
const brl = (value: number) => BRL.format(value).replace(/\s/g, " ");
const text = async (page: Page, testId: string) =>
  ((await page.getByTestId(testId).textContent()) ?? "").replace(/\s/g, " ");

/** 00:00 in São Paulo, `days - 1` days ago: where the overview's period starts. */
function periodStart(days: number): number {
  const today = new Intl.DateTimeFormat("en-CA", { timeZone: "America/Sao_Paulo" }).format(new Date());
  return Date.parse(`${today}T00:00:00-03:00`) - (days - 1) * 86_400_000;
}

const sum = (values: number[]) => Math.round(values.reduce((a, b) => a + b, 0) * 100) / 100;

let page: Page;

test.beforeAll(async ({ browser }) => {
  page = await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage();
});

test.afterAll(async () => {
  await page.context().close();
});

test("shows the period's figures and a money in/out chart with bars", async ({ request }) => {
  // Money out too, so both series have a bar today.
  await transferInternal(request, DEMO_MERCHANT.accountId, DEMO_COUNTERPARTY.accountId, 12.34);
  // One charge paid, one still open: conversion and "charges paid" have something to show.
  await charge(request, DEMO_MERCHANT.accountId, 45.6, true);
  await charge(request, DEMO_MERCHANT.accountId, 19.9, false);
  await signIn(page, DEMO_MERCHANT);
  await page.waitForURL("**/overview", SLOW);
  const analytics = page.getByTestId("overview-analytics");
  await expect(analytics.getByRole("heading", { name: "Desempenho" })).toBeVisible();
  await expect(page.getByTestId("period-30")).toHaveAttribute("aria-pressed", "true");
  const chart = page.getByTestId("money-chart");
  await expect(chart.locator(".recharts-bar-rectangle path").first()).toBeVisible(SLOW);
  expect(await chart.locator(".recharts-bar-rectangle path").count()).toBeGreaterThanOrEqual(2);
  // Axis labels in pt-BR: compact BRL amounts and short month names.
  const ticks = chart.locator(".recharts-cartesian-axis-tick-value");
  await expect(ticks.filter({ hasText: "R$" }).first()).toBeVisible();
  await expect(ticks.filter({ hasText: /\d{2} de [a-zç]{3}\.?/ }).first()).toBeVisible();
  await snap(page, "overview-analytics");
});

test("shows the totals the account API gives for the same period", async ({ request }) => {
  const entries = (await ledgerSince(request, periodStart(30))).filter((e) => e.status === "succeeded");
  const credits = entries.filter((e) => e.type === "credit");
  const debits = entries.filter((e) => e.type === "debit");
  const received = credits.filter((e) => e.reason === "pix_in:credited" || e.reason === "pix_in:qrcode_paid");
  const charges = credits.filter((e) => e.reason === "pix_in:qrcode_paid");
  const sent = debits.filter((e) => e.reason === "pix_out:processing" || e.reason === "pix_out:emv_pay");
  const fees = entries.filter((e) => e.feeAmount > 0);
  expect(credits.length).toBeGreaterThan(0);
  expect(debits.length).toBeGreaterThan(0);

  expect(await text(page, "money-in-total")).toBe(brl(sum(credits.map((e) => e.netAmount))));
  expect(await text(page, "money-out-total")).toBe(brl(sum(debits.map((e) => e.netAmount))));
  expect(await text(page, "figure-pixReceived-total")).toBe(brl(sum(received.map((e) => e.grossAmount))));
  expect(await text(page, "figure-chargesPaid-total")).toBe(brl(sum(charges.map((e) => e.grossAmount))));
  expect(await text(page, "figure-pixSent-total")).toBe(brl(sum(sent.map((e) => e.grossAmount))));
  expect(await text(page, "figure-fees-total")).toBe(brl(sum(fees.map((e) => e.feeAmount))));
  await expect(page.getByTestId("figure-pixReceived-count")).toContainText(String(received.length));
  await expect(page.getByTestId("conversion-rate")).toContainText("%");
  await expect(page.getByTestId("average-time")).not.toHaveText("—");
});

test("switches to 7 days and shows every day in the table behind the chart", async () => {
  await page.getByTestId("period-7").click();
  await expect(page.getByTestId("period-7")).toHaveAttribute("aria-pressed", "true");
  await page.getByText("Ver tabela").click();
  const rows = page.getByTestId("money-table").locator("tbody tr");
  await expect(rows).toHaveCount(7);
  // Days without movement are shown as zero.
  await expect(rows.first()).toContainText("R$");
  await expect(page.getByTestId("top-payers")).toBeVisible();
  await expect(page.getByTestId("conversion")).toBeVisible();
  await snap(page, "overview-analytics-7-days-table");
});

test("reads in English too", async () => {
  await page.context().addCookies([{ name: "locale", value: "en", url: page.url() }]);
  await page.reload();
  await expect(page.getByRole("heading", { name: "Performance" })).toBeVisible(SLOW);
  await expect(page.getByTestId("money-chart").locator(".recharts-bar-rectangle path").first()).toBeVisible(SLOW);
  await snap(page, "overview-analytics-en");
});
