/**
 * The back office as an operator uses it: sign in and land on /admin, read the platform's
 * totals (checked against the overview's API) and queues, find a merchant, block one of its
 * accounts with a reason and unblock it again. A merchant gets the 403 page instead.
 */
import { expect, type Page, test } from "@playwright/test";
import { DEMO_ADMIN, DEMO_COUNTERPARTY, DEMO_MERCHANT } from "../prisma/demo";
import { snap, snapDialog } from "./support/screenshots";
import { signIn } from "./support/session";

test.describe.configure({ mode: "serial" });

const SLOW = { timeout: 20_000 };
let page: Page;

/** next-intl's complaints (a relative time without a `now`, …) in the browser, all walk long. */
const intlErrors: string[] = [];

test.beforeAll(async ({ browser }) => {
  page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  page.on("console", (message) => {
    if (/ENVIRONMENT_FALLBACK|next-intl/i.test(message.text())) intlErrors.push(message.text());
  });
});

test.afterAll(async () => {
  await page.close();
});

const brl = (cents: string) =>
  new Intl.NumberFormat("pt-BR", { style: "currency", currency: "BRL" }).format(Number(cents) / 100);
/** Intl puts a no-break space after "R$"; compare texts with plain spaces. */
const plain = (text: string | null) => (text ?? "").replace(/\s/g, " ");

type Totals = {
  merchants: number;
  accounts: number;
  availableCents: string;
  pixIn: { today: { count: number; amountCents: string } };
};

/** The overview as the page's own API answers it (tRPC over HTTP, superjson: bigints as strings). */
async function overviewFromApi(): Promise<{ totals: Totals }> {
  const response = await page.request.get("/api/trpc/adminHome.overview");
  expect(response.status()).toBe(200);
  return (await response.json()).result.data.json;
}

test("the admin signs in and lands on the operator overview", async () => {
  await signIn(page, DEMO_ADMIN);
  await expect(page).toHaveURL(/\/admin$/, SLOW);
  await expect(page.getByRole("heading", { level: 1, name: "Administração" })).toBeVisible();
  await expect(page.getByTestId("admin-overview")).toBeVisible(SLOW);
  // "/" and /login send a signed-in administrator here too.
  await page.goto("/");
  await expect(page).toHaveURL(/\/admin$/, SLOW);
});

test("the totals match the overview's API, and the queues and worker health are shown", async () => {
  const { totals } = await overviewFromApi();
  expect(totals.merchants).toBeGreaterThanOrEqual(2);
  await expect(page.getByTestId("total-merchants")).toContainText(String(totals.merchants));
  await expect(page.getByTestId("total-accounts")).toContainText(String(totals.accounts));
  expect(plain(await page.getByTestId("total-available").textContent())).toContain(plain(brl(totals.availableCents)));
  // The demo merchant's opening balance arrived as a PIX today.
  expect(totals.pixIn.today.count).toBeGreaterThanOrEqual(1);
  expect(plain(await page.getByTestId("flow-in-today").textContent())).toContain(
    plain(brl(totals.pixIn.today.amountCents)),
  );

  await expect(page.getByRole("heading", { name: "Precisa de atenção" })).toBeVisible();
  for (const queue of ["queue-meds", "queue-onboarding", "queue-webhooks", "queue-payouts"]) {
    await expect(page.getByTestId(queue)).toBeVisible();
  }
  await expect(page.getByTestId("queue-meds")).toHaveAttribute("href", "/admin/meds");
  // The e2e server runs no worker: the card says so rather than pretending all is well.
  await expect(page.getByTestId("worker-status")).toHaveText("Nenhum worker");
  await expect(page.getByTestId("link-audit")).toHaveAttribute("href", "/admin/audit");
  await snap(page, "admin-home");
});

test("the admin finds a merchant by name and opens it", async () => {
  await page
    .getByRole("navigation", { name: "Navegação administrativa" })
    .getByRole("link", { name: "Lojistas" })
    .click();
  await expect(page).toHaveURL(/\/admin\/merchants$/, SLOW);
  await expect(page.getByTestId("merchant-row").first()).toBeVisible(SLOW);

  await page.getByLabel("Buscar lojista").fill("café");
  await page.getByRole("button", { name: "Buscar" }).click();
  await expect(page).toHaveURL(/q=caf%C3%A9/, SLOW);
  await expect(page.getByTestId("merchants-total")).toHaveText("1 lojista");
  const row = page.getByTestId("merchant-row");
  await expect(row).toContainText(DEMO_COUNTERPARTY.name);
  await expect(row).toContainText(DEMO_COUNTERPARTY.accountId);

  await page.getByLabel("Buscar lojista").fill("ninguém-com-esse-nome");
  await page.getByRole("button", { name: "Buscar" }).click();
  await expect(page.getByRole("heading", { name: "Nenhum lojista encontrado" })).toBeVisible(SLOW);

  await page.getByLabel("Buscar lojista").fill(DEMO_COUNTERPARTY.accountId);
  await page.getByRole("button", { name: "Buscar" }).click();
  await expect(page.getByTestId("merchant-row")).toHaveCount(1, SLOW);
  await snap(page, "admin-merchants");
  await page.getByTestId("merchant-row").click();
  await expect(page.getByRole("heading", { level: 1, name: DEMO_COUNTERPARTY.name })).toBeVisible(SLOW);
  await expect(page.getByTestId("admin-account")).toContainText(DEMO_COUNTERPARTY.accountId);
  await expect(page.getByTestId("admin-account")).toContainText(DEMO_COUNTERPARTY.pixKey);
  await expect(page.getByTestId("admin-api-keys")).toContainText("cli_");
  await expect(page.getByTestId("account-status")).toHaveText("Ativa");
});

test("the admin blocks the account with a reason, sees it blocked, and unblocks it", async () => {
  const account = page.getByTestId("admin-account");
  await account.getByRole("button", { name: "Bloquear conta" }).click();
  const dialog = page.getByTestId("account-status-dialog");
  await expect(dialog.getByRole("heading", { name: `Bloquear a conta ${DEMO_COUNTERPARTY.accountId}?` })).toBeVisible();
  // No reason: the dialog explains and nothing changes.
  await page.getByTestId("account-status-confirm").click();
  await expect(dialog.getByText("Explique o motivo em pelo menos 3 caracteres.")).toBeVisible();
  await dialog.getByLabel("Motivo").fill("Suspeita de fraude em análise");
  await snapDialog(page, "admin-block-dialog");
  await page.getByTestId("account-status-confirm").click();

  await expect(page.getByTestId("account-status-notice")).toHaveText(
    `Conta ${DEMO_COUNTERPARTY.accountId} bloqueada.`,
    SLOW,
  );
  await expect(account.getByTestId("account-status")).toHaveText("Bloqueada");
  const history = page.getByTestId("status-history-row");
  await expect(history.first()).toContainText("Suspeita de fraude em análise");
  await expect(history.first()).toContainText(DEMO_ADMIN.email);
  await snap(page, "admin-merchant-blocked");

  // The account's holder sees it on every page, with the reason, and cannot start a send.
  const holder = await page
    .context()
    .browser()
    ?.newPage({ viewport: { width: 1280, height: 800 } });
  if (!holder) throw new Error("no browser");
  await signIn(holder, DEMO_COUNTERPARTY);
  const banner = holder.getByTestId("blocked-banner");
  await expect(banner).toContainText(`A conta ${DEMO_COUNTERPARTY.accountId}`, SLOW);
  await expect(banner).toContainText("Motivo informado: Suspeita de fraude em análise");
  await snap(holder, "merchant-account-blocked");
  await holder.goto("/send");
  await expect(holder.getByTestId("blocked-banner")).toBeVisible(SLOW);
  await expect(holder.getByTestId("account-blocked")).toContainText("Conta bloqueada: Suspeita de fraude em análise");
  await expect(holder.getByRole("tab", { name: "Chave Pix" })).toHaveCount(0);
  await holder.close();

  await account.getByRole("button", { name: "Desbloquear conta" }).click();
  await dialog.getByLabel("Motivo").fill("Análise concluída, sem fraude");
  await page.getByTestId("account-status-confirm").click();
  await expect(account.getByTestId("account-status")).toHaveText("Ativa", SLOW);
  await expect(history).toHaveCount(2);
  await expect(history.first()).toContainText("Análise concluída, sem fraude");
});

test("the admin resets the merchant's password: its open session ends and only the new one signs in", async ({
  browser,
}) => {
  const merchant = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  await signIn(merchant, DEMO_COUNTERPARTY);
  await expect(merchant).toHaveURL(/\/overview$/, SLOW);

  const access = page.getByTestId("user-access");
  await expect(access).toContainText("Papel: Lojista");
  await access.getByRole("button", { name: "Redefinir senha" }).click();
  await page.getByTestId("password-confirm").click();
  const shown = page.getByTestId("new-password");
  await expect(shown).toBeVisible(SLOW);
  const password = ((await shown.textContent()) ?? "").trim();
  expect(password.length).toBeGreaterThanOrEqual(12);
  await snapDialog(page, "admin-password-reset");
  await page.getByRole("button", { name: "Concluído" }).click();

  await merchant.goto("/overview");
  await expect(merchant).toHaveURL(/\/login$/, SLOW);
  await signIn(merchant, { email: DEMO_COUNTERPARTY.email, password: DEMO_COUNTERPARTY.password });
  await expect(merchant.getByTestId("login-error")).toBeVisible(SLOW);
  await signIn(merchant, { email: DEMO_COUNTERPARTY.email, password });
  await expect(merchant).toHaveURL(/\/overview$/, SLOW);
  await merchant.close();
  expect(intlErrors).toEqual([]);
});

test("an /admin address no page answers shows the back office's 404, with the way back to it", async () => {
  const answer = await page.goto("/admin/relatorios-que-nao-existem");
  expect(answer?.status()).toBe(404);
  const missing = page.getByTestId("not-found");
  await expect(missing.getByText("Página não encontrada")).toBeVisible(SLOW);
  // Still inside the back office's shell, not the merchant dashboard's.
  await expect(page.getByRole("link", { name: "Registro de auditoria" }).first()).toBeVisible();
  await expect(page.getByRole("link", { name: "Cobranças" })).toHaveCount(0);
  await snap(page, "admin-not-found");
  await missing.getByRole("link", { name: "Voltar para a administração" }).click();
  await expect(page).toHaveURL(/\/admin$/, SLOW);
  await expect(page.getByRole("heading", { level: 1, name: "Administração" })).toBeVisible(SLOW);
});

test("a merchant opening /admin gets the 403 page", async () => {
  await page.getByRole("button", { name: "Sair" }).click();
  await expect(page).toHaveURL(/\/login$/, SLOW);
  await signIn(page, DEMO_MERCHANT);
  await expect(page).toHaveURL(/\/overview$/, SLOW);
  for (const path of ["/admin", "/admin/merchants"]) {
    const answer = await page.goto(path);
    expect(answer?.status()).toBe(403);
    await expect(page.getByRole("heading", { name: "Acesso não permitido" })).toBeVisible(SLOW);
  }
  const api = await page.request.get("/api/trpc/adminHome.overview");
  expect(api.status()).toBe(403);
});
