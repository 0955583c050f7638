/**
 * Fees as the people concerned meet them (issue 45 item 1, docs/decisions/0058-fee-rounding.md):
 * an operator gives a merchant's account its own price list on the back office (PIX received by
 * QR code at 0,99 %, minimum R$ 0,50); the merchant sees it on Tarifas, has a R$ 100,00 charge
 * paid from the Sandbox, and its page shows Valor bruto R$ 100,00, Tarifa R$ 0,99 and Valor
 * líquido R$ 99,01, with the balance at R$ 99,01.
 *
 * The merchant is one of this spec's own (support/people.ts), not the demo one: the demo
 * merchant's account is free and sandbox.spec.ts, send-money.spec.ts and others assert that its
 * balance moves by exactly what it receives, and the back office's own Tarifas page edits the
 * platform's default list, which every account without its own follows. A fresh account with a
 * list of its own, starting at R$ 0,00, disturbs nobody and makes every amount here exact.
 */
import { randomBytes } from "node:crypto";
import { expect, type Page, test } from "@playwright/test";
import { DEMO_ADMIN } from "../prisma/demo";
import { brl } from "./support/amounts";
import { freshMerchant, onRunDatabase } from "./support/people";
import { snap } from "./support/screenshots";
import { signIn } from "./support/session";
import { mainNavOf, openPage, SLOW } from "./support/walk";

test.describe.configure({ mode: "serial" });

const RUN = randomBytes(4).toString("hex");
// a person's name at the DICT has letters only: the run's digits become letters
const MERCHANT = {
  name: `Tarifas ${RUN.replace(/[0-9]/g, (d) => String.fromCharCode(97 + Number(d)))}`,
  email: `fees-${RUN}@example.test`,
  password: "fees-pass-2026",
};
const DESCRIPTION = `Pedido com tarifa ${RUN}`;
const QR_PRODUCT = "Pix recebido por QR Code";

let accountId = "";
let page: Page;
let chargeHref = "";

test.beforeAll(async ({ browser }, testInfo) => {
  accountId = await onRunDatabase(browser, String(testInfo.project.use.baseURL), async (db) => {
    await freshMerchant(db, MERCHANT, 0n);
    const user = await db.user.findUniqueOrThrow({ where: { email: MERCHANT.email } });
    return (await db.account.findFirstOrThrow({ where: { userId: user.id } })).id;
  });
});

test.afterAll(async () => {
  await page?.context().close();
});

test("an operator gives the account its own list: PIX by QR code at 0,99 %, minimum R$ 0,50", async ({ browser }) => {
  const admin = await openPage(browser);
  await signIn(admin, DEMO_ADMIN);
  await expect(admin).toHaveURL(/\/admin$/, SLOW);
  await admin.goto(`/admin/merchants?q=${encodeURIComponent(MERCHANT.name)}`);
  await expect(admin.getByTestId("merchant-row")).toHaveCount(1, SLOW);
  await admin.getByTestId("merchant-row").click();
  await expect(admin.getByRole("heading", { level: 1, name: MERCHANT.name })).toBeVisible(SLOW);

  const panel = admin.locator(`[data-testid="admin-price-list"][data-account-id="${accountId}"]`);
  await expect(panel).toContainText("Esta conta segue a tabela padrão.", SLOW);
  await panel.getByTestId("price-list-new").click();
  const form = panel.getByTestId("price-list-form");
  const qr = form.getByTestId("price-form-pix_in_qr");
  await qr.getByLabel("Percentual (%)").fill("0,99");
  await qr.getByLabel("Mínimo").fill("0,50");
  await form.getByTestId("price-list-save").click();

  await expect(panel.getByTestId("price-list-notice")).toContainText("Nova versão salva", SLOW);
  const row = panel.getByTestId("admin-price-item-row").filter({ hasText: QR_PRODUCT });
  await expect(row.getByTestId("admin-price-item-percent")).toHaveText("0,99 %");
  await expect(row.getByTestId("admin-price-item-min")).toHaveText(brl(50n));
  await expect(panel.getByTestId("price-history-row")).toHaveCount(1);
  await snap(admin, "admin-account-price-list");
  await admin.context().close();
});

test("the merchant opens Tarifas and sees its own list in force", async ({ browser }) => {
  page = await openPage(browser);
  await signIn(page, MERCHANT);
  await expect(page).toHaveURL(/\/overview$/, SLOW);
  await mainNavOf(page).getByRole("link", { name: "Tarifas" }).click();
  await expect(page).toHaveURL(/\/fees$/, SLOW);
  await expect(page.getByRole("heading", { level: 1, name: "Tarifas" })).toBeVisible();

  const list = page.locator(`[data-testid="price-list"][data-account-id="${accountId}"]`);
  await expect(list).toContainText("Tabela própria da conta", SLOW);
  const row = list.getByTestId("price-item-row").filter({ hasText: QR_PRODUCT });
  await expect(row.getByTestId("price-item-percent")).toHaveText("0,99 %");
  await expect(row.getByTestId("price-item-fixed")).toHaveText(brl(0n));
  await expect(row.getByTestId("price-item-min")).toHaveText(brl(50n));
  // what the operator did not name carries over from the list the account had: free
  const key = list.getByTestId("price-item-row").filter({ hasText: "Pix recebido por chave" });
  await expect(key.getByTestId("price-item-percent")).toHaveText("0,00 %");
  await snap(page, "fees-price-list");
});

test("the merchant registers a random PIX key, the one its charges carry", async () => {
  // a charge paid over the network reaches the account through its key, as the payer's bank finds it in the DICT
  await mainNavOf(page).getByRole("link", { name: "Chaves Pix" }).click();
  await expect(page).toHaveURL(/\/pix-keys$/, SLOW);
  await page.getByRole("button", { name: "Cadastrar chave" }).click();
  const dialog = page.getByRole("dialog", { name: "Cadastrar chave Pix" });
  await expect(dialog.getByTestId("evp-hint")).toBeVisible(SLOW);
  await dialog.getByRole("button", { name: "Cadastrar" }).click();
  await expect(dialog).toBeHidden(SLOW);
  await expect(page.locator('[data-testid="key-row"][data-key-type="EVP"][data-current="true"]')).toHaveCount(1, SLOW);
});

test("a R$ 100,00 charge paid from the Sandbox credits R$ 99,01", async () => {
  await mainNavOf(page).getByRole("link", { name: "Cobranças", exact: true }).click();
  await expect(page).toHaveURL(/\/charges$/, SLOW);
  const form = page.getByTestId("charge-form");
  await expect(form).toBeVisible(SLOW);
  await form.getByLabel("Valor").fill("100,00");
  await form.getByLabel("Descrição (opcional)").fill(DESCRIPTION);
  await form.getByRole("button", { name: "Gerar cobrança" }).click();
  const result = page.getByTestId("charge-result");
  await expect(result.getByTestId("charge-panel")).toHaveAttribute("data-status", "created", SLOW);
  chargeHref = (await result.getByTestId("charge-details-link").getAttribute("href")) ?? "";
  expect(chargeHref).toMatch(/^\/charges\/\w+/);

  await mainNavOf(page).getByRole("link", { name: "Sandbox" }).click();
  await expect(page).toHaveURL(/\/sandbox$/, SLOW);
  await expect(page.getByTestId("balance-available")).toHaveText(brl(0n), SLOW);
  const card = page.getByTestId("sandbox-receive");
  const pay = card.getByTestId("sandbox-charge-form");
  const option = pay.locator("option", { hasText: DESCRIPTION });
  await expect(option).toHaveCount(1, SLOW);
  await pay.getByLabel("Cobrança").selectOption((await option.getAttribute("value")) ?? "");
  await pay.getByRole("button", { name: "Receber Pix" }).click();
  await expect(card.getByTestId("sandbox-receive-outcome")).toContainText(`Pix de ${brl(10_000n)} recebido`, SLOW);
  // the balance is the net: the fee never reached the account
  await expect(page.getByTestId("balance-available")).toHaveText(brl(9_901n), SLOW);
});

test("the charge's page shows Valor bruto, Tarifa and Valor líquido", async () => {
  await page.goto(chargeHref);
  const detail = page.getByTestId("charge-detail");
  await expect(detail.getByTestId("charge-panel")).toHaveAttribute("data-status", "paid", SLOW);
  const amounts = detail.getByTestId("charge-amounts");
  await expect(amounts).toContainText("Valor bruto");
  await expect(amounts).toContainText("Tarifa");
  await expect(amounts).toContainText("Valor líquido");
  await expect(amounts.getByTestId("charge-gross")).toHaveText(brl(10_000n));
  await expect(amounts.getByTestId("charge-fee")).toHaveText(brl(99n));
  await expect(amounts.getByTestId("charge-net")).toHaveText(brl(9_901n));
  await snap(page, "charge-detail-fee");
});

test("the ledger's row says its fee, and Tarifas counts it among the fees paid", async () => {
  await mainNavOf(page).getByRole("link", { name: "Lançamentos", exact: true }).click();
  await expect(page).toHaveURL(/\/ledger/, SLOW);
  const row = page.getByTestId("ledger-row").filter({ hasText: DESCRIPTION });
  await expect(row.getByTestId("entry-amount")).toContainText(brl(9_901n), SLOW);
  await expect(row.getByTestId("entry-fee")).toHaveText(`tarifa ${brl(99n)}`);

  await mainNavOf(page).getByRole("link", { name: "Tarifas" }).click();
  await expect(page).toHaveURL(/\/fees$/, SLOW);
  const paid = page.getByTestId("fees-paid");
  await expect(paid.getByTestId("fee-paid-fee").first()).toHaveText(brl(99n), SLOW);
});
