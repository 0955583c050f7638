/**
 * A bill with a due date, as a merchant makes one: "Cobranças com vencimento" in the menu, a new
 * charge with a 2 % fine, 1 % a month interest and a R$ 5,00 discount until a date, the preview of
 * what the payer pays on each day, the charge's page with its QR code and bill PDF; then the
 * Sandbox pays it twelve days late, and the charge's page shows the fine and the interest paid.
 *
 * The due date is a fixed business day ahead (a Wednesday), so every amount is known to the centavo:
 *   today (before 01/06/2027): 100,00 − 5,00 = 95,00; on 16/06/2027: 100,00;
 *   26/06/2027 (+10): 100,00 + 2,00 + 0,33 = 102,33; 16/07/2027 (+30): 103,00;
 *   paid on 28/06/2027 (12 days late): fine 2,00, interest 0,40, 102,40.
 */
import { expect, type Page, test } from "@playwright/test";
import { DEMO_MERCHANT } from "../prisma/demo";
import { brl } from "./support/amounts";
import { snap } from "./support/screenshots";
import { signIn } from "./support/session";
import { DESKTOP, mainNavOf, openPage, PHONE, SLOW } from "./support/walk";

test.describe.configure({ mode: "serial" });

const TAG = Date.now().toString(36);
const PAYER = `Maria Pagadora ${TAG}`;

/** The same with flexible spacing (Intl puts a no-break space after "R$"). */
const money = (cents: bigint) => new RegExp(brl(cents).replace(/\s/g, "\\s?").replace("$", "\\$"));

let page: Page;
const state = { txId: "" };

test.beforeAll(async ({ browser }) => {
  page = await openPage(browser);
});

test.afterAll(async () => {
  await page.context().close();
});

test("the merchant finds due-date charges under Charges, with the CSV upload beside a new charge", async () => {
  await signIn(page, DEMO_MERCHANT);
  await expect(page).toHaveURL(/\/overview$/, SLOW);
  await mainNavOf(page).getByRole("link", { name: "Cobranças com vencimento" }).click();
  await expect(page).toHaveURL(/\/charges\/due-date$/, SLOW);
  await expect(page.getByRole("heading", { level: 1, name: "Cobranças com vencimento" })).toBeVisible();
  // the section is marked in the menu, and the immediate charges' entry no longer is
  await expect(mainNavOf(page).getByRole("link", { name: "Cobranças com vencimento" })).toHaveAttribute(
    "aria-current",
    "page",
  );
  await expect(mainNavOf(page).getByRole("link", { name: "Cobranças", exact: true })).not.toHaveAttribute(
    "aria-current",
    "page",
  );
  await expect(page.getByTestId("due-date-upload-link")).toHaveAttribute("href", "/charges/due-date/upload");
  await expect(page.getByTestId("due-date-upload-link")).toHaveText("Enviar CSV");
  await page.getByTestId("due-date-new-link").click();
  await expect(page).toHaveURL(/\/charges\/due-date\/new$/, SLOW);
});

test("the form previews what the payer pays today, on the due date, 10 and 30 days after", async () => {
  const form = page.getByTestId("due-date-form");
  await expect(form).toBeVisible(SLOW);
  await form.getByLabel("Nome").fill(PAYER);
  await form.getByLabel("CPF ou CNPJ").fill("123.456.789-09");
  await form.getByLabel("Cidade (opcional)").fill("Campinas");
  await form.getByLabel("UF (opcional)").fill("SP");
  await form.getByRole("textbox", { name: "Valor", exact: true }).first().fill("100,00");
  await form.getByLabel("Vencimento", { exact: true }).fill("16/06/2027");

  const fine = form.getByTestId("rule-fine");
  await fine.getByLabel("Multa por atraso").selectOption({ label: "Percentual do valor (%)" });
  await fine.getByLabel("Valor").fill("2");
  const interest = form.getByTestId("rule-interest");
  await interest.getByLabel("Juros por atraso").selectOption({ label: "% ao mês, contado em dias corridos" });
  await interest.getByLabel("Valor").fill("1");
  const discount = form.getByTestId("rule-discount");
  await discount.getByLabel("Desconto por pagamento antecipado").selectOption({
    label: "Valor fixo (R$) até cada data",
  });
  const firstDate = discount.getByTestId("discount-row").first();
  await firstDate.getByLabel("Até").fill("01/06/2027");
  await firstDate.getByLabel("Desconto", { exact: true }).fill("5,00");

  const preview = page.getByTestId("due-date-preview");
  await expect(preview.getByTestId("preview-today").getByTestId("preview-amount")).toHaveText(money(9_500n), SLOW);
  await expect(preview.getByTestId("preview-dueDate").getByTestId("preview-amount")).toHaveText(money(10_000n));
  await expect(preview.getByTestId("preview-due10").getByTestId("preview-amount")).toHaveText(money(10_233n));
  await expect(preview.getByTestId("preview-due30").getByTestId("preview-amount")).toHaveText(money(10_300n));
  await expect(preview.getByTestId("preview-due10")).toContainText("multa R$");
  await expect(preview.getByTestId("preview-due10")).toContainText("juros R$");
  await expect(preview).toContainText("Pode ser paga até 16/07/2027.");
  await snap(page, "due-date-new-preview");

  // A fine above 100 % is refused on its field by the service's rule, in the reader's language.
  await fine.getByLabel("Valor").fill("150");
  await expect(preview).toContainText("Algumas condições ainda não são válidas", SLOW);
  await expect(fine.getByText("Confira a multa: um percentual vai até 100%.")).toBeVisible();
  await fine.getByLabel("Valor").fill("2");
  await expect(preview.getByTestId("preview-today").getByTestId("preview-amount")).toHaveText(money(9_500n), SLOW);
});

test("creating it opens its page: amount due today, QR code, terms in words, timeline, bill PDF", async () => {
  await page.getByTestId("due-date-submit").click();
  await expect(page).toHaveURL(/\/charges\/due-date\/[A-Za-z0-9]{26,35}$/, SLOW);
  state.txId = page.url().split("/").pop() ?? "";
  const detail = page.getByTestId("due-date-detail");
  await expect(detail).toBeVisible(SLOW);
  await expect(detail.getByTestId("due-date-amount")).toHaveText(money(9_500n));
  await expect(detail.getByTestId("due-date-status")).toHaveText("Em aberto");
  await expect(detail.getByTestId("due-date-qr")).toBeVisible();
  await expect(detail.getByTestId("due-date-emv")).toContainText("/pix/qr/v2/cobv/");
  await expect(detail.getByTestId("due-date-fine")).toHaveText("2% do valor uma vez, se paga com atraso");
  await expect(detail.getByTestId("due-date-interest")).toHaveText("1% ao mês, por dia corrido de atraso");
  await expect(detail.getByTestId("due-date-discount")).toHaveText(/R\$\s?5,00 de desconto se paga até 01\/06\/2027/);
  await expect(detail.getByTestId("due-date-payer")).toContainText(PAYER);
  await expect(detail.getByTestId("due-date-event")).toHaveCount(1);
  await snap(page, "due-date-detail-open");

  const bill = page.getByTestId("due-date-bill");
  await expect(bill).toHaveText("Baixar boleto PDF");
  const response = await page.request.get((await bill.getAttribute("href")) ?? "");
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toBe("application/pdf");
  expect(response.headers()["content-disposition"]).toBe(`attachment; filename="cobranca-${state.txId}.pdf"`);
});

test("the Sandbox pays it twelve days late; its page shows the fine and the interest paid", async () => {
  await page.goto("/sandbox");
  const card = page.getByTestId("sandbox-receive");
  const form = card.getByTestId("sandbox-due-date-form");
  // a choice made while the page is still hydrating is undone by it: choose until the form shows
  await expect(async () => {
    await card.getByText("Pagar cobrança com vencimento").click();
    await expect(form.getByLabel("Cobrança com vencimento")).toBeVisible({ timeout: 2_000 });
  }).toPass(SLOW);
  await form.getByLabel("Cobrança com vencimento").selectOption(state.txId);
  await form.getByLabel("Pago em").fill("28/06/2027");
  await snap(page, "due-date-sandbox-pay");
  await form.getByRole("button", { name: "Receber Pix" }).click();
  const outcome = card.getByTestId("sandbox-receive-outcome");
  await expect(outcome).toContainText(money(10_240n), SLOW);
  await outcome.getByTestId("sandbox-view-charge").click();

  await expect(page).toHaveURL(new RegExp(`/charges/due-date/${state.txId}$`), SLOW);
  const paid = page.getByTestId("due-date-paid");
  await expect(paid).toBeVisible(SLOW);
  await expect(paid).toContainText("Paga em 28/06/2027");
  await expect(paid.getByText("Multa").locator("..")).toContainText(money(200n));
  await expect(paid.getByText("Juros").locator("..")).toContainText(money(40n));
  await expect(paid.getByText("Total pago").locator("..")).toContainText(money(10_240n));
  await expect(page.getByTestId("due-date-status")).toHaveText("Paga");
  await expect(page.getByTestId("due-date-amount")).toHaveText(money(10_240n));
  await expect(page.getByTestId("due-date-event")).toHaveCount(2);
  await snap(page, "due-date-detail-paid");
});

test("the list finds it by payer and status, with what was paid", async () => {
  await page.goto("/charges/due-date?status=paid");
  await page.getByLabel("Buscar por pagador").fill(PAYER);
  await page.getByLabel("Buscar por pagador").press("Enter");
  const row = page.getByTestId("due-date-row");
  await expect(row).toHaveCount(1, SLOW);
  await expect(row).toContainText(PAYER);
  await expect(row.getByTestId("due-date-status")).toHaveText("Paga");
  await expect(row.getByTestId("due-date-row-today")).toHaveText(/Pago R\$\s?102,40/);
  await snap(page, "due-date-list");
});

test("in English the page says the same, and on a phone the form and the charge fit the screen", async () => {
  await page.context().addCookies([{ name: "locale", value: "en", url: page.url() }]);
  await page.goto(`/charges/due-date/${state.txId}`);
  await expect(page.getByRole("heading", { level: 1, name: "Due-date charge" })).toBeVisible(SLOW);
  await expect(page.getByTestId("due-date-bill")).toHaveText("Download bill (PDF)");
  await expect(page.getByTestId("due-date-paid")).toContainText("Fine (multa)");
  await expect(page.getByTestId("due-date-amount")).toHaveText(/^R\$\s?102\.40$/);
  await snap(page, "due-date-detail-en");

  await page.context().addCookies([{ name: "locale", value: "pt-BR", url: page.url() }]);
  await page.setViewportSize(PHONE);
  for (const [path, name] of [
    [`/charges/due-date/${state.txId}`, "due-date-detail-phone"],
    ["/charges/due-date/new", "due-date-new-phone"],
  ] as const) {
    await page.goto(path);
    await expect(page.getByTestId(name === "due-date-new-phone" ? "due-date-form" : "due-date-detail")).toBeVisible(
      SLOW,
    );
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, `${path} scrolls sideways`).toBeLessThanOrEqual(0);
    await snap(page, name);
  }
  await page.setViewportSize(DESKTOP);
});
