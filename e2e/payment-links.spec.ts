/**
 * Charging with a link sent in a chat: the merchant creates a payment link on the dashboard; a
 * payer opens it on a phone (360 × 740, a context of their own), lands on the charge's payment
 * page; the sandbox pays it from elsewhere; the payer's page turns "Pago" with the receipt without
 * a reload; the merchant sees the payment on the link's row. A screenshot of each state.
 */
import { type BrowserContext, expect, type Page, test } from "@playwright/test";
import sharp from "sharp";
import { DEMO_MERCHANT } from "../prisma/demo";
import { createChargeViaApi, payCodeInSandbox } from "./support/account-api";
import { snap } from "./support/screenshots";
import { signIn } from "./support/session";
import { mainNavOf, openPage, SLOW } from "./support/walk";

test.describe.configure({ mode: "serial" });

const TAG = Date.now().toString(36);
const DESCRIPTION = `Bolo de pote ${TAG}`;
const PHONE_360 = { width: 360, height: 740 };

let merchant: Page;
let payerContext: BrowserContext;
let payer: Page;
const state = { linkUrl: "", pageUrl: "", emv: "" };

test.beforeAll(async ({ browser }) => {
  merchant = await openPage(browser);
  payerContext = await browser.newContext({ viewport: PHONE_360, locale: "pt-BR", hasTouch: true, isMobile: true });
  payer = await payerContext.newPage();
});

test.afterAll(async () => {
  await merchant.context().close();
  await payerContext.close();
});

test("the merchant creates a payment link on the dashboard", async () => {
  await signIn(merchant, DEMO_MERCHANT);
  await expect(merchant).toHaveURL(/\/overview/, SLOW);
  await mainNavOf(merchant).getByRole("link", { name: "Links de pagamento" }).click();
  await expect(merchant.getByRole("heading", { name: "Links de pagamento", level: 1 })).toBeVisible(SLOW);
  await merchant.getByLabel("Descrição").fill(DESCRIPTION);
  await merchant.getByLabel("Valor (R$)").fill("12,34");
  await merchant.getByRole("button", { name: "Criar link" }).click();
  const url = merchant.getByTestId("link-created-url");
  await expect(url).toContainText("/l/pl_", SLOW);
  state.linkUrl = (await url.textContent())?.trim() ?? "";
  await expect(merchant.getByTestId("link-row").filter({ hasText: DESCRIPTION })).toBeVisible();
  await snap(merchant, "payment-links-created");
});

test("a payer opens the link on a phone and lands on the charge's payment page", async () => {
  await payer.goto(new URL(state.linkUrl).pathname);
  await expect(payer.getByTestId("link-description")).toHaveText(DESCRIPTION, SLOW);
  await expect(payer.getByTestId("link-amount")).toContainText("12,34");
  await snap(payer, "payment-link-form-phone");
  await payer.getByRole("button", { name: "Continuar para o pagamento" }).click();
  await expect(payer).toHaveURL(/\/c\/[0-9a-f]{32}$/, SLOW);
  state.pageUrl = payer.url();
  await expect(payer.getByTestId("page-status")).toHaveAttribute("data-status", "open");
  await expect(payer.getByTestId("page-status")).toContainText("Aguardando pagamento");
  await expect(payer.getByTestId("page-amount")).toContainText("12,34");
  await expect(payer.getByRole("img", { name: /QR Code PIX/ })).toBeVisible();
  await expect(payer.getByTestId("page-countdown")).toHaveText(/\d{2}:\d{2}/);
  // a chat app's preview shows the merchant and the amount
  await expect(payer.locator('meta[property="og:title"]')).toHaveAttribute("content", /12,34.*Loja Demonstração/);
  state.emv = await payer.getByLabel("Código PIX copia e cola", { exact: true }).inputValue();
  expect(state.emv).toMatch(/^000201/);
  // nothing overflows the phone's width
  const overflow = await payer.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await snap(payer, "payment-page-open-phone");

  // opening the link again on this visit lands on the same charge, not a new one
  await payer.goto(new URL(state.linkUrl).pathname);
  await expect(payer).toHaveURL(state.pageUrl, SLOW);
});

test("paid from elsewhere, the payer's page turns Pago with the receipt, without a reload", async ({ playwright }) => {
  await payer.evaluate(() => {
    (window as unknown as { stayed: boolean }).stayed = true;
  });
  const other = await playwright.request.newContext({ baseURL: new URL(state.pageUrl).origin });
  await payCodeInSandbox(other, state.emv);
  await other.dispose();
  await expect(payer.getByTestId("page-paid")).toBeVisible({ timeout: 5_000 });
  await expect(payer.getByTestId("page-status")).toContainText("Pago");
  expect(await payer.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);
  const receipt = payer.getByRole("link", { name: "Baixar o comprovante (PDF)" });
  await expect(receipt).toBeVisible();
  const pdf = await payer.request.get(`${new URL(state.pageUrl).pathname}/receipt`);
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()["content-type"]).toBe("application/pdf");
  await snap(payer, "payment-page-paid-phone");
});

test("the merchant sees the payment on the link's row", async () => {
  await merchant.reload();
  const row = merchant.getByTestId("link-row").filter({ hasText: DESCRIPTION });
  await expect(row.getByTestId("link-payments")).toHaveText("1", SLOW);
  await expect(row).toContainText("12,34");
  await snap(merchant, "payment-links-paid");
});

test("a charge's page speaks the payer's language and turns Cancelled when the merchant cancels it", async ({
  browser,
  playwright,
}) => {
  const api = await playwright.request.newContext({ baseURL: new URL(state.pageUrl).origin });
  const charge = await createChargeViaApi(api, 7.5, `Cancel ${TAG}`);
  await api.dispose();
  const english = await browser.newContext({ viewport: PHONE_360, locale: "en-US", isMobile: true, hasTouch: true });
  const reader = await english.newPage();
  await reader.goto(new URL(charge.paymentPageUrl).pathname);
  await expect(reader.getByTestId("page-status")).toContainText("Awaiting payment", SLOW);
  await expect(reader.getByRole("button", { name: "Copy code" })).toBeVisible();

  await merchant.goto(`/charges/${charge.txId}`);
  await expect(merchant.getByTestId("charge-copy-link")).toContainText("Copiar link", SLOW);
  await merchant.getByTestId("charge-cancel").click();
  await merchant.getByRole("dialog", { name: "Cancelar esta cobrança?" }).getByTestId("charge-cancel-confirm").click();
  await expect(reader.getByTestId("page-closed")).toContainText("cancelled", { timeout: 5_000 });
  await expect(reader.getByTestId("page-status")).toHaveAttribute("data-status", "cancelled");
  await snap(reader, "payment-page-cancelled-phone-en");
  await english.close();
});

test("the merchant's display name and logo appear on the payer's page", async () => {
  await merchant.goto("/branding");
  await merchant.getByLabel("Nome de exibição").fill(`Doces ${TAG}`);
  await merchant.getByRole("button", { name: "Salvar" }).click();
  await expect(merchant.getByTestId("branding-said")).toHaveText("Salvo.", SLOW);
  const logo = await sharp({ create: { width: 600, height: 300, channels: 3, background: "#b45309" } })
    .png()
    .toBuffer();
  await merchant
    .getByLabel("Logo", { exact: true })
    .setInputFiles({ name: "logo.png", mimeType: "image/png", buffer: logo });
  await expect(merchant.getByTestId("branding-said")).toHaveText("Logo salvo.", SLOW);
  await merchant.getByLabel("Logo", { exact: true }).setInputFiles({
    name: "not-a-logo.png",
    mimeType: "image/png",
    buffer: Buffer.from("plain text, not an image"),
  });
  await expect(merchant.getByTestId("branding-said")).toHaveText("O logo deve ser uma imagem PNG ou JPEG.", SLOW);
  await snap(merchant, "branding-settings");

  await payer.goto(new URL(state.pageUrl).pathname);
  await expect(payer.getByTestId("merchant-name")).toHaveText(`Doces ${TAG}`, SLOW);
  await expect(payer.locator("header img")).toHaveJSProperty("naturalWidth", 256);
  await snap(payer, "payment-page-branded-phone");
});
