/**
 * "Chaves Pix" as a merchant uses it: register a random (EVP) key and at once another (a merchant's
 * own account does not wait between keys), register an e-mail key and a phone key with the code
 * sent to each (read from the sandbox mailbox and text-message box; a key held by another
 * institution and a wrong code are refused in Portuguese first), make the e-mail key current, and
 * delete a key that is not current. The company's account offers no CPF key.
 *
 * The programme page's test opens an account in the run's database: it finds that database as
 * the e2e one holding the EVP registered here.
 */
import { expect, type Page, test } from "@playwright/test";
import pg from "pg";
import { DEMO_MERCHANT } from "../prisma/demo";
import { sandboxCode } from "./support/account-api";
import { runDatabaseUrls } from "./support/run-databases";
import { snap, snapDialog } from "./support/screenshots";
import { signIn } from "./support/session";

test.describe.configure({ mode: "serial" });

const DESKTOP = { width: 1280, height: 800 };
const SLOW = { timeout: 20_000 };
const EMAIL_KEY = `e2e.${Date.now().toString(36)}@loja.example`;
// A mobile number of this run, typed as people type it
const PHONE_DIGITS = `119${String(Date.now()).slice(-8)}`;
const PHONE_TYPED = `(${PHONE_DIGITS.slice(0, 2)}) ${PHONE_DIGITS.slice(2, 7)}-${PHONE_DIGITS.slice(7)}`;

let page: Page;
let evp = "";
let runUrl = "";

test.beforeAll(async ({ browser }) => {
  page = await (await browser.newContext({ viewport: DESKTOP })).newPage();
});

test.afterAll(async () => {
  await page.context().close();
});

/** SQL on this run's database: the e2e database that holds `key` (its URL kept in `runUrl`). */
async function runDatabase(key: string): Promise<pg.Pool> {
  for (const url of await runDatabaseUrls()) {
    const pool = new pg.Pool({ connectionString: url, max: 1 });
    const found = await pool
      .query("SELECT 1 FROM pix_keys WHERE key = $1", [key])
      .then((r) => r.rowCount === 1)
      .catch(() => false);
    if (found) {
      runUrl = url;
      return pool;
    }
    await pool.end();
  }
  throw new Error(`no e2e database holds the key ${key}`);
}

const account = () => page.getByTestId("key-account").filter({ hasText: DEMO_MERCHANT.accountId });
const rowOf = (key: string) => account().getByTestId("key-row").filter({ hasText: key });

test("the merchant opens Chaves Pix and sees the account's keys", async () => {
  await signIn(page, DEMO_MERCHANT);
  await expect(page).toHaveURL(/\/overview$/, SLOW);
  await page.getByRole("navigation", { name: "Navegação principal" }).getByRole("link", { name: "Chaves Pix" }).click();
  await expect(page).toHaveURL(/\/pix-keys$/, SLOW);
  await expect(page.getByRole("heading", { level: 1, name: "Chaves Pix" })).toBeVisible();
  await expect(rowOf(DEMO_MERCHANT.pixKey)).toBeVisible(SLOW);
  await expect(account().getByTestId("key-count")).toHaveText("2 de 20 chaves");
  await snap(page, "pix-keys-list");
});

test("registers a random key, and another at once: no wait on the merchant's own account", async () => {
  await account().getByRole("button", { name: "Cadastrar chave" }).click();
  const dialog = page.getByRole("dialog", { name: "Cadastrar chave Pix" });
  await expect(dialog.getByTestId("evp-hint")).toContainText("Uma chave aleatória é gerada pela plataforma");
  // a company's account: its CNPJ, never a CPF
  await expect(dialog.getByTestId("key-type-CNPJ")).toBeVisible();
  await expect(dialog.getByTestId("key-type-CPF")).toHaveCount(0);
  await snapDialog(page, "pix-keys-register-evp");
  await dialog.getByRole("button", { name: "Cadastrar" }).click();
  await expect(dialog).toBeHidden(SLOW);

  await expect(account().getByTestId("key-count")).toHaveText("3 de 20 chaves", SLOW);
  const row = account().locator('[data-testid="key-row"][data-key-type="EVP"][data-current="false"]').last();
  evp = ((await row.getByTestId("key-value-text").textContent()) ?? "").trim();
  expect(evp).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);

  await expect(account().getByRole("button", { name: "Cadastrar chave" })).toBeEnabled();
  await account().getByRole("button", { name: "Cadastrar chave" }).click();
  await dialog.getByRole("button", { name: "Cadastrar" }).click();
  await expect(dialog).toBeHidden(SLOW);
  await expect(account().getByTestId("key-count")).toHaveText("4 de 20 chaves", SLOW);
  await runDatabase(evp).then((pool) => pool.end());
});

test("an e-mail key is registered only with the code sent to it", async () => {
  await account().getByRole("button", { name: "Cadastrar chave" }).click();
  const dialog = page.getByRole("dialog", { name: "Cadastrar chave Pix" });
  await dialog.getByText("E-mail", { exact: true }).click();
  const input = dialog.getByLabel("Chave");
  await input.fill("sem-arroba");
  await dialog.getByRole("button", { name: "Cadastrar" }).click();
  await expect(dialog.getByText("Informe um e-mail válido com até 77 caracteres.")).toBeVisible();

  await input.fill("ana@other-psp.sandbox");
  await dialog.getByRole("button", { name: "Cadastrar" }).click();
  await expect(
    dialog.getByText("Esta chave já está registrada em outra instituição. Peça a portabilidade lá ou use outra chave."),
  ).toBeVisible(SLOW);
  await expect(input).toHaveAttribute("aria-invalid", "true");
  await snapDialog(page, "pix-keys-other-participant");

  const asked = Date.now() - 1000;
  await input.fill(EMAIL_KEY);
  await dialog.getByRole("button", { name: "Cadastrar" }).click();
  const step = dialog.getByTestId("confirm-key-step");
  await expect(step).toContainText(`Enviamos um código de 6 dígitos para ${EMAIL_KEY}`, SLOW);
  // nothing is registered before the code comes back
  await expect(rowOf(EMAIL_KEY)).toHaveCount(0);
  await expect(step.getByRole("button", { name: /Reenviar em/ })).toBeDisabled();
  await snapDialog(page, "pix-keys-code-step");

  const code = await sandboxCode(page.request, "emails", EMAIL_KEY, asked);
  const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, "0");
  await step.getByLabel("Código").fill(wrong);
  await step.getByRole("button", { name: "Confirmar chave" }).click();
  await expect(step.getByText("Código incorreto. Confira o código recebido e tente novamente.")).toBeVisible(SLOW);
  await snapDialog(page, "pix-keys-code-wrong");

  await step.getByLabel("Código").fill(code);
  await step.getByRole("button", { name: "Confirmar chave" }).click();
  await expect(dialog).toBeHidden(SLOW);
  await expect(rowOf(EMAIL_KEY)).toBeVisible(SLOW);
});

test("a phone key typed as people type it is texted a code and registered as +55…", async () => {
  await account().getByRole("button", { name: "Cadastrar chave" }).click();
  const dialog = page.getByRole("dialog", { name: "Cadastrar chave Pix" });
  await dialog.getByText("Celular", { exact: true }).click();
  const asked = Date.now() - 1000;
  await dialog.getByLabel("Chave").fill(PHONE_TYPED);
  await dialog.getByRole("button", { name: "Cadastrar" }).click();
  const step = dialog.getByTestId("confirm-key-step");
  await expect(step).toContainText(`Enviamos um SMS com um código de 6 dígitos para +55${PHONE_DIGITS}`, SLOW);
  const code = await sandboxCode(page.request, "sms", `+55${PHONE_DIGITS}`, asked);
  await step.getByLabel("Código").fill(code);
  await step.getByRole("button", { name: "Confirmar chave" }).click();
  await expect(dialog).toBeHidden(SLOW);
  await expect(rowOf(`+55${PHONE_DIGITS}`)).toBeVisible(SLOW);
  await snap(page, "pix-keys-verified");
});

test("makes the e-mail key current, then deletes the random key", async () => {
  await rowOf(EMAIL_KEY).getByRole("button", { name: "Tornar atual" }).click();
  await expect(rowOf(EMAIL_KEY).getByTestId("current-badge")).toBeVisible(SLOW);
  await expect(account().locator('[data-testid="key-row"][data-current="true"]')).toHaveCount(1);
  // The current key has no delete button.
  await expect(rowOf(EMAIL_KEY).getByTestId("delete-key")).toHaveCount(0);

  await rowOf(evp)
    .getByRole("button", { name: `Excluir chave ${evp}` })
    .click();
  const dialog = page.getByRole("dialog", { name: "Excluir chave Pix?" });
  await expect(dialog).toContainText(evp);
  await snapDialog(page, "pix-keys-delete");
  await dialog.getByRole("button", { name: "Excluir chave" }).click();
  await expect(dialog).toBeHidden(SLOW);
  await expect(rowOf(evp)).toHaveCount(0);
  await expect(account().getByTestId("key-count")).toHaveText("5 de 20 chaves");
  await snap(page, "pix-keys-after");
});

test("the account programme page shows its accounts with balances and keys", async () => {
  await page.goto("/baas");
  await expect(page.getByRole("heading", { level: 2, name: "Contas do programa" })).toBeVisible(SLOW);
  // Other specs (onboarding approval) may already have opened accounts in this run's database:
  // the empty state is covered by tests/baas, here the list shows the account made below.

  // Onboarding approval opens programme accounts (built elsewhere); here one is made directly.
  process.env.DATABASE_URL = runUrl;
  const { resetConfigForTests } = await import("../server/config");
  resetConfigForTests();
  const { db, disconnectDb } = await import("../server/db/client");
  const { programmeAccount } = await import("../tests/baas/support");
  const { createPixKey } = await import("../server/pix/keys/service");
  const { creditIncomingPix } = await import("../server/transfers/incoming");
  const owner = await db().user.findUniqueOrThrow({ where: { email: DEMO_MERCHANT.email } });
  const opened = await programmeAccount(owner.id, "company");
  await createPixKey(db(), { callerId: owner.id, accountId: opened.id }, { type: "CNPJ" });
  await creditIncomingPix(db(), { userId: opened.userId, accountId: opened.id, amountCents: 25_990n });
  await disconnectDb();

  await page.reload();
  const card = page.getByTestId("programme-account").filter({ hasText: opened.id });
  await expect(card).toBeVisible(SLOW);
  await expect(card.getByTestId("programme-balance")).toHaveText(/R\$\s?259,90/);
  await expect(card).toContainText("Atual");
  // the CNPJ key with its punctuation
  const cnpj = opened.document.replace(/^(\d{2})(\d{3})(\d{3})(\d{4})(\d{2})$/, "$1.$2.$3/$4-$5");
  await expect(card).toContainText(cnpj);
  await snap(page, "baas-programme-accounts");
});
