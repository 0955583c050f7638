/**
 * The MED back office end to end: a MED opened (sandbox) on a PIX the demo merchant received, with
 * the merchant's defense (an external https file: shown as a link, not previewed); a merchant is
 * refused /admin/meds with the 403 page; the admin filters the queue, opens the MED, writes the
 * analysis for the merchant and accepts it; a second MED, not yet defended, is decided only after
 * the early-decision warning; the audit log shows the actions with their before/after (and fits a
 * phone's width); the merchant
 * sees the refund in the ledger and the balance back where it was before the PIX.
 *
 * Other spec files share the database but run one at a time; everything here is relative to the
 * balances read at the start.
 */
import { expect, type Locator, type Page, test } from "@playwright/test";
import { DEMO_ADMIN, DEMO_MERCHANT } from "../prisma/demo";
import { SCOPES } from "../server/apikeys/scopes";
import { snap, snapDialog } from "./support/screenshots";
import { signIn } from "./support/session";

test.describe.configure({ mode: "serial" });

const DESKTOP = { width: 1280, height: 800 };
const SLOW = { timeout: 20_000 };
const RUN = Date.now().toString(36);
const AMOUNT_CENTS = 12_345n;
const DETAILS = `Pagador relata golpe ${RUN}`;
const DEFENSE = `Produto entregue, nota fiscal anexa ${RUN}`;
const FILE_URL = `https://files.invalid/comprovantes/${RUN}.pdf`;
const ANALYSIS = `Defesa sem comprovação de entrega ao pagador ${RUN}.`;
const EARLY_CENTS = 1000n;
const EARLY_ANALYSIS = `Golpe confirmado pela instituição do pagador ${RUN}.`;

const BRL = new Intl.NumberFormat("pt-BR", { style: "currency", currency: "BRL" });
const brl = (cents: bigint) => BRL.format(Number(cents) / 100);
/** "R$ 1.234,56" (any spaces) → 123456n */
const centsOf = async (locator: Locator) => BigInt(((await locator.textContent()) ?? "").replace(/\D/g, ""));
/** Exact text of a money cell, tolerant of the narrow no-break space Intl puts after "R$". */
const moneyText = (cents: bigint) =>
  new RegExp(
    `^${brl(cents)
      .replace(/[.*+?^${}()|[\]\\]/g, "\\$&")
      .replace(/\s/g, "\\s?")}$`,
  );

let merchant: Page;
let admin: Page;
const state = { auth: "", medId: "", earlyMedId: "", endToEndId: "", available: 0n, blocked: 0n, held: 0n };

test.beforeAll(async ({ browser }) => {
  merchant = await (await browser.newContext({ viewport: DESKTOP })).newPage();
  admin = await (await browser.newContext({ viewport: DESKTOP })).newPage();
});

test.afterAll(async () => {
  await merchant.context().close();
  await admin.context().close();
});

async function readBalances(page: Page) {
  const held = page.getByTestId("balance-held");
  return {
    available: await centsOf(page.getByTestId("balance-available")),
    blocked: await centsOf(page.getByTestId("balance-blocked")),
    held: (await held.count()) > 0 ? await centsOf(held) : 0n,
  };
}

/** The account surface as the merchant's own integration calls it. */
async function api(path: string, body: unknown) {
  const response = await merchant.request.post(path, { headers: { authorization: state.auth }, data: body });
  expect(response.status(), `${path}: ${await response.text()}`).toBe(200);
  return (await response.json()).data;
}

test("the merchant signs in, notes the balance and gets an API key", async () => {
  await signIn(merchant, DEMO_MERCHANT);
  await expect(merchant).toHaveURL(/\/overview$/, SLOW);
  await expect(merchant.getByTestId("balance-available")).toHaveText(/^R\$\s?[\d.]+,\d{2}$/, SLOW);
  Object.assign(state, await readBalances(merchant));

  const origin = new URL(merchant.url()).origin;
  const created = await merchant.request.post("/api/trpc/apiKeys.create", {
    headers: { origin },
    data: { json: { name: `MEDs ${RUN}`, scopes: SCOPES, ipWhitelist: ["127.0.0.1", "::1"], expiresAt: null } },
  });
  expect(created.status()).toBe(200);
  const { clientId, clientSecret } = (await created.json()).result.data.json;
  state.auth = `Basic ${Buffer.from(`${clientId}:${clientSecret}`).toString("base64")}`;
});

test("a PIX is received, another institution opens a MED on it, and the merchant defends", async () => {
  const credit = await api("/v4/i/sandbox/pix/in/credit", {
    accountId: DEMO_MERCHANT.accountId,
    amount: Number(AMOUNT_CENTS) / 100,
  });
  state.endToEndId = credit.endToEndId;
  const med = await api("/v4/i/sandbox/meds", { endToEndId: state.endToEndId, details: DETAILS });
  state.medId = med.medId;
  const defended = await api(`/v4/i/meds/${state.endToEndId}/defense`, { description: DEFENSE, files: [FILE_URL] });
  expect(defended.defense).toMatchObject({ description: DEFENSE, files: [FILE_URL] });

  await merchant.reload();
  await expect(merchant.getByTestId("balance-blocked")).toHaveText(moneyText(state.blocked + AMOUNT_CENTS), SLOW);
  await expect(merchant.getByTestId("balance-available")).toHaveText(moneyText(state.available));
});

test("a merchant opening /admin/meds gets the 403 page", async () => {
  const answer = await merchant.goto("/admin/meds");
  expect(answer?.status()).toBe(403);
  await expect(merchant.getByRole("heading", { name: "Acesso não permitido" })).toBeVisible(SLOW);
  await expect(merchant.getByTestId("med-queue")).toHaveCount(0);
});

test("the admin filters the queue down to the MED", async () => {
  await signIn(admin, DEMO_ADMIN);
  await expect(admin).toHaveURL(/\/admin$/, SLOW);
  await admin.goto("/admin/meds");
  await expect(admin.getByRole("heading", { level: 1, name: "MEDs da plataforma" })).toBeVisible(SLOW);
  await expect(admin.getByTestId("med-row").first()).toBeVisible(SLOW);

  const filters = admin.getByTestId("med-filters");
  await filters.getByLabel("Lojista").fill("demonstração");
  await filters.getByLabel("Valor mínimo (R$)").fill("123,45");
  await filters.getByLabel("Valor máximo (R$)").fill("123,45");
  await filters.getByRole("button", { name: "Filtrar" }).click();
  await filters.getByLabel("Prazo da defesa").selectOption("within7d");
  await admin.getByTestId("med-tab-under_analysis").click();
  await expect(admin).toHaveURL(/status=under_analysis/, SLOW);
  await expect(admin).toHaveURL(/deadline=within7d/);
  await expect(admin).toHaveURL(/min=123\.45/);

  const row = admin.getByTestId("med-row");
  await expect(row).toHaveCount(1, SLOW);
  await expect(row).toContainText(DEMO_MERCHANT.name);
  await expect(row).toContainText("Em análise");
  await expect(row).toContainText("Enviada");
  await expect(row).toContainText(/[67] dias restantes/);
  await expect(admin.getByTestId("meds-total")).toHaveText("1 MED");
  await snap(admin, "admin-meds-queue");
  await admin.setViewportSize({ width: 375, height: 812 });
  await expect(admin.getByTestId("med-card")).toHaveCount(1);
  await expect(admin.getByTestId("med-card")).toContainText("R$");
  await snap(admin, "admin-meds-queue-phone");
  await admin.setViewportSize(DESKTOP);

  // a range with nothing in it: the filtered empty state, and the way back
  await filters.getByLabel("Valor mínimo (R$)").fill("123,46");
  await filters.getByRole("button", { name: "Filtrar" }).click();
  await expect(admin.getByText("O valor mínimo não pode ser maior que o máximo.")).toBeVisible();
  await filters.getByLabel("Valor máximo (R$)").fill("1.000,00");
  await filters.getByRole("button", { name: "Filtrar" }).click();
  await expect(admin.getByRole("heading", { name: "Nenhum MED com esses filtros" })).toBeVisible(SLOW);
  await filters.getByLabel("Valor mínimo (R$)").fill("123,45");
  await filters.getByLabel("Valor máximo (R$)").fill("123,45");
  await filters.getByRole("button", { name: "Filtrar" }).click();
  await expect(row).toHaveCount(1, SLOW);
});

test("the admin opens the MED: transaction, parties, defense with its file as a link only", async () => {
  await admin.getByTestId("med-row").getByRole("link").click();
  await expect(admin).toHaveURL(new RegExp(`/admin/meds/${state.medId}`), SLOW);
  const detail = admin.getByTestId("med-detail");
  await expect(detail).toBeVisible(SLOW);
  await expect(detail).toContainText(DETAILS);
  await expect(admin.getByTestId("med-e2e")).toContainText(state.endToEndId);
  await expect(admin.getByTestId("med-merchant")).toContainText(DEMO_MERCHANT.email);
  await expect(admin.getByTestId("med-blocked")).toHaveText(moneyText(AMOUNT_CENTS));
  await expect(admin.getByTestId("med-defense")).toContainText(DEFENSE);
  // not our platform's file: a link, never fetched nor embedded
  await expect(admin.getByTestId("evidence-link")).toHaveAttribute("href", FILE_URL);
  await expect(admin.getByTestId("med-evidence").locator("img, object, iframe")).toHaveCount(0);
});

test("the admin writes the analysis and accepts the MED after confirming", async () => {
  const analysis = admin.getByTestId("med-analysis");
  await analysis.getByRole("button", { name: "Salvar análise" }).click();
  await expect(analysis.getByText("Escreva a análise para o lojista.")).toBeVisible();
  await admin.getByTestId("med-considerations").fill(ANALYSIS);
  await analysis.getByRole("button", { name: "Salvar análise" }).click();
  await expect(admin.getByTestId("med-analysis-ok")).toHaveText("Análise salva.", SLOW);
  await expect(admin.getByTestId("med-analysis-saved")).toContainText(ANALYSIS);
  await expect(admin.getByTestId("med-analysis-saved")).toContainText(DEMO_ADMIN.email);

  await admin.getByTestId("med-accept").click();
  const dialog = admin.getByRole("dialog", { name: "Aceitar este MED?" });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText("serão devolvidos ao pagador");
  await snapDialog(admin, "admin-meds-confirm");
  await dialog.getByRole("button", { name: "Cancelar" }).click();
  await expect(dialog).toBeHidden();
  await expect(admin.getByTestId("med-status").first()).toHaveText("Em análise");

  await admin.getByTestId("med-accept").click();
  await admin.getByTestId("med-decision-confirm").click();
  await expect(admin.getByTestId("med-status").first()).toHaveText("Aceito (devolvido)", SLOW);
  await expect(admin.getByTestId("med-refunded")).toContainText(brl(AMOUNT_CENTS).replace(/\s/g, " "), SLOW);
  await expect(admin.getByTestId("med-blocked")).toHaveText(moneyText(0n));
  await expect(admin.getByTestId("med-refund-e2e")).toContainText(/D\d{8}/);
  // resolved: read-only
  await expect(admin.getByTestId("med-accept")).toHaveCount(0);
  await expect(admin.getByTestId("med-considerations")).toHaveCount(0);
  await snap(admin, "admin-meds-detail");
});

test("deciding before the merchant could defend takes the analysis and a confirmation", async () => {
  const credit = await api("/v4/i/sandbox/pix/in/credit", {
    accountId: DEMO_MERCHANT.accountId,
    amount: Number(EARLY_CENTS) / 100,
  });
  const med = await api("/v4/i/sandbox/meds", { endToEndId: credit.endToEndId, details: `Sem defesa ${RUN}` });
  state.earlyMedId = med.medId;
  await admin.goto(`/admin/meds/${med.medId}`);
  await expect(admin.getByTestId("med-no-defense")).toBeVisible(SLOW);

  // no decision without the text the merchant will read
  await admin.getByTestId("med-reject").click();
  await expect(admin.getByTestId("med-analysis").getByText("Escreva a análise para o lojista.")).toBeVisible();
  await expect(admin.getByTestId("med-decision-dialog")).toBeHidden();

  await admin.getByTestId("med-considerations").fill(EARLY_ANALYSIS);
  await admin.getByTestId("med-reject").click();
  const dialog = admin.getByRole("dialog", { name: "Rejeitar este MED?" });
  await expect(dialog.getByTestId("med-early-warning")).toContainText("A defesa do lojista ainda não chegou");
  await expect(dialog.getByTestId("med-early-warning")).toContainText("O prazo para a defesa termina em");
  await expect(admin.getByTestId("med-decision-confirm")).toHaveText("Decidir mesmo assim");
  await snapDialog(admin, "admin-meds-early-confirm");
  await admin.getByTestId("med-decision-confirm").click();
  await expect(admin.getByTestId("med-status").first()).toHaveText("Rejeitado (mantido)", SLOW);
  await expect(admin.getByTestId("med-analysis-saved")).toContainText(EARLY_ANALYSIS);
});

test("the audit log shows the analysis and the decision, with before and after", async () => {
  await admin
    .getByRole("navigation", { name: "Navegação administrativa" })
    .getByRole("link", { name: "Registro de auditoria" })
    .click();
  await expect(admin.getByRole("heading", { level: 1, name: "Registro de auditoria" })).toBeVisible(SLOW);
  const filters = admin.getByTestId("audit-filters");
  await filters.getByLabel("Alvo").fill(state.medId);
  await filters.getByLabel("Quem").fill(DEMO_ADMIN.email);
  await filters.getByRole("button", { name: "Filtrar" }).click();
  const entries = admin.getByTestId("audit-entry");
  await expect(entries).toHaveCount(2, SLOW);
  await expect(entries.nth(0).getByTestId("audit-action")).toHaveText("MED aceito");
  await expect(entries.nth(1).getByTestId("audit-action")).toHaveText("Análise de MED salva");
  const statusRow = entries
    .nth(0)
    .getByTestId("audit-diff")
    .getByRole("row")
    .filter({ hasText: /^status/ });
  await expect(statusRow).toContainText("under_analysis");
  await expect(statusRow).toContainText("accepted");
  await expect(entries.nth(1)).toContainText(ANALYSIS);
  await snap(admin, "admin-audit");

  // on a phone the page keeps its width, and before and after both show without scrolling sideways
  await admin.setViewportSize({ width: 375, height: 812 });
  await expect(entries.first()).toBeVisible();
  for (const value of ["under_analysis", "accepted"]) {
    const box = await entries.nth(0).getByText(value, { exact: true }).filter({ visible: true }).boundingBox();
    expect(box, value).not.toBeNull();
    expect((box?.x ?? -1) >= 0 && (box?.x ?? 0) + (box?.width ?? 0) <= 375, value).toBe(true);
  }
  const widths = await admin.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    client: document.documentElement.clientWidth,
  }));
  expect(widths.scroll).toBeLessThanOrEqual(widths.client);
  await snap(admin, "admin-audit-phone");
  await admin.setViewportSize(DESKTOP);

  await filters.getByLabel("Ação").fill("onboarding.");
  await filters.getByRole("button", { name: "Filtrar" }).click();
  await expect(admin.getByRole("heading", { name: "Nenhuma ação com esses filtros" })).toBeVisible(SLOW);
});

test("the merchant sees the refund in the ledger and the balance changed", async () => {
  await merchant.goto("/overview");
  await expect(merchant.getByTestId("balance-blocked")).toHaveText(moneyText(state.blocked), SLOW);
  const after = await readBalances(merchant);
  // the PIX's money left: it is in transit to the payer (held) or already gone
  // the 10,00 of the MED rejected early came back to the merchant
  expect(after.available).toBe(state.available + EARLY_CENTS);
  expect(after.held === state.held + AMOUNT_CENTS || after.held === state.held).toBe(true);

  await merchant.goto("/ledger");
  const refund = merchant.getByTestId("ledger-row").filter({ hasText: "Devolução de Pix recebido" }).first();
  await expect(refund).toBeVisible(SLOW);
  await expect(refund).toContainText(brl(AMOUNT_CENTS).replace(/^R\$\s?/, ""));
  await snap(merchant, "admin-meds-merchant-ledger");
});
