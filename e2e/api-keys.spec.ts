/**
 * API keys as a merchant manages them: create one with an IP allowlist (a malformed entry is
 * refused as it is typed), see its secret once with a clear warning, find it in the table without
 * the secret, change its allowlist, and revoke it.
 *
 * The other spec files share the database (the seed creates a demo key), so this spec finds its
 * own key by name and client id. One page walks through the steps in order and signs in once.
 */
import { expect, type Page, test } from "@playwright/test";
import { DEMO_MERCHANT } from "../prisma/demo";
import { API_PIX_SCOPES, READ_ONLY_SCOPES, SCOPE_GROUPS, SCOPES } from "../server/apikeys/scopes";
import { snap, snapDialog } from "./support/screenshots";
import { signIn } from "./support/session";
import { CLIPBOARD, DESKTOP, mainNavOf, openPage, PHONE, SLOW } from "./support/walk";

test.describe.configure({ mode: "serial" });

const NAME = `ERP e2e ${Date.now().toString(36)}`;

let page: Page;
const created = { clientId: "", clientSecret: "" };

test.beforeAll(async ({ browser }) => {
  page = await openPage(browser, CLIPBOARD);
});

test.afterAll(async () => {
  await page.context().close();
});

const mainNav = () => mainNavOf(page);
const keyRow = () => page.locator(`[data-testid="key-row"][data-client-id="${created.clientId}"]`);

test("the merchant signs in and opens the API keys", async () => {
  await signIn(page, DEMO_MERCHANT);
  await expect(page).toHaveURL(/\/overview$/, SLOW);

  await mainNav().getByRole("link", { name: "Chaves de API" }).click();
  await expect(page).toHaveURL(/\/api-keys$/, SLOW);
  await expect(page.getByRole("heading", { level: 1, name: "Chaves de API" })).toBeVisible();
  // The seeded demo key is there already.
  await expect(page.getByTestId("keys-table")).toBeVisible(SLOW);
  await expect(page.getByTestId("key-row").first()).toBeVisible();
});

/** The scopes the new key ends with: the read-only ones pre-selected, two the merchant adds, and the API Pix group. */
const CHOSEN = new Set([...READ_ONLY_SCOPES, "pix_in:write", "meds:write", ...API_PIX_SCOPES]).size;
const API_PIX_GROUP = "API Pix (/api/pix/v2)";

test("the create dialog pre-selects the read-only scopes and refuses a malformed IP as it is typed", async () => {
  await page.getByRole("button", { name: "Criar chave" }).click();
  const dialog = page.getByRole("dialog", { name: "Criar chave de API" });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText(`(${READ_ONLY_SCOPES.length} de ${SCOPES.length})`)).toBeVisible();
  // The scopes come in groups, by the surface that checks them.
  await expect(dialog.getByTestId("scope-option")).toHaveCount(SCOPES.length);
  await expect(dialog.getByTestId("scope-group")).toHaveCount(SCOPE_GROUPS.length);
  for (const scope of SCOPES) {
    const box = dialog.getByRole("checkbox", { name: new RegExp(`^${scope}`) });
    if (READ_ONLY_SCOPES.includes(scope)) await expect(box).toBeChecked();
    else await expect(box).not.toBeChecked();
  }
  await snapDialog(page, "api-keys-create-defaults");

  // Enter in a field does not submit the dialog (nothing is checked, nothing is created).
  await dialog.getByLabel("Nome").press("Enter");
  await expect(dialog.getByText("Informe um nome para a chave.")).toHaveCount(0);
  // Nothing typed: the button asks for the name.
  await dialog.getByRole("button", { name: "Criar chave" }).click();
  await expect(dialog.getByText("Informe um nome para a chave.")).toBeVisible();
  await dialog.getByLabel("Nome").fill(NAME);
  await dialog.getByLabel("Nome").press("Enter");
  await expect(page.getByRole("dialog", { name: "Chave criada" })).toHaveCount(0);
  await expect(dialog).toBeVisible();
  await dialog.getByRole("checkbox", { name: /^pix_in:write/ }).check();
  await dialog.getByRole("checkbox", { name: /^meds:write/ }).check();

  // The API Pix group at once: its "all" box is mixed (its read scopes are on), one click takes every one.
  const apiPix = dialog.getByRole("group", { name: API_PIX_GROUP });
  const everyApiPix = apiPix.getByRole("checkbox", { name: `Todos os escopos de ${API_PIX_GROUP}` });
  await expect(everyApiPix).toBeChecked({ indeterminate: true });
  await everyApiPix.click();
  await expect(everyApiPix).toBeChecked();
  for (const scope of API_PIX_SCOPES)
    await expect(apiPix.getByRole("checkbox", { name: new RegExp(`^${scope}`) })).toBeChecked();
  await expect(apiPix.getByText(`(${API_PIX_SCOPES.length} de ${API_PIX_SCOPES.length})`)).toBeVisible();
  // A second click clears the group, a third takes it again; the other groups keep their choice.
  await everyApiPix.click();
  await expect(apiPix.getByRole("checkbox", { name: /^cob\.read/ })).not.toBeChecked();
  await expect(dialog.getByRole("checkbox", { name: /^pix_in:write/ })).toBeChecked();
  await everyApiPix.click();
  await expect(dialog.getByText(`(${CHOSEN} de ${SCOPES.length})`)).toBeVisible();

  // A CIDR prefix over /32 is refused inline, before anything is submitted.
  const first = dialog.getByLabel("IP permitido 1");
  await first.fill("1.2.3.4/40");
  const row = dialog.getByTestId("whitelist-row").first();
  await expect(row.getByTestId("whitelist-error")).toContainText("“1.2.3.4/40” não é válido", SLOW);
  await expect(first).toHaveAttribute("aria-invalid", "true");
  await snapDialog(page, "api-keys-create-invalid");

  // Submitting with it is refused too, and nothing is created.
  await dialog.getByRole("button", { name: "Criar chave" }).click();
  await expect(dialog.getByTestId("secret-panel")).toHaveCount(0);
  await expect(row.getByTestId("whitelist-error")).toBeVisible();

  await first.fill("203.0.113.0/24");
  await expect(row.getByTestId("whitelist-valid")).toBeVisible(SLOW);
  await expect(row.getByTestId("whitelist-error")).toHaveCount(0);
  await expect(first).not.toHaveAttribute("aria-invalid", "true");

  await dialog.getByRole("button", { name: "Adicionar IP" }).click();
  await dialog.getByLabel("IP permitido 2").fill("2001:db8::1");
  await expect(dialog.getByTestId("whitelist-row").nth(1).getByTestId("whitelist-valid")).toBeVisible(SLOW);
  // A repeated entry is flagged.
  await dialog.getByRole("button", { name: "Adicionar IP" }).click();
  await dialog.getByLabel("IP permitido 3").fill("203.0.113.0/24");
  await expect(dialog.getByText("Este endereço já está na lista.")).toBeVisible();
  await dialog.getByRole("button", { name: "Remover 203.0.113.0/24" }).last().click();
  await expect(dialog.getByTestId("whitelist-row")).toHaveCount(2);
});

test("the secret is shown once, with a warning, and can be copied", async () => {
  const dialog = page.getByRole("dialog", { name: "Criar chave de API" });
  await dialog.getByRole("button", { name: "Criar chave" }).click();

  const secretDialog = page.getByRole("dialog", { name: "Chave criada" });
  const panel = secretDialog.getByTestId("secret-panel");
  await expect(panel).toBeVisible(SLOW);
  await expect(panel.getByTestId("secret-warning")).toContainText("Copie o segredo agora");
  await expect(panel.getByTestId("secret-warning")).toContainText("exibido só desta vez");
  created.clientId = ((await panel.getByTestId("secret-client-id").textContent()) ?? "").trim();
  created.clientSecret = ((await panel.getByTestId("secret-client-secret").textContent()) ?? "").trim();
  expect(created.clientId).toMatch(/^cli_[0-9a-f]{32}$/);
  expect(created.clientSecret).toMatch(/^sk_[\w-]{43}$/);

  await panel.getByRole("button", { name: "Copiar Client secret" }).click();
  await expect(panel.getByRole("button", { name: "Copiar Client secret" })).toHaveText("Copiado");
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(created.clientSecret);
  await snapDialog(page, "api-keys-secret");

  // Only the explicit button closes it: Escape does not lose the secret by accident.
  await page.keyboard.press("Escape");
  await expect(panel).toBeVisible();
  await secretDialog.getByRole("button", { name: "Já guardei, fechar" }).click();
  await expect(secretDialog).toBeHidden();
});

test("the table shows the new key, its allowlist and scopes, never its secret", async () => {
  const row = keyRow();
  await expect(row).toHaveCount(1, SLOW);
  await expect(row.getByTestId("key-name")).toHaveText(NAME);
  await expect(row.getByTestId("key-status")).toHaveText("Ativa");
  await expect(row.getByTestId("key-whitelist")).toHaveText(/203\.0\.113\.0\/24\s*2001:db8::1/);
  await expect(row).toContainText("Nunca usada");
  await expect(row).toContainText("Sem validade");
  // The newest key comes first.
  await expect(page.getByTestId("key-row").first()).toHaveAttribute("data-client-id", created.clientId);

  // The secret is nowhere on the page, nor in what the browser was sent for the list.
  expect(await page.content()).not.toContain(created.clientSecret);
  await page.reload();
  await expect(keyRow()).toHaveCount(1, SLOW);
  expect(await page.content()).not.toContain(created.clientSecret);

  // The client id copies whole.
  await keyRow().getByRole("button", { name: "Copiar Client ID" }).click();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(created.clientId);

  // Scopes fold open below the row.
  const toggle = keyRow().getByTestId("scopes-toggle");
  await expect(toggle).toHaveText(`${CHOSEN} escopos`);
  await toggle.click();
  await expect(toggle).toHaveAttribute("aria-expanded", "true");
  const chips = page.locator(`#scopes-table-${created.clientId}`);
  await expect(chips.getByText("pix_in:write", { exact: true })).toBeVisible();
  await expect(chips.getByRole("listitem")).toHaveCount(CHOSEN);
  await expect(chips.getByRole("list", { name: API_PIX_GROUP }).getByRole("listitem")).toHaveCount(
    API_PIX_SCOPES.length,
  );
  await snap(page, "api-keys");
  await toggle.click();
  await expect(chips).toHaveCount(0);
});

test("editing the key changes its allowlist", async () => {
  await keyRow()
    .getByRole("button", { name: `Editar ${NAME}` })
    .click();
  const dialog = page.getByRole("dialog", { name: `Editar “${NAME}”` });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel("Nome")).toHaveValue(NAME);
  await expect(dialog.getByLabel("IP permitido 1")).toHaveValue("203.0.113.0/24");
  await expect(dialog.getByLabel("IP permitido 2")).toHaveValue("2001:db8::1");

  await dialog.getByRole("button", { name: "Remover 2001:db8::1" }).click();
  await dialog.getByRole("button", { name: "Adicionar IP" }).click();
  await dialog.getByLabel("IP permitido 2").fill("198.51.100.300");
  await expect(dialog.getByTestId("whitelist-error")).toContainText("“198.51.100.300” não é válido", SLOW);
  await dialog.getByLabel("IP permitido 2").fill("198.51.100.7");
  await expect(dialog.getByTestId("whitelist-row").nth(1).getByTestId("whitelist-valid")).toBeVisible(SLOW);
  // One scope fewer.
  await dialog.getByRole("checkbox", { name: /^meds:write/ }).uncheck();
  await snapDialog(page, "api-keys-edit");
  await dialog.getByRole("button", { name: "Salvar alterações" }).click();
  await expect(dialog).toBeHidden(SLOW);

  await expect(keyRow().getByTestId("key-whitelist")).toHaveText(/203\.0\.113\.0\/24\s*198\.51\.100\.7/, SLOW);
  await expect(keyRow().getByTestId("key-whitelist")).not.toContainText("2001:db8::1");
  await expect(keyRow().getByTestId("scopes-toggle")).toHaveText(`${CHOSEN - 1} escopos`);
  await expect(keyRow().getByTestId("key-status")).toHaveText("Ativa");
});

test("revoking asks first, then the key shows revoked with no more actions", async () => {
  await keyRow()
    .getByRole("button", { name: `Revogar ${NAME}` })
    .click();
  const dialog = page.getByRole("dialog", { name: "Revogar chave" });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText(NAME);
  await expect(dialog).toContainText(created.clientId);

  // Cancelling keeps it active.
  await dialog.getByRole("button", { name: "Cancelar" }).click();
  await expect(dialog).toBeHidden();
  await expect(keyRow().getByTestId("key-status")).toHaveText("Ativa");

  await keyRow()
    .getByRole("button", { name: `Revogar ${NAME}` })
    .click();
  await dialog.getByRole("button", { name: "Revogar chave" }).click();
  await expect(dialog).toBeHidden(SLOW);
  await expect(keyRow().getByTestId("key-status")).toHaveText("Revogada", SLOW);
  await expect(keyRow().getByRole("button", { name: `Editar ${NAME}` })).toHaveCount(0);
  await expect(keyRow().getByRole("button", { name: `Revogar ${NAME}` })).toHaveCount(0);
  await page.reload();
  await expect(keyRow().getByTestId("key-status")).toHaveText("Revogada", SLOW);
  await snap(page, "api-keys-revoked");
});

test("on a phone the keys are cards and nothing overflows", async () => {
  await page.setViewportSize(PHONE);
  const card = page.locator(`[data-testid="key-card"][data-client-id="${created.clientId}"]`);
  await expect(card).toBeVisible(SLOW);
  await expect(card.getByTestId("key-status")).toHaveText("Revogada");
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  await snap(page, "api-keys-phone");

  await page.getByRole("button", { name: "Criar chave" }).first().click();
  const dialog = page.getByRole("dialog", { name: "Criar chave de API" });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel("IP permitido 1").fill("10.0.0.1/33");
  await expect(dialog.getByTestId("whitelist-error")).toBeVisible(SLOW);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  await snapDialog(page, "api-keys-create-phone");
  await dialog.getByRole("button", { name: "Cancelar" }).click();
  await expect(dialog).toBeHidden();
  await page.setViewportSize(DESKTOP);
});
