/**
 * PIX limits as an operator decides them (docs/decisions/0059-pix-limits.md): a merchant made for
 * this spec lowers its daily limit to R$ 100,00 and asks to raise it to R$ 900.000,00 (above the
 * amount that needs an operator), written on this run's database through the service the
 * merchant's doors call. The admin opens Limites from the back office's navigation, sees the raise
 * in the queue, approves it after the confirmation, and it leaves the queue; the account's limits
 * still show R$ 100,00 in force, the approved raise waiting for its 24 h. A merchant gets the 403 page.
 */
import { randomBytes } from "node:crypto";
import { expect, type Page, test } from "@playwright/test";
import { DEMO_ADMIN, DEMO_MERCHANT } from "../prisma/demo";
import { randomCpf } from "../tests/support/fixtures";
import { onRunDatabase } from "./support/people";
import { snap, snapDialog } from "./support/screenshots";
import { signIn } from "./support/session";
import { openPage, SLOW } from "./support/walk";

test.describe.configure({ mode: "serial" });

const RUN = randomBytes(4).toString("hex");
const NAME = `Limites ${RUN}`;
const MERCHANT = { name: NAME, email: `limits-${RUN}@example.test`, password: "limits-e2e-2026" };
/** "R$ 100,00 → R$ 900.000,00", tolerant of the no-break space Intl puts after "R$". */
const CHANGE = /R\$\s?100,00 → R\$\s?900\.000,00/;

let page: Page;
const state = { accountId: "" };

test.beforeAll(async ({ browser }, testInfo) => {
  state.accountId = await onRunDatabase(browser, String(testInfo.project.use.baseURL), async (db) => {
    const { createMerchant } = await import("../server/accounts/merchants");
    const { changeLimits } = await import("../server/limits/changes");
    const shop = await createMerchant(db, { ...MERCHANT, document: randomCpf(), ipWhitelist: ["127.0.0.1"] });
    const ask = (daily: bigint) =>
      db.$transaction((tx) =>
        changeLimits(tx, { accountId: shop.accountId, changes: { daily }, requestedBy: MERCHANT.email }),
      );
    await ask(10_000n); // a lowering, in force at once
    const [raise] = await ask(90_000_000n);
    expect(raise?.status).toBe("pending");
    return shop.accountId;
  });
  page = await openPage(browser);
});

test.afterAll(async () => {
  await page.context().close();
});

test("a merchant opening /admin/limits gets the 403 page", async ({ browser }) => {
  const merchant = await openPage(browser);
  await signIn(merchant, DEMO_MERCHANT);
  await expect(merchant).toHaveURL(/\/overview$/, SLOW);
  const answer = await merchant.goto("/admin/limits");
  expect(answer?.status()).toBe(403);
  await expect(merchant.getByRole("heading", { name: "Acesso não permitido" })).toBeVisible(SLOW);
  await expect(merchant.getByTestId("limit-raises")).toHaveCount(0);
  await merchant.context().close();
});

test("the admin opens Limites from the navigation and sees the pending raise", async () => {
  await signIn(page, DEMO_ADMIN);
  await expect(page).toHaveURL(/\/admin$/, SLOW);
  await page
    .getByRole("navigation", { name: "Navegação administrativa" })
    .getByRole("link", { name: "Limites" })
    .click();
  await expect(page).toHaveURL(/\/admin\/limits$/, SLOW);
  await expect(page.getByRole("heading", { level: 1, name: "Limites" })).toBeVisible();
  await expect(page.getByRole("heading", { level: 2, name: "Aumentos aguardando aprovação" })).toBeVisible();

  const row = page.getByTestId("limit-raise-row").filter({ hasText: state.accountId });
  await expect(row).toHaveCount(1, SLOW);
  await expect(row).toContainText(NAME);
  await expect(row.getByTestId("limit-raise-account")).toHaveText(state.accountId);
  await expect(row.getByTestId("limit-raise-kind")).toHaveText("Diário");
  await expect(row.getByTestId("limit-raise-change")).toHaveText(CHANGE);
  await expect(row).toContainText(`por ${MERCHANT.email}`);
  await snap(page, "admin-limits-queue");
});

test("the admin approves the raise after the confirmation, and it leaves the queue", async () => {
  const row = page.getByTestId("limit-raise-row").filter({ hasText: state.accountId });
  await row.getByTestId("limit-raise-approve").click();
  const dialog = page.getByTestId("limit-decision-dialog");
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole("heading", { name: "Aprovar o aumento?" })).toBeVisible();
  await expect(dialog.getByTestId("limit-decision-body")).toContainText(`O limite Diário da conta ${state.accountId}`);
  await expect(dialog.getByTestId("limit-decision-body")).toContainText(/passa de R\$\s?100,00 para R\$\s?900\.000,00/);
  await snapDialog(page, "admin-limits-approve");
  await dialog.getByTestId("limit-decision-confirm").click();

  await expect(dialog).toBeHidden(SLOW);
  await expect(page.getByTestId("limit-raise-notice")).toContainText(
    `Aumento aprovado: o limite Diário da conta ${state.accountId} passa a`,
  );
  await expect(page.getByTestId("limit-raise-row").filter({ hasText: state.accountId })).toHaveCount(0);
});

test("the account's limits: R$ 100,00 in force, the approved raise waiting for its 24 h", async () => {
  const lookup = page.getByTestId("account-limits");
  await lookup.getByLabel("Número da conta").fill(state.accountId);
  await lookup.getByRole("button", { name: "Consultar" }).click();
  await expect(page).toHaveURL(new RegExp(`account=${state.accountId}`), SLOW);
  const shown = lookup.getByTestId("account-limits-shown");
  await expect(shown).toBeVisible(SLOW);
  await expect(shown).toContainText(NAME);
  await expect(shown.getByTestId("limit-daily")).toHaveText(/^R\$\s?100,00$/);
  await expect(shown.getByTestId("account-limits-pending")).toContainText(/Diário: .*900\.000,00 · Aprovada/);
  await expect(shown.getByTestId("limit-change-row")).toHaveCount(2);
  await snap(page, "admin-limits-account");
});
