/**
 * The ledger as a merchant browses it: filters kept in the URL (type, reason, status, dates),
 * the total and pages, an entry's detail with payer, receiver and copyable ids, and cards
 * instead of a table on a phone.
 *
 * The other spec files share the database and may run before or after this one, so it relies
 * only on the seeded opening balance (a PIX credit of R$ 1.500,00) and checks the rest by shape.
 * One page walks through the steps in order (serial) and signs in once.
 */
import { expect, type Page, test } from "@playwright/test";
import { DEMO_MERCHANT, DEMO_OPENING_BALANCE_CENTS } from "../prisma/demo";
import { chargeCode } from "./support/account-api";
import { snap } from "./support/screenshots";
import { signIn } from "./support/session";
import { CLIPBOARD, DESKTOP, mainNavOf, openPage, PHONE, SLOW } from "./support/walk";

test.describe.configure({ mode: "serial" });

const BRL = new Intl.NumberFormat("pt-BR", { style: "currency", currency: "BRL" });
/** "+R$ 1.500,00" as the ledger shows a credit. */
const OPENING = `+${BRL.format(Number(DEMO_OPENING_BALANCE_CENTS) / 100)}`;

/** YYYY-MM-DD in Brasília, `days` from today. */
function saoPauloDate(days = 0): string {
  const date = new Date(Date.now() + days * 86_400_000);
  return new Intl.DateTimeFormat("en-CA", { timeZone: "America/Sao_Paulo" }).format(date);
}

/** The same day as a person types it in pt-BR (dd/mm/aaaa). */
function typedDate(days = 0): string {
  const [year, month, day] = saoPauloDate(days).split("-");
  return `${day}/${month}/${year}`;
}

let page: Page;

test.beforeAll(async ({ browser }) => {
  page = await openPage(browser, CLIPBOARD);
});

test.afterAll(async () => {
  await page.context().close();
});

const mainNav = () => mainNavOf(page);
const rows = () => page.getByTestId("ledger-row");
const typeFilter = () => page.getByLabel("Tipo", { exact: true });
const openingRow = () => rows().filter({ hasText: "Pix recebido" }).filter({ hasText: OPENING });
const filteredEmpty = () => page.getByRole("heading", { name: "Nenhum lançamento com esses filtros" });

test("the merchant signs in and opens the ledger from the navigation", async () => {
  await signIn(page, DEMO_MERCHANT);
  await expect(page).toHaveURL(/\/overview$/, SLOW);

  await mainNav().getByRole("link", { name: "Lançamentos" }).click();
  await expect(page).toHaveURL(/\/ledger$/, SLOW);
  await expect(page.getByRole("heading", { level: 1, name: "Lançamentos" })).toBeVisible();
  await expect(page.getByTestId("ledger-table")).toBeVisible(SLOW);
  await expect(page.getByTestId("ledger-total")).toHaveText(/^\d+ lançamentos? · 1–\d+ de \d+$/);
  await expect(page.getByText(/^Página 1 de \d+$/)).toBeVisible();
  await expect(page.getByRole("button", { name: "Anterior" })).toBeDisabled();

  // The opening balance: a PIX received, signed and green, with its end-to-end id shortened.
  const opening = openingRow();
  await expect(opening).toHaveCount(1);
  await expect(opening.getByTestId("entry-type")).toHaveText("Crédito");
  await expect(opening.getByTestId("entry-status")).toHaveText("Concluído");
  await expect(opening).toContainText(/E\d{8}…\w{4}/);
  await snap(page, "ledger");
});

test("filtering by type keeps the filter in the URL, across a reload", async () => {
  await typeFilter().selectOption({ label: "Crédito" });
  await expect(page).toHaveURL(/\/ledger\?type=credit$/);
  await expect(rows().getByTestId("entry-type").filter({ hasNotText: "Crédito" })).toHaveCount(0, SLOW);
  await expect(openingRow()).toHaveCount(1);

  await page.reload();
  await expect(typeFilter()).toHaveValue("credit", SLOW);
  await expect(openingRow()).toHaveCount(1, SLOW);

  // Debits: none yet, or only debits (when the send-money spec ran first).
  await typeFilter().selectOption({ label: "Débito" });
  await expect(page).toHaveURL(/\/ledger\?type=debit$/);
  await expect(filteredEmpty().or(rows().first())).toBeVisible(SLOW);
  await expect(rows().getByTestId("entry-type").filter({ hasNotText: "Débito" })).toHaveCount(0);
  await expect(openingRow()).toHaveCount(0);
});

test("reason, status and date filters narrow the list, and clearing them brings everything back", async () => {
  // The filter bar's button (an empty result offers a second one below).
  await page.getByRole("button", { name: "Limpar filtros" }).first().click();
  await expect(page).toHaveURL(/\/ledger$/);
  await expect(typeFilter()).toHaveValue("");

  await page.getByLabel("Motivo", { exact: true }).selectOption({ label: "Pix recebido" });
  await page.getByLabel("Status", { exact: true }).selectOption({ label: "Concluído" });
  await expect(page).toHaveURL(/reason=pix_in(%3A|:)credited/);
  await expect(page).toHaveURL(/status=succeeded/);
  await expect(openingRow()).toHaveCount(1, SLOW);
  await expect(rows().filter({ hasNotText: "Pix recebido" })).toHaveCount(0);

  // Today in Brasília includes the opening balance; tomorrow has nothing yet.
  await page.getByLabel("De", { exact: true }).fill(typedDate());
  await page.getByLabel("Até", { exact: true }).fill(typedDate());
  await expect(page.getByLabel("De", { exact: true })).toHaveAttribute("placeholder", "dd/mm/aaaa");
  await expect(page).toHaveURL(new RegExp(`from=${saoPauloDate()}&to=${saoPauloDate()}`));
  await expect(openingRow()).toHaveCount(1, SLOW);
  await page.getByLabel("Até", { exact: true }).fill(typedDate(1));
  await expect(page).toHaveURL(new RegExp(`to=${saoPauloDate(1)}`));
  await page.getByLabel("De", { exact: true }).fill(typedDate(1));
  await expect(page).toHaveURL(new RegExp(`from=${saoPauloDate(1)}&to=${saoPauloDate(1)}`));
  await expect(filteredEmpty()).toBeVisible(SLOW);
  await snap(page, "ledger-empty-filter");

  await page.getByRole("button", { name: "Limpar filtros" }).last().click();
  await expect(page.getByLabel("De", { exact: true })).toHaveValue("");
  await expect(page).toHaveURL(/\/ledger$/);
  await expect(openingRow()).toHaveCount(1, SLOW);
});

test("an entry's detail shows every field, payer and receiver, and copies its ids", async () => {
  await typeFilter().selectOption({ label: "Crédito" });
  await expect(page).toHaveURL(/\/ledger\?type=credit$/);
  await openingRow().click();
  await expect(page).toHaveURL(/\/ledger\/E\w+\?account=100000000001&back=type%3Dcredit$/, SLOW);
  await expect(page.getByRole("heading", { level: 1, name: "Detalhe do lançamento" })).toBeVisible();

  const detail = page.getByTestId("entry-detail");
  await expect(detail.getByTestId("detail-reason")).toHaveText("Pix recebido", SLOW);
  await expect(detail.getByTestId("entry-status")).toHaveText("Concluído");
  await expect(detail.getByTestId("entry-amount")).toContainText(OPENING);
  for (const label of ["Valor bruto", "Tarifa", "Valor líquido", "Código do motivo", "Criado em", "Atualizado em"]) {
    await expect(detail.getByText(label, { exact: true })).toBeVisible();
  }
  await expect(detail.getByText("pix_in:credited")).toBeVisible();

  // The payer is someone at another institution; the receiver is this merchant's account.
  const payer = detail.getByTestId("detail-payer");
  await expect(payer.getByTestId("party-name")).not.toBeEmpty();
  await expect(payer.getByTestId("party-ispb")).toHaveText(/^\d{8}$/);
  const receiver = detail.getByTestId("detail-receiver");
  await expect(receiver.getByTestId("party-name")).toHaveText(DEMO_MERCHANT.name);
  await expect(receiver.getByText("Sua conta")).toBeVisible();
  await expect(receiver.getByText(DEMO_MERCHANT.accountId)).toBeVisible();

  // On a PIX the entry id is its end-to-end id; both copy to the clipboard.
  const endToEnd = detail.getByTestId("detail-end-to-end-id");
  const endToEndId = ((await endToEnd.getByTestId("id-value").textContent()) ?? "").trim();
  expect(endToEndId).toMatch(/^E\d{8}\d{12}[A-Za-z0-9]{11}$/);
  await expect(detail.getByTestId("detail-entry-id").getByTestId("id-value")).toHaveText(endToEndId);
  await endToEnd.getByRole("button", { name: "Copiar End-to-end ID" }).click();
  await expect(endToEnd.getByText("Copiado")).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(endToEndId);
  // No externalId on a PIX received from outside: shown as a dash, nothing to copy.
  await expect(detail.getByTestId("detail-external-id").getByRole("button")).toHaveCount(0);
  await snap(page, "ledger-detail");

  await page.getByRole("link", { name: "Voltar aos lançamentos" }).click();
  await expect(page).toHaveURL(/\/ledger\?type=credit$/, SLOW);
  await expect(typeFilter()).toHaveValue("credit");
});

test("in English the ledger reads in English, with amounts formatted for en", async () => {
  await page.getByLabel("Idioma").selectOption("en");
  await expect(page.getByRole("heading", { level: 1, name: "Ledger" })).toBeVisible(SLOW);
  await expect(page.getByRole("columnheader", { name: "Date and time" })).toBeVisible();
  await expect(page.getByLabel("Type", { exact: true })).toHaveValue("credit");
  const opening = rows().filter({ hasText: "PIX received" }).filter({ hasText: "+R$1,500.00" });
  await expect(opening).toHaveCount(1);
  await expect(opening.getByTestId("entry-status")).toHaveText("Succeeded");
  await snap(page, "ledger-en");

  await page.getByLabel("Language").selectOption("pt-BR");
  await expect(page.getByRole("heading", { level: 1, name: "Lançamentos" })).toBeVisible(SLOW);
  await expect(openingRow()).toHaveCount(1);
});

test("an unknown entry id shows a not-found message", async () => {
  await page.goto("/ledger/E00000000000000000000NOTANENTRY");
  await expect(page.getByRole("heading", { name: "Lançamento não encontrado" })).toBeVisible(SLOW);
});

test("on a phone the ledger shows cards instead of a table, and nothing overflows", async () => {
  await page.setViewportSize(PHONE);
  await page.goto("/ledger");
  const cards = page.getByTestId("ledger-card");
  await expect(cards.first()).toBeVisible(SLOW);
  await expect(page.getByTestId("ledger-table")).toBeHidden();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  await snap(page, "ledger-phone");

  // The filters fold behind a button, the entries first.
  await expect(typeFilter()).toBeHidden();
  await page.getByRole("button", { name: "Filtros" }).click();
  await expect(typeFilter()).toBeVisible();
  await typeFilter().selectOption({ label: "Crédito" });
  await expect(page).toHaveURL(/\/ledger\?type=credit$/);
  await expect(page.getByText("1 ativo")).toBeVisible();
  await snap(page, "ledger-phone-filters");

  await cards.filter({ hasText: "Pix recebido" }).filter({ hasText: OPENING }).click();
  await expect(page.getByTestId("detail-reason")).toHaveText("Pix recebido", SLOW);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  await snap(page, "ledger-detail-phone");
  await page.setViewportSize(DESKTOP);
});

test("a paid charge's description and order number travel to its entry, and the search finds them without accents", async () => {
  const tag = Date.now().toString(36);
  const description = `Pedido #${tag} — Pão de queijo`;
  const externalId = `pedido-${tag}`;
  await chargeCode(
    page.request,
    { accountId: DEMO_MERCHANT.accountId, amount: 7.5, description, externalId },
    `Fábio Araújo ${tag}`,
  );
  await page.goto("/ledger");
  const search = page.getByTestId("ledger-search");

  // The payer's name, typed without accents or capitals.
  await search.fill(`fabio araujo ${tag}`);
  await search.press("Enter");
  await expect(page).toHaveURL(/\/ledger\?q=/, SLOW);
  await expect(rows()).toHaveCount(1, SLOW);
  await expect(rows().getByTestId("entry-note")).toHaveText(`${description} · ${externalId}`);
  await snap(page, "ledger-search-folded");

  // The description by a part, and the order number in capitals.
  for (const typed of [`${tag} — PAO DE QUEIJO`, externalId.toUpperCase()]) {
    await search.fill(typed);
    await search.press("Enter");
    await expect(rows()).toHaveCount(1, SLOW);
    await expect(rows()).toContainText(description);
  }

  await rows().first().click();
  const detail = page.getByTestId("entry-detail");
  await expect(detail.getByText(description)).toBeVisible(SLOW);
  await expect(detail.getByTestId("detail-external-id").getByTestId("id-value")).toHaveText(externalId);
  await expect(detail.getByTestId("detail-payer").getByTestId("party-name")).toHaveText(`Fábio Araújo ${tag}`);
});
