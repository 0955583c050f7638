/**
 * Pix Automático as a merchant uses it: "Assinaturas" in the menu, a new monthly subscription of
 * R$ 89,90, the payer's authorisation asked through the payer's bank (the notification journey),
 * with its QR code and authorisation page shown to share (the QR journey), approved on the
 * Sandbox page as the payer, a cycle advanced by the sandbox clock until its charge is paid, then
 * the subscription active on its page, in the list and in the overview's recurring revenue;
 * finally cancelled after a confirmation.
 */
import { expect, type Page, test } from "@playwright/test";
import { DEMO_MERCHANT } from "../prisma/demo";
import { brl } from "./support/amounts";
import { snap } from "./support/screenshots";
import { signIn } from "./support/session";
import { mainNavOf, openPage, SLOW } from "./support/walk";

test.describe.configure({ mode: "serial" });

const TAG = Date.now().toString(36);
const PAYER = `Ana Assinante ${TAG}`;
const CONTRACT = `CT-${TAG}`.slice(0, 35);
/** A CPF with valid check digits. */
const PAYER_CPF = "11144477735";

const money = (cents: bigint) => new RegExp(brl(cents).replace(/\s/g, "\\s?").replace("$", "\\$"));

let page: Page;
const state = { detailUrl: "" };

test.beforeAll(async ({ browser }) => {
  page = await openPage(browser);
});

test.afterAll(async () => {
  await page.context().close();
});

test("the merchant finds Assinaturas in the menu and opens a new subscription", async () => {
  await signIn(page, DEMO_MERCHANT);
  await expect(page).toHaveURL(/\/overview$/, SLOW);
  await mainNavOf(page).getByRole("link", { name: "Assinaturas" }).click();
  await expect(page).toHaveURL(/\/recurrences$/, SLOW);
  await expect(page.getByRole("heading", { level: 1, name: "Assinaturas" })).toBeVisible();
  await expect(mainNavOf(page).getByRole("link", { name: "Assinaturas" })).toHaveAttribute("aria-current", "page");
  await page.getByTestId("recurrence-new-link").click();
  await expect(page).toHaveURL(/\/recurrences\/new$/, SLOW);
});

test("an invalid CPF is refused on its field, then the subscription is created", async () => {
  const form = page.getByTestId("recurrence-form");
  await form.getByLabel("Contrato").fill(CONTRACT);
  await form.getByLabel("O que é cobrado (opcional)").fill("Plano mensal da academia");
  await form.getByLabel("Nome do pagador").fill(PAYER);
  await form.getByLabel("CPF ou CNPJ do pagador").fill("11144477700");
  // billed automatically by default; a variable amount cannot be, and says so
  await expect(form.getByTestId("recurrence-auto-charge")).toBeChecked();
  await form.getByRole("radio", { name: /^Valor variável/ }).check();
  await expect(form.getByTestId("recurrence-auto-charge")).toHaveCount(0);
  await expect(form.getByTestId("recurrence-auto-charge-fixed-only")).toBeVisible();
  await form.getByRole("radio", { name: /^Valor fixo/ }).check();
  await expect(form.getByTestId("recurrence-auto-charge")).toBeChecked();
  await form.getByLabel("Valor de cada cobrança").fill("89,90");
  await expect(form.getByLabel("Frequência")).toHaveValue("MENSAL");
  await page.getByTestId("recurrence-submit").click();
  await expect(form.getByLabel("CPF ou CNPJ do pagador")).toHaveAttribute("aria-invalid", "true");
  await form.getByLabel("CPF ou CNPJ do pagador").fill(PAYER_CPF);
  await snap(page, "recurrences-new");
  await page.getByTestId("recurrence-submit").click();
  await expect(page).toHaveURL(/\/recurrences\/R[RN]\w{27}$/, SLOW);
  state.detailUrl = page.url();
  const summary = page.getByTestId("recurrence-summary");
  await expect(summary.getByTestId("recurrence-amount")).toHaveText(money(8990n));
  await expect(summary.getByTestId("recurrence-status")).toHaveText("Aguardando o pagador");
  await expect(page.getByTestId("recurrence-debtor")).toContainText(PAYER);
  await expect(page.getByTestId("recurrence-event")).toHaveCount(1);
  await expect(page.getByTestId("recurrence-terms").getByTestId("recurrence-auto-charge")).toContainText(
    /^Sim: a cobrança de .+ será criada em /,
  );
});

test("the merchant shows the subscription's QR code and the link to its authorisation page", async () => {
  const card = page.getByTestId("recurrence-share-qr");
  await card.getByTestId("recurrence-share-qr-create").click();
  await expect(card.getByTestId("page-qr")).toBeVisible(SLOW);
  await expect(card.getByTestId("page-code")).toHaveValue(/^000201.*\/rec\/[0-9a-f-]{36}/);
  await expect(card.getByTestId("page-copy")).toBeVisible();
  await expect(card.getByTestId("recurrence-share-page")).toHaveAttribute("href", /^\/r\/[0-9a-f-]{36}$/);
  await card.scrollIntoViewIfNeeded();
  await snap(page, "recurrences-share-qr");
});

test("the merchant asks the payer's bank for the authorisation", async () => {
  const share = page.getByTestId("recurrence-share-form");
  await share.getByLabel("ISPB do banco do pagador").fill("12345678");
  await share.getByLabel("Conta do pagador").fill("123456");
  await page.getByTestId("recurrence-share-submit").click();
  await expect(page.getByTestId("recurrence-share-waiting")).toBeVisible(SLOW);
  const request = page.getByTestId("recurrence-request");
  await expect(request).toHaveCount(1);
  await expect(request.getByTestId("recurrence-request-status")).toHaveText("Criado");
  await snap(page, "recurrences-detail-waiting");
});

test("the payer authorises it on the Sandbox page", async () => {
  await mainNavOf(page).getByRole("link", { name: "Sandbox" }).click();
  await expect(page).toHaveURL(/\/sandbox$/, SLOW);
  const card = page.getByTestId("sandbox-recurrence");
  const request = card.getByTestId("sandbox-recurrence-request").filter({ hasText: PAYER });
  await expect(request).toContainText(brl(8990n).replace(/\s/g, " "));
  await request.getByTestId("sandbox-recurrence-accept").click();
  await expect(card.getByTestId("sandbox-recurrence-outcome")).toContainText("Autorizada", SLOW);
  await expect(card.getByTestId("sandbox-recurrence-request").filter({ hasText: PAYER })).toHaveCount(0);
  await card.scrollIntoViewIfNeeded();
  await snap(page, "recurrences-sandbox");
  await card.getByTestId("sandbox-recurrence-link").click();
  await expect(page).toHaveURL(state.detailUrl, SLOW);
  await expect(page.getByTestId("recurrence-summary").getByTestId("recurrence-status")).toHaveText("Ativa");
  await expect(page.getByTestId("recurrence-request-status")).toHaveText("Aceito");
  await expect(page.getByTestId("recurrence-event")).toHaveCount(2);
  await expect(page.getByTestId("recurrence-timeline")).toContainText("Autorizada pelo pagador");
  await expect(page.getByTestId("recurrence-charges")).toBeVisible();
  await snap(page, "recurrences-detail-active");
});

test("the sandbox clock advances a cycle until its charge is paid, seen with its attempt", async () => {
  await mainNavOf(page).getByRole("link", { name: "Sandbox" }).click();
  await expect(page).toHaveURL(/\/sandbox$/, SLOW);
  const card = page.getByTestId("sandbox-recurrence-payer");
  await card.getByLabel("Assinatura").selectOption({ label: `${PAYER} · ${CONTRACT}` });
  const outcome = card.getByTestId("sandbox-recurrence-advance-outcome");
  const advance = card.getByTestId("sandbox-recurrence-advance");
  // each press is the recurrence's next step: the cycle's charge, its attempt, its settlement
  for (let step = 0; step < 5; step++) {
    const answered = page.waitForResponse((response) => response.url().includes("sandbox.advanceRecurrence"));
    await advance.click();
    await answered;
    await expect(advance).toBeEnabled(SLOW);
    await expect(outcome).toBeVisible(SLOW);
    if ((await outcome.textContent())?.includes("Paga")) break;
  }
  await expect(outcome).toContainText("Ciclo avançado: a cobrança está Paga.");
  await card.scrollIntoViewIfNeeded();
  await snap(page, "recurrences-sandbox-advance");
  await card.getByTestId("sandbox-recurrence-advance-link").click();
  await expect(page).toHaveURL(state.detailUrl, SLOW);
  const charge = page.getByTestId("recurrence-charge");
  await expect(charge).toHaveCount(1, SLOW);
  await expect(charge.getByTestId("recurrence-charge-status")).toHaveText("Paga");
  await expect(charge.getByTestId("recurrence-attempt")).toHaveCount(1);
  await expect(charge.getByTestId("recurrence-attempt")).toContainText("Paga");
  await snap(page, "recurrences-detail-paid");
});

test("the list shows it active with its next charge, and the overview counts its monthly revenue", async () => {
  await mainNavOf(page).getByRole("link", { name: "Assinaturas" }).click();
  const search = page.getByLabel("Buscar assinatura");
  await search.fill(PAYER);
  await search.press("Enter");
  const row = page.getByTestId("recurrence-row").filter({ hasText: PAYER });
  await expect(row).toHaveCount(1, SLOW);
  await expect(row.getByTestId("recurrence-status")).toHaveText("Ativa");
  await expect(row).toContainText("Mensal");
  await expect(row.getByTestId("recurrence-row-next")).not.toHaveText("—");
  await snap(page, "recurrences-list");

  await mainNavOf(page).getByRole("link", { name: "Visão geral" }).click();
  const recurring = page.getByTestId("recurring");
  await expect(recurring).toBeVisible(SLOW);
  await expect(recurring.getByTestId("recurring-mrr")).not.toHaveText(money(0n));
  await recurring.scrollIntoViewIfNeeded();
  await snap(page, "recurrences-overview");
});

test("the merchant cancels it after a confirmation", async () => {
  await page.goto(state.detailUrl);
  await page.getByTestId("recurrence-cancel").click();
  const dialog = page.getByTestId("recurrence-cancel-dialog");
  await expect(dialog).toContainText("O pagador não será mais cobrado.");
  await page.getByTestId("recurrence-cancel-confirm").click();
  await expect(dialog).toBeHidden(SLOW);
  await expect(page.getByTestId("recurrence-summary").getByTestId("recurrence-status")).toHaveText("Cancelada");
  await expect(page.getByTestId("recurrence-closure")).toContainText("Cancelada por você (SLCR)");
  await expect(page.getByTestId("recurrence-cancel")).toHaveCount(0);
});
