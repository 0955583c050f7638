/**
 * A cashier's dashboard stays current: a PIX paid to the demo merchant while the overview is open
 * shows up in the balance and as a "PIX recebido" notice without a reload. Amounts are typed by
 * one rule per locale, and a send above the operator's setting (R$ 10.000,00) asks for the amount
 * to be confirmed once more.
 */
import { expect, type Page, test } from "@playwright/test";
import { DEMO_COUNTERPARTY, DEMO_MERCHANT } from "../prisma/demo";
import { charge } from "./support/account-api";
import { brl, centsOf } from "./support/amounts";
import { snap } from "./support/screenshots";
import { signIn } from "./support/session";
import { mainNavOf, openPage, SLOW } from "./support/walk";

test.describe.configure({ mode: "serial" });

let page: Page;
/** What the sandbox payer pays while the overview is open, and what the large send sends. */
const RECEIVED = 2_000_000n; // R$ 20.000,00
const LARGE = 1_000_001n; // R$ 10.000,01: one centavo above the confirmation setting

test.beforeAll(async ({ browser }) => {
  page = await openPage(browser);
  await signIn(page, DEMO_MERCHANT);
  await expect(page).toHaveURL(/\/overview$/, SLOW);
});

test.afterAll(async () => {
  await page.context().close();
});

test("a PIX received while the overview is open shows in the balance and as a notice, without a reload", async () => {
  const available = page.getByTestId("balance-available");
  await expect(available).toHaveText(/^R\$\s?[\d.]+,\d{2}$/, SLOW);
  const before = await centsOf(available);
  const loaded = page.url();

  await charge(page.request, DEMO_MERCHANT.accountId, Number(RECEIVED) / 100, true);

  // polled within seconds (5 s after the last change, backing off while nothing moves)
  await expect(available).toHaveText(brl(before + RECEIVED), { timeout: 30_000 });
  const notice = page.getByTestId("received-notice");
  await expect(notice).toContainText(`PIX recebido: ${brl(RECEIVED)}`);
  expect(page.url()).toBe(loaded);
  await snap(page, "live-received-notice");
  await notice.getByRole("button", { name: "Fechar aviso" }).click();
  await expect(notice).toHaveCount(0);
});

test("amounts follow one rule in Portuguese: the comma separates the centavos, and the maximum is named", async () => {
  await mainNavOf(page).getByRole("link", { name: "Enviar dinheiro" }).click();
  await page.getByRole("tab", { name: "Transferência interna" }).click();
  const form = page.getByRole("tabpanel", { name: "Transferência interna" });
  await expect(form.getByText("Use vírgula para os centavos: 1.234,56")).toBeVisible();
  await form.getByLabel("Conta de destino").fill(DEMO_COUNTERPARTY.accountId);

  await form.getByLabel("Valor").fill("12.50");
  await form.getByRole("button", { name: "Continuar" }).click();
  await expect(form.getByText("Use vírgula para os centavos, como 12,50.")).toBeVisible();

  await form.getByLabel("Valor").fill("1.000.000,01");
  await form.getByRole("button", { name: "Continuar" }).click();
  await expect(form.getByText(/^O valor máximo por transação é R\$\s1\.000\.000,00\.$/)).toBeVisible();
});

test("a send above R$ 10.000,00 asks for the amount to be confirmed before it goes", async () => {
  const form = page.getByRole("tabpanel", { name: "Transferência interna" });
  await form.getByLabel("Valor").fill("10.000,01");
  await form.getByRole("button", { name: "Continuar" }).click();
  const review = form.getByTestId("internal-review");
  await expect(review.getByTestId("review-amount")).toHaveText(brl(LARGE), SLOW);
  const send = review.getByRole("button", { name: "Confirmar transferência" });
  await expect(send).toBeDisabled();
  await review.getByTestId("confirm-large-amount").check();
  await snap(page, "send-large-amount-confirm");
  await expect(send).toBeEnabled();
  await send.click();
  await expect(form.getByTestId("send-result")).toHaveAttribute("data-status", "succeeded", SLOW);
});
