/**
 * What a person expects of the dashboard, clicked through as a merchant does:
 * server errors in Portuguese, the holder of an internal transfer shown before confirming, the
 * result of a send following the payment until it settles or fails (its reason in words), a
 * charge cancelled, a refund from a charge's detail and from the refunds page, static QR codes
 * with their printable page, dates typed as dd/mm/aaaa, and a 404 inside the dashboard's shell.
 *
 * The other specs share the database: amounts are read before and compared after.
 */
import { expect, type Page, test } from "@playwright/test";
import { DEMO_COUNTERPARTY, DEMO_MERCHANT } from "../prisma/demo";
import { encodeStaticBrCode } from "../server/pix/brcode";
import { settleOutgoingPix } from "./support/rail";
import { snap, snapDialog } from "./support/screenshots";
import { signIn } from "./support/session";
import { CLIPBOARD, DESKTOP, mainNavOf, openPage, PHONE, SLOW } from "./support/walk";

test.describe.configure({ mode: "serial" });

const RUN = Date.now().toString(36);

let page: Page;

test.beforeAll(async ({ browser }) => {
  page = await openPage(browser, CLIPBOARD);
});

test.afterAll(async () => {
  await page.context().close();
  const { disconnectDb } = await import("../server/db/client");
  await disconnectDb();
});

const panel = (name: string) => page.getByRole("tabpanel", { name });
const mainNav = () => mainNavOf(page);

test("the merchant signs in", async () => {
  await signIn(page, DEMO_MERCHANT);
  await expect(page).toHaveURL(/\/overview$/, SLOW);
});

test("a bad copy-and-paste code is explained in Portuguese, not in the server's English", async () => {
  await page.goto("/send?tab=paste");
  const emv = encodeStaticBrCode({
    pixKey: DEMO_COUNTERPARTY.pixKey,
    amountCents: 500n,
    merchantName: "Cafe Exemplo",
    merchantCity: "SAO PAULO",
  });
  const form = panel("Copia e Cola");
  await form.getByLabel("Código Pix Copia e Cola").fill(`${emv.slice(0, -4)}0000`, SLOW);
  await form.getByRole("button", { name: "Continuar" }).click();
  const error = form.getByTestId("field-error");
  await expect(error).toHaveText(
    "Este código copia e cola está incompleto ou alterado (o dígito verificador não confere). Copie o código inteiro novamente.",
    SLOW,
  );
  await snap(page, "ux-paste-error-pt");
});

test("an internal transfer names the destination's holder before confirming; an unknown account stops there", async () => {
  await page.getByRole("tab", { name: "Transferência interna" }).click();
  const form = panel("Transferência interna");
  await form.getByLabel("Conta de destino").fill("999999999999");
  await form.getByLabel("Valor").fill("1,00");
  await form.getByRole("button", { name: "Continuar" }).click();
  await expect(form.getByText("Não existe conta com este número na plataforma.")).toBeVisible(SLOW);
  await expect(form.getByTestId("internal-review")).toHaveCount(0);

  await form.getByLabel("Conta de destino").fill(DEMO_COUNTERPARTY.accountId);
  await form.getByRole("button", { name: "Continuar" }).click();
  const review = form.getByTestId("internal-review");
  await expect(review.getByTestId("receiver-name")).toHaveText(DEMO_COUNTERPARTY.name, SLOW);
  await expect(review.getByTestId("receiver-document")).toContainText("***.982.247-**");
  await expect(review.getByTestId("receiver-account")).toHaveText(DEMO_COUNTERPARTY.accountId);
  await snap(page, "ux-internal-review");
  await review.getByRole("button", { name: "Confirmar transferência" }).click();
  await expect(form.getByTestId("send-result")).toHaveAttribute("data-status", "succeeded", SLOW);
});

async function sendToKey(key: string, amount: string) {
  await page.goto("/send");
  const form = panel("Chave Pix");
  await form.getByLabel("Chave Pix").fill(key, SLOW);
  await form.getByLabel("Valor").fill(amount);
  await form.getByRole("button", { name: "Continuar" }).click();
  await form.getByTestId("pix-key-review").getByRole("button", { name: "Confirmar e enviar" }).click(SLOW);
  const result = form.getByTestId("send-result");
  await expect(result).toHaveAttribute("data-status", "processing", SLOW);
  const endToEndId = ((await result.getByTestId("result-end-to-end-id").textContent()) ?? "").trim();
  expect(endToEndId).toMatch(/^E\w{31}$/);
  return { result, endToEndId };
}

test("the result screen follows a PIX to another institution until it settles", async () => {
  const { result, endToEndId } = await sendToKey(`bia-${RUN}@example.invalid`, "2,00");
  await expect(result.getByRole("heading", { name: "Pix em processamento" })).toBeVisible();
  await snap(page, "ux-result-processing");
  // The network answers; nobody reloads: the screen turns settled on its own.
  await settleOutgoingPix(endToEndId);
  await expect(result).toHaveAttribute("data-status", "succeeded", SLOW);
  await expect(result.getByRole("heading", { name: "Envio concluído" })).toBeVisible();
  await snap(page, "ux-result-settled");
  // A settled PIX has a receipt: the entry offers it, and the receipt says the payment settled.
  await result.getByRole("link", { name: "Ver lançamento" }).click();
  await expect(page.getByTestId("entry-detail")).toBeVisible(SLOW);
  await expect(page.getByTestId("receipt-download")).toBeVisible(SLOW);
  await page.getByTestId("receipt-open").click();
  await expect(page.getByTestId("receipt-e2e")).toHaveText(endToEndId, SLOW);
  await expect(page.getByTestId("receipt-status")).toContainText("Pix concluído");
  await snap(page, "ux-receipt-settled");
});

test("a failed PIX says why in words, on the result screen and the entry", async () => {
  const { result, endToEndId } = await sendToKey("ac06@fail.sandbox", "3,00");
  await settleOutgoingPix(endToEndId);
  await expect(result).toHaveAttribute("data-status", "failed", SLOW);
  await expect(result.getByTestId("result-failure")).toHaveText("A conta do recebedor está bloqueada (AC06).");
  await snap(page, "ux-result-failed");
  await result.getByRole("link", { name: "Ver lançamento" }).click();
  const detail = page.getByTestId("entry-detail");
  await expect(detail.getByTestId("detail-error-message")).toContainText(
    "A conta do recebedor está bloqueada (AC06).",
    SLOW,
  );
  await expect(detail.getByTestId("detail-error-message")).not.toContainText("receiver account is blocked");
  // A failed PIX has no receipt: no button on its entry, and the download answers 409.
  await expect(detail.getByTestId("entry-status")).toContainText("Falhou");
  await expect(page.getByTestId("receipt-actions")).toHaveCount(0);
  await expect(page.getByTestId("receipt-download")).toHaveCount(0);
  const entryPath = new URL(page.url());
  const refused = await page.request.get(`/api${entryPath.pathname}/receipt${entryPath.search}`);
  expect(refused.status()).toBe(409);
  expect(await refused.json()).toMatchObject({ code: "CONFLICT", reason: "RECEIPT_NOT_SETTLED" });
  // Nor is there one to print: the receipt page says why.
  await page.goto(`${entryPath.pathname}/receipt${entryPath.search}`);
  await expect(page.getByText("Só há comprovante de um Pix concluído.", { exact: false })).toBeVisible(SLOW);
  await expect(page.getByTestId("receipt")).toHaveCount(0);
  await snap(page, "ux-receipt-failed");
});

async function newCharge(amount: string, description: string) {
  await page.goto("/charges");
  const form = page.getByTestId("charge-form");
  await form.getByLabel("Valor").fill(amount, SLOW);
  await form.getByLabel("Descrição (opcional)").fill(description);
  await form.getByRole("button", { name: "Gerar cobrança" }).click();
  const result = page.getByTestId("charge-result");
  await expect(result.getByTestId("charge-panel")).toHaveAttribute("data-status", "created", SLOW);
  return result;
}

test("an unpaid charge is cancelled after a confirmation", async () => {
  const result = await newCharge("4,00", `Cancelar ${RUN}`);
  await result.getByTestId("charge-cancel").click();
  const dialog = page.getByRole("dialog", { name: "Cancelar esta cobrança?" });
  await expect(dialog).toContainText("R$ 4,00");
  // Keeping it changes nothing.
  await dialog.getByRole("button", { name: "Manter cobrança" }).click();
  await expect(result.getByTestId("charge-panel")).toHaveAttribute("data-status", "created");
  await result.getByTestId("charge-cancel").click();
  await snapDialog(page, "ux-charge-cancel-dialog");
  await dialog.getByTestId("charge-cancel-confirm").click();
  await expect(result.getByTestId("charge-panel")).toHaveAttribute("data-status", "cancelled", SLOW);
  await expect(result.getByTestId("charge-status")).toHaveText("Cancelada");
  await expect(result.getByTestId("charge-cancel")).toHaveCount(0);
  const row = page.getByTestId("charge-row").filter({ hasText: `Cancelar ${RUN}` });
  await expect(row.getByTestId("charge-status")).toHaveText("Cancelada", SLOW);
  await snap(page, "ux-charge-cancelled");
});

test("a list's row opens from the keyboard: Tab onto the row, then Enter; on a phone the card, then Space", async () => {
  await page.goto("/charges");
  const list = page.getByTestId("charges-list");
  const rows = list.getByTestId("charge-row");
  await expect(rows.first()).toBeVisible(SLOW);
  // From the status filter on (past the export link and the search box) Tab reaches the first row:
  // one tab stop a row, named for a screen reader, the title link inside it skipped.
  await list.getByRole("combobox").first().focus();
  const firstRowFocused = () => rows.first().evaluate((row) => row === document.activeElement);
  for (let presses = 0; presses < 8 && !(await firstRowFocused()); presses++) await page.keyboard.press("Tab");
  await expect(rows.first()).toBeFocused();
  if ((await rows.count()) > 1) {
    await page.keyboard.press("Tab");
    await expect(rows.nth(1)).toBeFocused();
    await page.keyboard.press("Shift+Tab");
    await expect(rows.first()).toBeFocused();
  }
  await expect(rows.first()).toHaveAttribute("aria-label", /^Ver cobrança: .+ de /);
  const title = (await rows.first().getByRole("link").textContent()) ?? "";
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/charges\/[^/?]+$/, SLOW);
  await expect(page.getByTestId("charge-detail")).toBeVisible(SLOW);

  await page.setViewportSize(PHONE);
  try {
    await page.goto("/charges");
    const card = page.getByTestId("charge-card").filter({ hasText: title }).first();
    await expect(card).toBeVisible(SLOW);
    await card.getByRole("link").focus();
    await page.keyboard.press(" ");
    await expect(page).toHaveURL(/\/charges\/[^/?]+$/, SLOW);
    await expect(page.getByTestId("charge-detail")).toBeVisible(SLOW);
  } finally {
    await page.setViewportSize(DESKTOP);
  }
});

let paidEndToEndId = "";
let refundEndToEndId = "";

test("a paid charge is refunded from its own detail", async () => {
  const result = await newCharge("20,00", `Devolver ${RUN}`);
  await result.getByRole("button", { name: "Simular pagamento" }).click();
  await expect(result.getByTestId("charge-panel")).toHaveAttribute("data-status", "paid", SLOW);
  await result.getByTestId("charge-details-link").click();

  const detail = page.getByTestId("charge-detail");
  const bar = detail.getByTestId("charge-refund").getByTestId("refund-bar");
  await expect(bar.getByTestId("refund-bar-remaining")).toHaveText("R$ 20,00", SLOW);
  paidEndToEndId = ((await detail.getByTestId("charge-paid-e2e").getByTestId("id-value").textContent()) ?? "").trim();
  await bar.getByRole("button", { name: "Devolver" }).click();
  const dialog = page.getByRole("dialog", { name: "Devolver Pix recebido" });
  await expect(dialog.getByRole("radio", { name: /Valor total/ })).toBeChecked();
  await dialog.getByText("Valor parcial").click();
  await dialog.getByLabel("Valor a devolver").fill("5,00");
  await dialog.getByLabel("Descrição (opcional)").fill("Troco");
  await dialog.getByRole("button", { name: "Confirmar devolução" }).click();
  await expect(dialog.getByTestId("refund-result-amount")).toHaveText("R$ 5,00", SLOW);
  refundEndToEndId = ((await dialog.getByTestId("refund-result-e2e").textContent()) ?? "").trim();
  await snap(page, "ux-charge-refund");
  await dialog.getByRole("button", { name: "Fechar", exact: true }).last().click();
  await expect(bar.getByTestId("refund-bar-remaining")).toHaveText("R$ 15,00", SLOW);
});

test("the refunds page starts a refund from the received PIX's end-to-end id", async () => {
  await mainNav().getByRole("link", { name: "Devoluções" }).click();
  await page.getByTestId("refund-start").click(SLOW);
  const dialog = page.getByRole("dialog", { name: "Devolver um Pix recebido" });
  await dialog.getByLabel("End-to-end ID do Pix recebido").fill(`E${"0".repeat(31)}`);
  await dialog.getByRole("button", { name: "Continuar" }).click();
  await expect(dialog.getByText("Não encontramos um Pix recebido com este end-to-end ID nas suas contas.")).toBeVisible(
    SLOW,
  );

  await dialog.getByLabel("End-to-end ID do Pix recebido").fill(paidEndToEndId);
  await dialog.getByRole("button", { name: "Continuar" }).click();
  const form = page.getByRole("dialog", { name: "Devolver Pix recebido" });
  await expect(form.getByTestId("refund-remaining")).toHaveText("R$ 15,00", SLOW);
  await snapDialog(page, "ux-refunds-start");
  // The first refund is still with the network: the service says so, in Portuguese.
  await form.getByRole("button", { name: "Confirmar devolução" }).click();
  await expect(form.getByText("Já há uma devolução deste Pix em processamento. Aguarde a conclusão.")).toBeVisible(
    SLOW,
  );
  await settleOutgoingPix(refundEndToEndId);
  await form.getByRole("button", { name: "Confirmar devolução" }).click();
  await expect(form.getByTestId("refund-result-amount")).toHaveText("R$ 15,00", SLOW);
  await form.getByRole("button", { name: "Fechar", exact: true }).last().click();
  await expect(page.getByTestId("refund-row").filter({ hasText: "R$ 15,00" }).first()).toBeVisible(SLOW);
  await snap(page, "ux-refunds-list");
});

test("static QR codes: created with a fixed or open amount, listed, and printable", async () => {
  await page.goto("/charges");
  await page.getByTestId("static-qr-link").click(SLOW);
  await expect(page.getByRole("heading", { level: 1, name: "QR codes estáticos" })).toBeVisible(SLOW);

  await page.getByTestId("static-qr-new").click();
  let dialog = page.getByRole("dialog", { name: "Novo QR code estático" });
  // Enter in a field does not submit the dialog.
  await dialog.getByLabel("Nome").fill(`Caixa ${RUN}`);
  await dialog.getByLabel("Nome").press("Enter");
  await expect(dialog).toBeVisible();
  await dialog.getByLabel("Valor fixo", { exact: true }).fill("12,50");
  await snapDialog(page, "ux-static-qr-form");
  await dialog.getByTestId("static-qr-submit").click();
  await expect(dialog).toBeHidden(SLOW);

  await page.getByTestId("static-qr-new").click();
  dialog = page.getByRole("dialog", { name: "Novo QR code estático" });
  await dialog.getByLabel("Nome").fill(`Balcão ${RUN}`);
  await dialog.getByText("O cliente digita quanto pagar").click();
  // The key it pays is chosen among the account's keys; the current one comes selected.
  const chosenKey = dialog.getByLabel("Chave Pix").locator("option:checked");
  await expect(chosenKey).toContainText("(atual)", SLOW);
  const chosenText = (await chosenKey.textContent()) ?? "";
  await dialog.getByTestId("static-qr-submit").click();
  await expect(dialog).toBeHidden(SLOW);

  const fixed = page.getByTestId("static-qr-card").filter({ hasText: `Caixa ${RUN}` });
  const open = page.getByTestId("static-qr-card").filter({ hasText: `Balcão ${RUN}` });
  await expect(fixed.getByTestId("static-qr-amount")).toHaveText("R$ 12,50", SLOW);
  await expect(open).toContainText("Valor livre");
  // The account's current PIX key (the demo's first, a random key).
  const key = ((await open.getByTestId("static-qr-key").textContent()) ?? "").trim();
  expect(key).toMatch(/^[0-9a-f-]{36}$/);
  expect(chosenText).toContain(key);
  await snap(page, "ux-static-qr-list");

  await open.getByTestId("static-qr-print").click();
  const sign = page.getByTestId("static-qr-printable");
  await expect(sign.getByTestId("print-merchant")).toHaveText(DEMO_MERCHANT.name, SLOW);
  await expect(sign.getByTestId("print-amount")).toHaveText("Valor livre");
  await expect(sign.getByTestId("print-key")).toHaveText(key);
  const box = await sign.getByTestId("print-qr").boundingBox();
  expect(box?.width ?? 0).toBeGreaterThan(300);
  await snap(page, "ux-static-qr-print");
  await page.emulateMedia({ media: "print" });
  await expect(page.getByTestId("print-button")).toBeHidden();
  await snap(page, "ux-static-qr-print-media");
  await page.emulateMedia({ media: "screen" });
});

test("dates are typed as dd/mm/aaaa in pt-BR", async () => {
  await page.goto("/ledger");
  const from = page.getByLabel("De", { exact: true });
  await expect(from).toHaveAttribute("placeholder", "dd/mm/aaaa", SLOW);
  await from.pressSequentially("01112026");
  await expect(from).toHaveValue("01/11/2026");
  await expect(page).toHaveURL(/from=2026-11-01/);
  await snap(page, "ux-ledger-date");
});

test("an unknown address answers 404 inside the dashboard's shell, in both languages", async () => {
  const response = await page.goto(`/nada-aqui-${RUN}`);
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Página não encontrada" })).toBeVisible(SLOW);
  await expect(mainNav()).toBeVisible();
  await snap(page, "ux-404-pt");

  await page.getByLabel("Idioma").selectOption("en");
  await expect(page.getByRole("heading", { name: "Page not found" })).toBeVisible(SLOW);
  await snap(page, "ux-404-en");
  await page.getByLabel("Language").selectOption("pt-BR");
  await expect(page.getByRole("heading", { name: "Página não encontrada" })).toBeVisible(SLOW);
});
