/**
 * The Sandbox page as a merchant who is not a developer uses it: a charge created on the charges
 * page is paid from the Sandbox by a named outside payer, then that payer's bank opens a MED on
 * the payment; the balances on the same page move by exactly the amount each time, and each
 * outcome links to what it created.
 *
 * The other spec files share the database, so balances are read before and compared after.
 */
import { readFileSync } from "node:fs";
import { expect, type Page, test } from "@playwright/test";
import { DEMO_MERCHANT } from "../prisma/demo";
import { brl, centsOf } from "./support/amounts";
import { snap } from "./support/screenshots";
import { signIn } from "./support/session";
import { mainNavOf, openPage, SLOW } from "./support/walk";

test.describe.configure({ mode: "serial" });

const CHARGE = 3_745n; // R$ 37,45
const TAG = Date.now().toString(36);
const DESCRIPTION = `Pedido sandbox ${TAG}`;
const PAYER = `Pagadora Sandbox ${TAG}`;

let page: Page;
const before = { available: 0n, blocked: 0n };
let endToEndId = "";

test.beforeAll(async ({ browser }) => {
  page = await openPage(browser);
});

test.afterAll(async () => {
  await page.context().close();
});

const balances = async () => ({
  available: await centsOf(page.getByTestId("balance-available")),
  blocked: await centsOf(page.getByTestId("balance-blocked")),
});

test("the Sandbox is in the menu, clearly marked, with the balances on top", async () => {
  await signIn(page, DEMO_MERCHANT);
  await expect(page).toHaveURL(/\/overview$/, SLOW);
  await mainNavOf(page).getByRole("link", { name: "Sandbox" }).click();
  await expect(page).toHaveURL(/\/sandbox$/, SLOW);
  await expect(page.getByRole("heading", { level: 1, name: "Sandbox" })).toBeVisible();
  await expect(page.getByTestId("sandbox-banner")).toContainText("Ambiente de testes (sandbox)");
  // The demo merchant's EVP key (the seed printed it too), ready for an API Pix cob's "chave".
  const { pixKey, accountId } = JSON.parse(readFileSync(".data/demo-credentials.json", "utf8"));
  const apiPixKey = page.getByTestId("sandbox-api-pix-key");
  await expect(apiPixKey.getByText(pixKey, { exact: true })).toBeVisible(SLOW);
  await expect(apiPixKey).toContainText(`a chave da conta ${accountId}`);
  await expect(apiPixKey.getByRole("button", { name: "Copiar a chave Pix" })).toBeVisible();
  await expect(page.getByTestId("balance-available")).toHaveText(/^R\$\s?[\d.]+,\d{2}$/, SLOW);
  for (const card of ["sandbox-receive", "sandbox-med", "sandbox-return"]) {
    await expect(page.getByTestId(card)).toBeVisible();
  }
});

test("a charge created on the charges page waits for payment", async () => {
  await mainNavOf(page).getByRole("link", { name: "Cobranças", exact: true }).click();
  await expect(page).toHaveURL(/\/charges$/, SLOW);
  const form = page.getByTestId("charge-form");
  await expect(form).toBeVisible(SLOW);
  await form.getByLabel("Valor").fill("37,45");
  await form.getByLabel("Descrição (opcional)").fill(DESCRIPTION);
  await form.getByRole("button", { name: "Gerar cobrança" }).click();
  await expect(page.getByTestId("charge-result").getByTestId("charge-panel")).toHaveAttribute(
    "data-status",
    "created",
    SLOW,
  );
});

test("an outside payer pays it from the Sandbox, and the available balance grows by exactly that", async () => {
  await mainNavOf(page).getByRole("link", { name: "Sandbox" }).click();
  await expect(page).toHaveURL(/\/sandbox$/, SLOW);
  await expect(page.getByTestId("balance-available")).toHaveText(/^R\$\s?[\d.]+,\d{2}$/, SLOW);
  Object.assign(before, await balances());

  const card = page.getByTestId("sandbox-receive");
  await expect(card.getByRole("radio", { name: /Pagar uma cobrança/ })).toBeChecked();
  const form = card.getByTestId("sandbox-charge-form");
  const option = form.locator("option", { hasText: DESCRIPTION });
  await expect(option).toHaveCount(1, SLOW);
  await form.getByLabel("Cobrança").selectOption((await option.getAttribute("value")) ?? "");
  await form.getByLabel("Nome de quem paga (opcional)").fill(PAYER);
  await snap(page, "sandbox-pay-charge");
  await form.getByRole("button", { name: "Receber Pix" }).click();

  const outcome = card.getByTestId("sandbox-receive-outcome");
  await expect(outcome).toContainText(`Pix de ${brl(CHARGE)} recebido de ${PAYER}.`, SLOW);
  await expect(page.getByTestId("balance-available")).toHaveText(brl(before.available + CHARGE), SLOW);
  await expect(page.getByTestId("balance-blocked")).toHaveText(brl(before.blocked));
  // The paid charge no longer waits for payment.
  await expect(form.locator("option", { hasText: DESCRIPTION })).toHaveCount(0, SLOW);

  const href = (await outcome.getByTestId("sandbox-receive-entry").getAttribute("href")) ?? "";
  endToEndId = /^\/ledger\/(E\w{31})\?account=\d+$/.exec(href)?.[1] ?? "";
  expect(endToEndId).not.toBe("");
  await snap(page, "sandbox-charge-paid");
});

test("the payer's bank opens a MED on that payment: the amount moves from available to blocked", async () => {
  const card = page.getByTestId("sandbox-med");
  const form = card.getByTestId("sandbox-med-form");
  const select = form.getByLabel("Pix recebido");
  await expect(select.locator(`option[value="${endToEndId}"]`)).toHaveText(new RegExp(PAYER), SLOW);
  await select.selectOption(endToEndId);
  await form.getByLabel("Relato de quem pagou (opcional)").fill("A compra não foi entregue.");
  await form.getByRole("button", { name: "Abrir MED" }).click();

  const outcome = card.getByTestId("sandbox-med-outcome");
  await expect(outcome).toContainText(
    `MED aberto sobre ${brl(CHARGE)}: ${brl(CHARGE)} bloqueados até a decisão.`,
    SLOW,
  );
  await expect(page.getByTestId("balance-available")).toHaveText(brl(before.available), SLOW);
  await expect(page.getByTestId("balance-blocked")).toHaveText(brl(before.blocked + CHARGE), SLOW);
  // Once per payment: it is no longer offered.
  await expect(select.locator(`option[value="${endToEndId}"]`)).toHaveCount(0, SLOW);
  await snap(page, "sandbox-med-opened");
});

test("the outcome's link leads to the MED, under analysis", async () => {
  await page.getByTestId("sandbox-med-outcome").getByTestId("sandbox-med-link").click();
  await expect(page).toHaveURL(new RegExp(`/meds/${endToEndId}$`), SLOW);
  await expect(page.getByText(PAYER).first()).toBeVisible(SLOW);
  await snap(page, "sandbox-med-detail");
});

test("an outside payer sends to an account, then to a key: each outcome names the payer and links its entry", async () => {
  await mainNavOf(page).getByRole("link", { name: "Sandbox" }).click();
  await expect(page).toHaveURL(/\/sandbox$/, SLOW);
  const card = page.getByTestId("sandbox-receive");
  const outcome = card.getByTestId("sandbox-receive-outcome");

  await card.getByRole("radio", { name: /Para uma conta/ }).check();
  const accountForm = card.getByTestId("sandbox-account-form");
  await expect(accountForm.getByLabel("Conta que recebe")).toHaveValue(/^\d{12}$/, SLOW);
  await accountForm.getByLabel("Valor").fill("1,11");
  await accountForm.getByLabel("Nome de quem paga (opcional)").fill(PAYER);
  await accountForm.getByRole("button", { name: "Receber Pix" }).click();
  await expect(outcome).toContainText(`Pix de ${brl(111n)} recebido de ${PAYER}.`, SLOW);
  await expect(outcome.getByTestId("sandbox-receive-entry")).toHaveAttribute(
    "href",
    /^\/ledger\/E\w{31}\?account=\d{12}$/,
  );

  // Another way of receiving starts without the last outcome; the key form offers a key of the merchant's.
  await card.getByRole("radio", { name: /Para uma chave Pix/ }).check();
  await expect(outcome).toHaveCount(0);
  const keyForm = card.getByTestId("sandbox-key-form");
  await expect(keyForm.getByLabel("Chave Pix")).not.toHaveValue("", SLOW);
  await keyForm.getByLabel("Valor").fill("2,22");
  await keyForm.getByLabel("Nome de quem paga (opcional)").fill(PAYER);
  await keyForm.getByRole("button", { name: "Receber Pix" }).click();
  await expect(outcome).toContainText(`Pix de ${brl(222n)} recebido de ${PAYER}.`, SLOW);
  await expect(outcome.getByTestId("sandbox-receive-entry")).toHaveAttribute("href", /^\/ledger\/E\w{31}\?/);
});
