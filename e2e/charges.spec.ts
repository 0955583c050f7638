/**
 * Receiving money as a merchant does it: a R$ 25,00 charge with its QR code, copy-and-paste code
 * and countdown; a (sandbox) payer paying it; the balance growing by exactly that; then part of
 * the received PIX refunded from its ledger entry, and the refund listed as processing.
 *
 * The other spec files share the database, so balances and lists are read before and compared
 * after rather than assumed. One page walks through the steps in order (serial) and signs in once.
 */
import { expect, type Page, test } from "@playwright/test";
import { DEMO_MERCHANT } from "../prisma/demo";
import { brl, centsOf } from "./support/amounts";
import { snap, snapDialog } from "./support/screenshots";
import { signIn } from "./support/session";
import { CLIPBOARD, DESKTOP, mainNavOf, openPage, PHONE, SLOW } from "./support/walk";

test.describe.configure({ mode: "serial" });

const CHARGE = 2_500n; // R$ 25,00
const REFUND = 1_000n; // R$ 10,00 of it back
const TAG = Date.now().toString(36);
const DESCRIPTION = `Pedido e2e ${TAG} Café`;

/** The same with flexible spacing (Intl puts a no-break space after "R$"). */
const brlPattern = (cents: bigint) => new RegExp(brl(cents).replace(/\s/g, "\\s?").replace("$", "\\$"));

let page: Page;
const before = { available: 0n, held: 0n };
/** What this spec created, as it goes. */
const state = { txId: "", emv: "", paidEndToEndId: "" };

test.beforeAll(async ({ browser }) => {
  page = await openPage(browser, CLIPBOARD);
});

test.afterAll(async () => {
  await page.context().close();
});

const mainNav = () => mainNavOf(page);

async function readBalances() {
  const held = page.getByTestId("balance-held");
  return {
    available: await centsOf(page.getByTestId("balance-available")),
    held: (await held.count()) > 0 ? await centsOf(held) : 0n,
  };
}

test("the merchant signs in and notes the balance before charging", async () => {
  await signIn(page, DEMO_MERCHANT);
  await expect(page).toHaveURL(/\/overview$/, SLOW);
  await expect(page.getByTestId("balance-available")).toHaveText(/^R\$\s?[\d.]+,\d{2}$/, SLOW);
  Object.assign(before, await readBalances());
});

test("the new charge form checks what is typed before creating anything", async () => {
  await mainNav().getByRole("link", { name: "Cobranças", exact: true }).click();
  await expect(page).toHaveURL(/\/charges$/, SLOW);
  await expect(page.getByRole("heading", { level: 1, name: "Cobranças" })).toBeVisible();
  const form = page.getByTestId("charge-form");
  await expect(form).toBeVisible(SLOW);
  // 24 hours unless told otherwise.
  await expect(form.getByRole("radio", { name: "24 horas" })).toBeChecked();

  await form.getByRole("button", { name: "Gerar cobrança" }).click();
  await expect(form.getByText("Informe o valor.")).toBeVisible();
  await expect(form.getByLabel("Valor")).toHaveAttribute("aria-invalid", "true");

  // A custom deadline of zero, and a document that is no CPF, are refused on the spot.
  await form.getByText("Outro", { exact: true }).click();
  await form.getByLabel("Prazo", { exact: true }).fill("0");
  await form.getByRole("button", { name: "Mais opções" }).click();
  await form.getByLabel("Só este CPF/CNPJ pode pagar (opcional)").fill("123.456.789-00");
  await form.getByLabel("Valor").fill("25,00");
  await form.getByRole("button", { name: "Gerar cobrança" }).click();
  await expect(form.getByText("Informe um prazo inteiro, de 1 minuto a 365 dias.")).toBeVisible();
  await expect(form.getByText("Informe um CPF ou CNPJ válido.")).toBeVisible();
  await snap(page, "charges-form-errors");
  await form.getByLabel("Só este CPF/CNPJ pode pagar (opcional)").fill("");
  await form.getByRole("button", { name: "Mais opções" }).click();
});

test("a R$ 25,00 charge shows its QR code, a code to copy and a countdown", async () => {
  const form = page.getByTestId("charge-form");
  await form.getByLabel("Descrição (opcional)").fill(DESCRIPTION);
  await form.getByText("15 min").click();
  await expect(form.getByRole("radio", { name: "15 min" })).toBeChecked();
  await form.getByRole("button", { name: "Gerar cobrança" }).click();

  const result = page.getByTestId("charge-result");
  await expect(result).toBeVisible(SLOW);
  await expect(page.getByRole("heading", { name: "Cobrança criada" })).toBeVisible();
  const panel = result.getByTestId("charge-panel");
  await expect(panel).toHaveAttribute("data-status", "created");
  await expect(panel.getByTestId("charge-amount")).toHaveText(brl(CHARGE));
  await expect(panel.getByTestId("charge-status")).toHaveText("Aguardando pagamento");
  await expect(panel.getByText(DESCRIPTION)).toBeVisible();

  // The QR code: a real PNG, drawn.
  const qr = panel.getByTestId("charge-qr");
  await expect(qr).toBeVisible();
  await expect(qr).toHaveAttribute("src", /^data:image\/png;base64,/);
  await expect(qr).toHaveAccessibleName(`QR Code Pix da cobrança de ${brl(CHARGE)}`);
  expect(await qr.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(100);

  // The copy-and-paste code: a BR Code for R$ 25,00 (field 54), ending in its CRC.
  state.emv = ((await panel.getByTestId("charge-emv").textContent()) ?? "").trim();
  expect(state.emv).toMatch(/^000201/);
  expect(state.emv).toContain("540525.00");
  expect(state.emv).toMatch(/6304[0-9A-F]{4}$/);

  // Fifteen minutes, counting down.
  const countdown = panel.getByTestId("charge-countdown");
  await expect(countdown).toHaveText(/^1[45]:\d{2}$/);
  const first = (await countdown.textContent()) ?? "";
  await expect(countdown).not.toHaveText(first, { timeout: 5_000 });

  await panel.getByTestId("copy-emv").click();
  await expect(panel.getByTestId("copy-emv")).toHaveText("Copiado");
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(state.emv);
  await snap(page, "charges-created");

  // The new charge heads the list, awaiting payment.
  const row = page.getByTestId("charge-row").filter({ hasText: DESCRIPTION });
  await expect(row).toHaveCount(1, SLOW);
  await expect(row.getByTestId("charge-status")).toHaveText("Aguardando pagamento");
  await expect(row.getByTestId("charge-row-amount")).toHaveText(brl(CHARGE));
  const href = (await result.getByTestId("charge-details-link").getAttribute("href")) ?? "";
  state.txId = href.replace("/charges/", "");
  expect(state.txId).toMatch(/^[a-zA-Z0-9]{26,35}$/);
});

test("simulating the payment shows the charge paid, in the panel and the list", async () => {
  const panel = page.getByTestId("charge-result").getByTestId("charge-panel");
  await expect(panel.getByText("Sandbox")).toBeVisible();
  await panel.getByRole("button", { name: "Simular pagamento" }).click();
  await expect(panel).toHaveAttribute("data-status", "paid", SLOW);
  await expect(panel.getByTestId("charge-status")).toHaveText("Paga");
  await expect(panel.getByTestId("charge-paid")).toContainText("Pagamento recebido em");
  await expect(panel.getByTestId("charge-countdown")).toHaveCount(0);
  await expect(panel.getByRole("button", { name: "Simular pagamento" })).toHaveCount(0);

  const row = page.getByTestId("charge-row").filter({ hasText: DESCRIPTION });
  await expect(row.getByTestId("charge-status")).toHaveText("Paga", SLOW);
  await snap(page, "charges-paid");

  // The status filter lives in the URL: paid keeps it, awaiting payment leaves it out.
  const filter = page.getByLabel("Status", { exact: true });
  await filter.selectOption({ label: "Pagas" });
  await expect(page).toHaveURL(/\/charges\?status=paid$/);
  await expect(row).toHaveCount(1, SLOW);
  await expect(page.getByTestId("charge-row").getByTestId("charge-status").filter({ hasNotText: "Paga" })).toHaveCount(
    0,
  );
  await filter.selectOption({ label: "Aguardando pagamento" });
  await expect(page).toHaveURL(/\/charges\?status=created$/);
  await expect(page.getByRole("heading", { name: "Nenhuma cobrança encontrada" }).or(row)).toBeVisible(SLOW);
  await expect(row).toHaveCount(0);
  await page.reload();
  await expect(filter).toHaveValue("created", SLOW);
  // a choice made while the reloaded page is still hydrating is undone by it: choose until it holds
  await expect(async () => {
    await filter.selectOption({ label: "Pagas" });
    await expect(page).toHaveURL(/\/charges\?status=paid$/, { timeout: 2_000 });
  }).toPass(SLOW);
  await expect(row).toHaveCount(1, SLOW);
});

test("the balance grew by exactly the R$ 25,00 received", async () => {
  await mainNav().getByRole("link", { name: "Visão geral" }).click();
  await expect(page).toHaveURL(/\/overview$/, SLOW);
  await expect(page.getByTestId("balance-available")).toHaveText(brl(before.available + CHARGE), SLOW);
  const recent = page.getByTestId("recent-entry").first();
  await expect(recent).toContainText("Cobrança paga (QR Code)");
});

test("the charge's detail shows the code, the dates and the payment's end-to-end id", async () => {
  await page.goto("/charges?status=paid");
  const row = page.getByTestId("charge-row").filter({ hasText: DESCRIPTION });
  await row.getByRole("link").click();
  await expect(page).toHaveURL(new RegExp(`/charges/${state.txId}\\?back=status%3Dpaid$`), SLOW);
  await expect(page.getByRole("heading", { level: 1, name: "Detalhe da cobrança" })).toBeVisible();
  const detail = page.getByTestId("charge-detail");
  await expect(detail.getByTestId("charge-panel")).toHaveAttribute("data-status", "paid", SLOW);
  await expect(detail.getByTestId("charge-qr")).toBeVisible();
  await expect(detail.getByTestId("charge-emv")).toHaveText(state.emv);
  await expect(detail.getByTestId("charge-txid").getByTestId("id-value")).toHaveText(state.txId);
  await expect(detail.getByText("Qualquer pagador")).toBeVisible();
  const e2e = detail.getByTestId("charge-paid-e2e").getByTestId("id-value");
  await expect(e2e).toHaveText(/^E\d{8}\d{12}\w{11}$/);
  state.paidEndToEndId = ((await e2e.textContent()) ?? "").trim();
  await snap(page, "charge-detail");

  // Back to the list keeps its filter.
  await page.getByRole("link", { name: "Voltar às cobranças" }).click();
  await expect(page).toHaveURL(/\/charges\?status=paid$/, SLOW);
  await page.goBack();
  await expect(page.getByTestId("charge-detail")).toBeVisible(SLOW);
});

test("the received entry offers a refund: R$ 25,00 refundable, R$ 10,00 refunded", async () => {
  await page.getByTestId("charge-paid-e2e").getByTestId("id-value").click();
  await expect(page).toHaveURL(new RegExp(`/ledger/${state.paidEndToEndId}\\?account=`), SLOW);
  const detail = page.getByTestId("entry-detail");
  await expect(detail.getByTestId("detail-reason")).toHaveText("Cobrança paga (QR Code)", SLOW);
  await expect(detail.getByTestId("detail-entry-ref").getByTestId("id-value")).toHaveText(state.txId);

  const bar = detail.getByTestId("refund-bar");
  await expect(bar.getByTestId("refund-bar-remaining")).toHaveText(brl(CHARGE), SLOW);
  await bar.getByRole("button", { name: "Devolver" }).click();

  const dialog = page.getByRole("dialog", { name: "Devolver Pix recebido" });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByTestId("refund-original")).toHaveText(brl(CHARGE));
  await expect(dialog.getByTestId("refund-remaining")).toHaveText(brl(CHARGE));
  await expect(dialog.getByText("Ainda pode ser devolvido", { exact: true })).toBeVisible();
  await expect(dialog.getByRole("radio", { name: /Valor total/ })).toBeChecked();

  // More than what is left is refused before anything is sent.
  await dialog.getByText("Valor parcial").click();
  await dialog.getByLabel("Valor a devolver").fill("30,00");
  await dialog.getByRole("button", { name: "Confirmar devolução" }).click();
  await expect(dialog.getByText(/O valor é maior do que ainda pode ser devolvido/)).toBeVisible();

  await dialog.getByLabel("Valor a devolver").fill("10,00");
  await dialog.getByLabel("Descrição (opcional)").fill("Item fora de estoque");
  await snapDialog(page, "refund-dialog");
  await dialog.getByRole("button", { name: "Confirmar devolução" }).click();

  const result = dialog.getByTestId("refund-result");
  await expect(result.getByRole("heading", { name: "Devolução em processamento" })).toBeVisible(SLOW);
  await expect(result).toHaveAttribute("data-status", "processing");
  await expect(result.getByTestId("refund-result-amount")).toHaveText(brl(REFUND));
  await expect(result.getByTestId("entry-status")).toHaveText("Em processamento");
  await expect(result.getByTestId("refund-result-e2e")).toHaveText(/^D\d{8}\d{12}\w{11}$/);
  await snapDialog(page, "refund-result");

  await dialog.getByRole("button", { name: "Fechar", exact: true }).last().click();
  await expect(dialog).toBeHidden();
  // What is left to refund now.
  await expect(bar.getByTestId("refund-bar-remaining")).toHaveText(brl(CHARGE - REFUND), SLOW);
});

test("/refunds lists the refund as processing, linked to the original PIX", async () => {
  await mainNav().getByRole("link", { name: "Devoluções" }).click();
  await expect(page).toHaveURL(/\/refunds$/, SLOW);
  await expect(page.getByRole("heading", { level: 1, name: "Devoluções" })).toBeVisible();
  const row = page
    .getByTestId("refund-row")
    .filter({ has: page.locator(`[title="${state.paidEndToEndId}"]`) })
    .first();
  await expect(row).toBeVisible(SLOW);
  await expect(row.getByTestId("entry-status")).toHaveText("Em processamento");
  await expect(row.getByTestId("refund-amount")).toHaveText(brlPattern(REFUND));
  await expect(row).toContainText("Item fora de estoque");
  // Newest first: this spec's refund heads the list.
  await expect(page.getByTestId("refund-row").first()).toContainText("Item fora de estoque");

  const refundE2e = row.getByTestId("refund-e2e");
  const refundId = (await refundE2e.getAttribute("title")) ?? "";
  expect(refundId).toMatch(/^D\d{8}\d{12}\w{11}$/);
  await row.getByRole("button", { name: "Copiar End-to-end ID da devolução" }).click();
  await expect(row.getByText("Copiado")).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(refundId);

  // Filtering by status keeps it; "failed" does not.
  await page.getByLabel("Status", { exact: true }).selectOption({ label: "Em processamento" });
  await expect(page).toHaveURL(/\/refunds\?status=processing$/);
  await expect(row).toBeVisible(SLOW);
  await snap(page, "refunds");
  await page.getByLabel("Status", { exact: true }).selectOption({ label: "Falhou" });
  await expect(page).toHaveURL(/\/refunds\?status=failed$/);
  await expect(row).toHaveCount(0, SLOW);
  await page.getByLabel("Status", { exact: true }).selectOption({ label: "Todos" });
  await expect(page).toHaveURL(/\/refunds$/);

  // The original end-to-end id opens the received PIX's entry.
  await row.getByTestId("refund-original-link").click();
  await expect(page).toHaveURL(new RegExp(`/ledger/${state.paidEndToEndId}\\?account=`), SLOW);
  await expect(page.getByTestId("detail-reason")).toHaveText("Cobrança paga (QR Code)", SLOW);
});

test("the list finds the charge without its accents and says what was refunded; its page shows payer and refunds", async () => {
  await mainNav().getByRole("link", { name: "Cobranças", exact: true }).click();
  await expect(page).toHaveURL(/\/charges$/, SLOW);
  await page.getByTestId("charges-search").fill(`E2E ${TAG.toUpperCase()} CAFE`);
  await page.getByTestId("charges-search-submit").click();
  await expect(page).toHaveURL(/\/charges\?q=/, SLOW);
  const row = page.getByTestId("charge-row");
  await expect(row).toHaveCount(1, SLOW);
  await expect(row).toContainText(DESCRIPTION);
  await expect(row.getByTestId("charge-status")).toHaveText("Paga");
  await expect(row.getByTestId("charge-refunded")).toHaveText(
    new RegExp(`^· devolvido ${brlPattern(REFUND).source} de ${brlPattern(CHARGE).source}$`),
  );
  await snap(page, "charges-search-refunded");

  // Nothing else matches a text no charge has.
  await page.getByTestId("charges-search").fill(`${TAG} nenhuma`);
  await page.getByTestId("charges-search-submit").click();
  await expect(page.getByRole("heading", { name: "Nenhuma cobrança encontrada" })).toBeVisible(SLOW);
  await page.getByTestId("charges-search").fill(DESCRIPTION.toLowerCase());
  await page.getByTestId("charges-search-submit").click();
  await expect(row).toHaveCount(1, SLOW);

  await row.getByRole("link").click();
  const detail = page.getByTestId("charge-detail");
  await expect(detail.getByTestId("charge-refunded")).toHaveText(/devolvido R\$\s?10,00 de R\$\s?25,00/, SLOW);
  const payer = detail.getByTestId("charge-payer");
  await expect(payer.getByTestId("charge-payer-name")).not.toBeEmpty();
  // A third party's document, masked.
  await expect(payer.getByTestId("charge-payer-document")).toHaveText(
    /^(\*\*\*\.\d{3}\.\d{3}-\*\*|\d{2}\.\d{3}\.\d{3}\/\*\*\*\*-\*\*)$/,
  );
  await expect(payer.getByTestId("charge-payer-institution")).toHaveText(/ISPB \d{8}/);
  const refunds = detail.getByTestId("charge-refund-row");
  await expect(refunds).toHaveCount(1);
  await expect(refunds).toContainText(brlPattern(REFUND));
  await expect(refunds).toContainText("Item fora de estoque");
  await expect(refunds.getByTestId("entry-status")).toHaveText(/^(Em processamento|Concluído)$/);
  await snap(page, "charge-detail-refunded");
});

test("a charge that does not exist says so, and the page reads in English too", async () => {
  await page.goto("/charges/naoexiste");
  await expect(page.getByRole("heading", { name: "Cobrança não encontrada" })).toBeVisible(SLOW);

  await page.goto("/charges");
  await page.getByLabel("Idioma").selectOption("en");
  await expect(page.getByRole("heading", { level: 1, name: "Charges" })).toBeVisible(SLOW);
  await expect(page.getByRole("heading", { name: "New charge" })).toBeVisible();
  await expect(page.getByRole("radio", { name: "24 hours" })).toBeChecked();
  await expect(page.getByRole("heading", { name: "Your charges" })).toBeVisible();
  // en: "R$25.00"
  await expect(
    page.getByTestId("charge-row").filter({ hasText: DESCRIPTION }).getByTestId("charge-row-amount"),
  ).toHaveText(/^R\$\s?25\.00$/, SLOW);
  await expect(
    page.getByTestId("charge-row").filter({ hasText: DESCRIPTION }).getByTestId("charge-refunded"),
  ).toHaveText(/^· R\$\s?10\.00 of R\$\s?25\.00 refunded$/);
  await snap(page, "charges-en");
  await page.getByLabel("Language").selectOption("pt-BR");
  await expect(page.getByRole("heading", { level: 1, name: "Cobranças" })).toBeVisible(SLOW);
});

test("the refund holds its R$ 10,00 in transit", async () => {
  await mainNav().getByRole("link", { name: "Visão geral" }).click();
  await expect(page).toHaveURL(/\/overview$/, SLOW);
  await expect(page.getByTestId("balance-available")).toHaveText(brl(before.available + CHARGE - REFUND), SLOW);
  await expect(page.getByTestId("balance-held")).toHaveText(brl(before.held + REFUND));
});

test("on a phone charges, a charge and refunds fit the screen", async () => {
  await page.setViewportSize(PHONE);
  await page.goto("/charges");
  await expect(page.getByTestId("charge-form")).toBeVisible(SLOW);
  await expect(page.getByTestId("charge-card").first()).toBeVisible(SLOW);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  await snap(page, "charges-phone");

  await page.getByTestId("charge-form").getByLabel("Valor").fill("12,34");
  await page.getByRole("button", { name: "Gerar cobrança" }).click();
  await expect(page.getByTestId("charge-result").getByTestId("charge-qr")).toBeVisible(SLOW);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  await snap(page, "charges-created-phone");

  await page.goto(`/charges/${state.txId}`);
  await expect(page.getByTestId("charge-detail")).toBeVisible(SLOW);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  await snap(page, "charge-detail-phone");

  await page.goto(`/ledger/${state.paidEndToEndId}?account=${DEMO_MERCHANT.accountId}`);
  await expect(page.getByTestId("refund-bar-remaining")).toHaveText(brl(CHARGE - REFUND), SLOW);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  await page.getByRole("button", { name: "Devolver" }).click();
  await expect(page.getByRole("dialog", { name: "Devolver Pix recebido" })).toBeVisible();
  await snapDialog(page, "refund-dialog-phone");
  await page.getByRole("button", { name: "Cancelar" }).click();

  await page.goto("/refunds");
  await expect(page.getByTestId("refund-card").first()).toBeVisible(SLOW);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  await snap(page, "refunds-phone");
  await page.setViewportSize(DESKTOP);
});
