/**
 * Sending money as a merchant does it: a PIX to a key (seeing who receives it before confirming),
 * paying a pasted copy-and-paste code (seeing what it decodes to first), an internal transfer and
 * a PIX to another institution that stays processing; then the ledger and the balance card show
 * exactly those movements.
 *
 * The other spec files share the database, so balances are read before and compared after
 * rather than assumed. One page walks through the steps in order (serial) and signs in once.
 */
import { expect, type Page, test } from "@playwright/test";
import { DEMO_COUNTERPARTY, DEMO_MERCHANT } from "../prisma/demo";
import { encodeStaticBrCode } from "../server/pix/brcode";
import { chargeCode } from "./support/account-api";
import { brl, centsOf } from "./support/amounts";
import { snap } from "./support/screenshots";
import { signIn } from "./support/session";
import { CLIPBOARD, DESKTOP, mainNavOf, openPage, PHONE, SLOW } from "./support/walk";

test.describe.configure({ mode: "serial" });

/** What this spec sends, in centavos. */
const TO_KEY = 2_500n; // R$ 25,00 to cafe@demo.pix (same platform: settles at once)
const PASTED = 1_234n; // R$ 12,34 in the static BR Code
const INTERNAL = 750n; // R$ 7,50 to account 100000000002
const TO_OTHER_BANK = 1_000n; // R$ 10,00 to ana@example.invalid (another institution: stays processing)

let page: Page;
/** The first account's balances on the overview before this spec moved any money. */
const before = { available: 0n, blocked: 0n, total: 0n, held: 0n };

test.beforeAll(async ({ browser }) => {
  page = await openPage(browser, CLIPBOARD);
});

test.afterAll(async () => {
  await page.context().close();
});

const mainNav = () => mainNavOf(page);
const panel = (name: string) => page.getByRole("tabpanel", { name });

async function readOverview() {
  const held = page.getByTestId("balance-held");
  return {
    available: await centsOf(page.getByTestId("balance-available")),
    blocked: await centsOf(page.getByTestId("balance-blocked")),
    total: await centsOf(page.getByTestId("balance-total")),
    held: (await held.count()) > 0 ? await centsOf(held) : 0n,
  };
}

test("the merchant signs in and notes the balance before sending", async () => {
  await signIn(page, DEMO_MERCHANT);
  await expect(page).toHaveURL(/\/overview$/, SLOW);
  await expect(page.getByTestId("balance-available")).toHaveText(/^R\$\s?[\d.]+,\d{2}$/, SLOW);
  Object.assign(before, await readOverview());
  expect(before.total).toBe(before.available + before.blocked);
  // Enough for everything this spec sends (the seed credits R$ 1.500,00).
  expect(before.available).toBeGreaterThan(TO_KEY + PASTED + INTERNAL + TO_OTHER_BANK);
});

test("the send page shows the available balance and checks the form before looking up the key", async () => {
  await mainNav().getByRole("link", { name: "Enviar dinheiro" }).click();
  await expect(page).toHaveURL(/\/send$/, SLOW);
  await expect(page.getByRole("heading", { level: 1, name: "Enviar dinheiro" })).toBeVisible();
  await expect(page.getByTestId("send-available")).toHaveText(brl(before.available), SLOW);
  await expect(page.getByRole("tab", { name: "Chave Pix" })).toHaveAttribute("aria-selected", "true");

  const form = panel("Chave Pix");
  await form.getByRole("button", { name: "Continuar" }).click();
  await expect(form.getByText("Informe a chave Pix.")).toBeVisible();
  await expect(form.getByText("Informe o valor.")).toBeVisible();
  await expect(form.getByLabel("Chave Pix")).toHaveAttribute("aria-invalid", "true");

  // More than the balance is refused before anything is sent.
  await form.getByLabel("Chave Pix").fill(DEMO_COUNTERPARTY.pixKey);
  await form.getByLabel("Valor").fill("999.999,99");
  await form.getByRole("button", { name: "Continuar" }).click();
  await expect(form.getByText(/O valor é maior que o saldo disponível/)).toBeVisible();

  // A malformed key is the service's 400, shown on the key field.
  await form.getByLabel("Chave Pix").fill("not a key");
  await form.getByLabel("Valor").fill("25,00");
  await form.getByRole("button", { name: "Continuar" }).click();
  await expect(form.getByTestId("field-error")).toContainText("Esta não é uma chave Pix válida", SLOW);
});

test("a PIX to a key shows Café Exemplo before it is confirmed, and settles at once", async () => {
  const form = panel("Chave Pix");
  await form.getByLabel("Chave Pix").fill(DEMO_COUNTERPARTY.pixKey);
  await form.getByLabel("Valor").fill("25,00");
  await form.getByLabel("Descrição (opcional)").fill("Pedido 42");
  await form.getByRole("button", { name: "Continuar" }).click();

  const review = form.getByTestId("pix-key-review");
  await expect(review.getByTestId("receiver-name")).toHaveText(DEMO_COUNTERPARTY.name, SLOW);
  await expect(review.getByTestId("receiver-document")).toContainText("***.982.247-**");
  await expect(review.getByTestId("receiver-ispb")).toHaveText(/^\d{8}$/);
  await expect(review.getByTestId("receiver-account")).toHaveText(DEMO_COUNTERPARTY.accountId);
  await expect(review.getByText("Conta nesta plataforma")).toBeVisible();
  await expect(review.getByTestId("review-amount")).toHaveText(brl(TO_KEY));
  await snap(page, "send-pix-key-review");

  await review.getByRole("button", { name: "Confirmar e enviar" }).click();
  const result = form.getByTestId("send-result");
  await expect(result.getByRole("heading", { name: "Envio concluído" })).toBeVisible(SLOW);
  await expect(result).toHaveAttribute("data-status", "succeeded");
  await expect(result.getByText(`${brl(TO_KEY)} enviados para ${DEMO_COUNTERPARTY.name}.`)).toBeVisible();
  await expect(result.getByTestId("result-end-to-end-id")).toHaveText(/^E\d{8}\d{12}\w{11}$/);
  await expect(page.getByTestId("send-available")).toHaveText(brl(before.available - TO_KEY), SLOW);
  await snap(page, "send-pix-key-result");
});

test("a pasted copy-and-paste code shows R$ 12,34 and who it pays before paying", async () => {
  await page.getByRole("tab", { name: "Copia e Cola" }).click();
  await expect(page).toHaveURL(/\/send\?tab=paste$/);
  const emv = encodeStaticBrCode({
    pixKey: DEMO_COUNTERPARTY.pixKey,
    amountCents: PASTED,
    merchantName: "Cafe Exemplo",
    merchantCity: "SAO PAULO",
  });
  const form = panel("Copia e Cola");
  await form.getByRole("button", { name: "Continuar" }).click();
  await expect(form.getByText("Cole o código Pix Copia e Cola.")).toBeVisible();

  await form.getByLabel("Código Pix Copia e Cola").fill(`${emv.slice(0, -4)}0000`);
  await form.getByRole("button", { name: "Continuar" }).click();
  // In the merchant's language, not the server's English.
  await expect(form.getByTestId("field-error")).toContainText("incompleto ou alterado", SLOW);
  await expect(form.getByTestId("field-error")).not.toContainText("invalid EMV");

  await form.getByLabel("Código Pix Copia e Cola").fill(emv);
  await form.getByRole("button", { name: "Continuar" }).click();
  const review = form.getByTestId("paste-review");
  await expect(review.getByTestId("review-amount")).toHaveText(brl(PASTED), SLOW);
  await expect(review.getByTestId("review-amount")).toHaveText(/^R\$\s?12,34$/);
  await expect(review.getByTestId("review-merchant-name")).toHaveText("Cafe Exemplo");
  await expect(review.getByTestId("review-merchant-city")).toHaveText("SAO PAULO");
  await expect(review.getByTestId("receiver-name")).toHaveText(DEMO_COUNTERPARTY.name);
  await snap(page, "send-paste-review");

  await review.getByRole("button", { name: "Confirmar e pagar" }).click();
  const result = form.getByTestId("send-result");
  await expect(result.getByRole("heading", { name: "Envio concluído" })).toBeVisible(SLOW);
  await expect(page.getByTestId("send-available")).toHaveText(brl(before.available - TO_KEY - PASTED), SLOW);
});

test("an internal transfer to account 100000000002 goes through at once", async () => {
  await page.getByRole("tab", { name: "Transferência interna" }).click();
  const form = panel("Transferência interna");
  await form.getByLabel("Conta de destino").fill("12345");
  await form.getByLabel("Valor").fill("7,50");
  await form.getByRole("button", { name: "Continuar" }).click();
  await expect(form.getByText("A conta tem 12 dígitos, apenas números.")).toBeVisible();

  await form.getByLabel("Conta de destino").fill(DEMO_COUNTERPARTY.accountId);
  await form.getByLabel("Observação (opcional)").fill("Reembolso de despesas");
  await form.getByRole("button", { name: "Continuar" }).click();
  const review = form.getByTestId("internal-review");
  await expect(review.getByTestId("review-amount")).toHaveText(brl(INTERNAL));
  await expect(review.getByTestId("review-account")).toHaveText(DEMO_COUNTERPARTY.accountId);
  // The holder is looked up before confirming, as for a key.
  await expect(review.getByTestId("receiver-name")).toHaveText(DEMO_COUNTERPARTY.name);

  await review.getByRole("button", { name: "Confirmar transferência" }).click();
  const result = form.getByTestId("send-result");
  await expect(result.getByRole("heading", { name: "Envio concluído" })).toBeVisible(SLOW);
  await expect(result.getByText(`${brl(INTERNAL)} enviados para ${DEMO_COUNTERPARTY.name}.`)).toBeVisible();
  await expect(page.getByTestId("send-available")).toHaveText(brl(before.available - TO_KEY - PASTED - INTERNAL), SLOW);
  await snap(page, "send-internal-result");
});

test("a PIX to another institution stays processing, its money in transit", async () => {
  await page.getByRole("tab", { name: "Chave Pix" }).click();
  const form = panel("Chave Pix");
  await form.getByRole("button", { name: "Fazer outro envio" }).click();
  await form.getByLabel("Chave Pix").fill("ana@example.invalid");
  await form.getByLabel("Valor").fill("10");
  await form.getByRole("button", { name: "Continuar" }).click();
  const review = form.getByTestId("pix-key-review");
  await expect(review.getByText("Outra instituição")).toBeVisible(SLOW);
  await expect(review.getByTestId("receiver-name")).not.toBeEmpty();
  await expect(review.getByTestId("receiver-ispb")).toHaveText(/^\d{8}$/);
  await review.getByRole("button", { name: "Confirmar e enviar" }).click();

  const result = form.getByTestId("send-result");
  await expect(result.getByRole("heading", { name: "Pix em processamento" })).toBeVisible(SLOW);
  await expect(result.getByTestId("entry-status")).toHaveText("Em processamento");
  await expect(page.getByTestId("send-in-transit")).toHaveText(brl(before.held + TO_OTHER_BANK), SLOW);

  // Its entry, from the result panel: processing, with the receiver and a copyable end-to-end id.
  const endToEndId = ((await result.getByTestId("result-end-to-end-id").textContent()) ?? "").trim();
  await result.getByRole("link", { name: "Ver lançamento" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Detalhe do lançamento" })).toBeVisible(SLOW);
  const detail = page.getByTestId("entry-detail");
  await expect(detail.getByTestId("detail-reason")).toHaveText("Pix enviado");
  await expect(detail.getByTestId("entry-status").first()).toHaveText("Em processamento");
  await expect(detail.getByTestId("detail-receiver").getByTestId("party-name")).not.toBeEmpty();
  await expect(detail.getByTestId("detail-end-to-end-id").getByTestId("id-value")).toHaveText(endToEndId);
  await detail.getByRole("button", { name: "Copiar End-to-end ID" }).click();
  await expect(detail.getByTestId("detail-end-to-end-id").getByText("Copiado")).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(endToEndId);
});

test("the ledger lists the four debits, and filtering by type keeps only debits", async () => {
  await mainNav().getByRole("link", { name: "Lançamentos" }).click();
  await expect(page).toHaveURL(/\/ledger$/, SLOW);
  await page.getByLabel("Tipo", { exact: true }).selectOption({ label: "Débito" });
  await expect(page).toHaveURL(/\/ledger\?type=debit$/);
  const types = page.getByTestId("ledger-row").getByTestId("entry-type");
  await expect(types.filter({ hasNotText: "Débito" })).toHaveCount(0, SLOW);

  // Newest first: the PIX to another bank, the internal transfer, the pasted code, the PIX to the key.
  const rows = page.getByTestId("ledger-row");
  await expect(rows.nth(0)).toContainText("Pix enviado");
  await expect(rows.nth(0)).toContainText("Em processamento");
  await expect(rows.nth(0)).toContainText(`\u2212${brl(TO_OTHER_BANK)}`);
  await expect(rows.nth(1)).toContainText("Transferência interna enviada");
  await expect(rows.nth(1)).toContainText(DEMO_COUNTERPARTY.name);
  await expect(rows.nth(1)).toContainText(`\u2212${brl(INTERNAL)}`);
  await expect(rows.nth(2)).toContainText("Pagamento Pix Copia e Cola");
  await expect(rows.nth(2)).toContainText(`\u2212${brl(PASTED)}`);
  await expect(rows.nth(3)).toContainText("Pix enviado");
  await expect(rows.nth(3)).toContainText(DEMO_COUNTERPARTY.name);
  await expect(rows.nth(3)).toContainText(`\u2212${brl(TO_KEY)}`);
  await snap(page, "ledger-debits");

  // The PIX to the key, in detail: payer is this merchant, receiver Café Exemplo.
  await rows.nth(3).click();
  await expect(page).toHaveURL(/\/ledger\/E\w+\?account=100000000001&back=type%3Ddebit$/, SLOW);
  const detail = page.getByTestId("entry-detail");
  await expect(detail.getByTestId("detail-payer").getByTestId("party-name")).toHaveText(DEMO_MERCHANT.name);
  await expect(detail.getByTestId("detail-receiver").getByTestId("party-name")).toHaveText(DEMO_COUNTERPARTY.name);
  await expect(detail.getByText("Pedido 42")).toBeVisible();
  await page.getByRole("link", { name: "Voltar aos lançamentos" }).click();
  await expect(page).toHaveURL(/\/ledger\?type=debit$/, SLOW);
  await expect(page.getByLabel("Tipo", { exact: true })).toHaveValue("debit");
});

test("the balance card on the overview changed by exactly what was sent", async () => {
  await mainNav().getByRole("link", { name: "Visão geral" }).click();
  await expect(page).toHaveURL(/\/overview$/, SLOW);
  const sent = TO_KEY + PASTED + INTERNAL + TO_OTHER_BANK;
  // The processing PIX left available for "in transit"; available + blocked is the total.
  await expect(page.getByTestId("balance-available")).toHaveText(brl(before.available - sent), SLOW);
  await expect(page.getByTestId("balance-blocked")).toHaveText(brl(before.blocked));
  await expect(page.getByTestId("balance-total")).toHaveText(brl(before.total - sent));
  await expect(page.getByTestId("balance-held")).toHaveText(brl(before.held + TO_OTHER_BANK));

  const recent = page.getByTestId("recent-entry");
  await expect(recent).toHaveCount(5);
  await expect(recent.first()).toContainText("Pix enviado");
  await expect(recent.nth(1)).toContainText("Transferência interna enviada");
  await snap(page, "overview-after-sends");
  await recent.nth(1).click();
  await expect(page.getByTestId("detail-reason")).toHaveText("Transferência interna enviada", SLOW);
  await expect(page.getByText("Reembolso de despesas")).toBeVisible();
});

test("on a phone the send page stacks the balance above the form and nothing overflows", async () => {
  await page.setViewportSize(PHONE);
  await page.goto("/send");
  await expect(page.getByTestId("send-available")).toBeVisible(SLOW);
  await expect(page.getByRole("tab", { name: "Transferência interna" })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  await snap(page, "send-phone");

  const form = panel("Chave Pix");
  await form.getByLabel("Chave Pix").fill(DEMO_COUNTERPARTY.pixKey);
  await form.getByLabel("Valor").fill("1,00");
  await form.getByRole("button", { name: "Continuar" }).click();
  await expect(form.getByTestId("receiver-name")).toHaveText(DEMO_COUNTERPARTY.name, SLOW);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  await snap(page, "send-phone-review");
  // Back out without sending.
  await form.getByRole("button", { name: "Voltar" }).click();
  await expect(form.getByLabel("Valor")).toHaveValue("1,00");
  await page.setViewportSize(DESKTOP);
});

test("pasting a charge already paid or expired says so before anything can be confirmed", async () => {
  const tag = Date.now().toString(36);
  const accountId = DEMO_MERCHANT.accountId;
  const paid = await chargeCode(page.request, { accountId, amount: 5, description: `Pedido #${tag} pago` }, "Fábio");
  const expired = await chargeCode(page.request, {
    accountId,
    amount: 5,
    description: `Pedido #${tag} vencido`,
    expirationSeconds: 1,
  });
  const expiredAfter = Date.now() + 1_500;
  const open = await chargeCode(page.request, { accountId, amount: 5, description: `Pedido #${tag} — Café` });
  await page.goto("/send?tab=paste");
  const form = panel("Copia e Cola");
  const review = form.getByTestId("paste-review");
  const confirm = review.getByRole("button", { name: "Confirmar e pagar" });

  async function preview(emv: string) {
    await form.getByLabel("Código Pix Copia e Cola").fill(emv);
    await form.getByRole("button", { name: "Continuar" }).click();
    await expect(review).toBeVisible(SLOW);
  }

  // Paid: said first, with what the charge was for; the button is disabled and says why.
  await preview(paid.emv);
  await expect(review.getByTestId("paste-blocked-reason")).toHaveText("Esta cobrança já foi paga.");
  await expect(review.getByTestId("review-description")).toHaveText(`Pedido #${tag} pago`);
  await expect(confirm).toBeDisabled();
  await expect(confirm).toHaveAccessibleDescription("Esta cobrança já foi paga.");
  await snap(page, "send-paste-paid-charge");

  // Expired: its one second is past (a fast run gets here sooner, and waits for it).
  await review.getByRole("button", { name: "Voltar" }).click();
  await page.waitForTimeout(Math.max(0, expiredAfter - Date.now()));
  await preview(expired.emv);
  await expect(review.getByTestId("paste-blocked-reason")).toHaveText("Esta cobrança expirou.");
  await expect(confirm).toBeDisabled();
  await snap(page, "send-paste-expired-charge");

  // Still payable: the charge's description, and nothing in the way.
  await review.getByRole("button", { name: "Voltar" }).click();
  await preview(open.emv);
  await expect(review.getByTestId("review-description")).toHaveText(`Pedido #${tag} — Café`);
  await expect(review.getByTestId("paste-blocked-reason")).toHaveCount(0);
  await expect(confirm).toBeEnabled();
  await review.getByRole("button", { name: "Voltar" }).click();
});
