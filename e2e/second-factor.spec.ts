/**
 * The second factor as people meet it (decision 0044): a merchant sets up an authenticator app
 * (the spec computes codes from the key the page shows), keeps the recovery codes, and confirms a
 * send above R$ 5.000,00 with a code; an administrator without a second factor is sent to the
 * security page before reaching the back office.
 *
 * The people are made for this spec in this run's database (found by a PIX the demo merchant
 * receives), so the demo users other specs sign in as keep signing in with the password alone.
 */
import { randomBytes } from "node:crypto";
import { expect, type Page, test } from "@playwright/test";
import { DEMO_COUNTERPARTY, DEMO_MERCHANT } from "../prisma/demo";
import { randomCpf } from "../tests/support/fixtures";
import { runDatabaseOf } from "./support/rail";
import { snap } from "./support/screenshots";
import { signIn, totpCode } from "./support/session";
import { openPage, SLOW } from "./support/walk";

test.describe.configure({ mode: "serial" });

const RUN = randomBytes(4).toString("hex");
const MERCHANT = { email: `finance-${RUN}@example.test`, password: "second-factor-2026" };
const ADMIN = { email: `operator-${RUN}@example.test`, password: "second-factor-2026" };
/** R$ 6.000,00: above the step-up amount (R$ 5.000,00) */
const LARGE = "6.000,00";

let page: Page;
let secret = "";

test.beforeAll(async ({ browser }) => {
  // This run's database: the one holding a PIX the demo merchant receives now.
  const demo = await openPage(browser);
  await signIn(demo, DEMO_MERCHANT);
  await expect(demo).toHaveURL(/\/overview$/, SLOW);
  const credited = await demo.request.post("/api/trpc/sandbox.creditAccount", {
    headers: { origin: new URL(demo.url()).origin },
    data: { json: { accountId: DEMO_MERCHANT.accountId, amount: 1 } },
  });
  expect(credited.status()).toBe(200);
  const { endToEndId } = (await credited.json()).result.data.json;
  await demo.context().close();

  process.env.DATABASE_URL = await runDatabaseOf(endToEndId);
  const { resetConfigForTests } = await import("../server/config");
  resetConfigForTests();
  const { db, disconnectDb } = await import("../server/db/client");
  const { createMerchant } = await import("../server/accounts/merchants");
  const { creditIncomingPix } = await import("../server/transfers/incoming");
  const { createUser } = await import("../server/users/service");
  const shop = await createMerchant(db(), {
    name: `Financeiro ${RUN}`,
    document: randomCpf(),
    email: MERCHANT.email,
    password: MERCHANT.password,
    ipWhitelist: ["127.0.0.1"],
  });
  await creditIncomingPix(db(), { userId: shop.userId, accountId: shop.accountId, amountCents: 1_000_000n });
  await createUser(db(), { ...ADMIN, name: "Operador", role: "ADMIN" });
  await disconnectDb();

  page = await openPage(browser);
});

test.afterAll(async () => {
  await page.context().close();
});

test("a merchant sets up an authenticator app and keeps ten recovery codes", async () => {
  await signIn(page, MERCHANT);
  await expect(page).toHaveURL(/\/overview$/, SLOW);
  await page.goto("/security");
  await expect(page.getByRole("heading", { level: 1, name: "Segurança" })).toBeVisible(SLOW);
  const card = page.getByTestId("totp-card");
  await expect(card.getByTestId("totp-state")).toHaveText("Desativado");

  await card.getByRole("button", { name: "Configurar app autenticador" }).click();
  await expect(card.getByRole("img", { name: /QR code/ })).toBeVisible(SLOW);
  secret = (await card.getByTestId("totp-secret").textContent())?.trim() ?? "";
  expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
  await snap(page, "security-totp-setup");

  // A wrong code is refused in the merchant's language.
  await card.getByLabel("Código mostrado pelo app").fill("000000");
  await card.getByRole("button", { name: "Confirmar" }).click();
  await expect(card.getByTestId("totp-error")).toContainText("Código inválido", SLOW);

  await card.getByLabel("Código mostrado pelo app").fill(await totpCode(secret));
  await card.getByRole("button", { name: "Confirmar" }).click();
  const codes = page.getByTestId("recovery-code-list");
  await expect(codes).toBeVisible(SLOW);
  const list = (await codes.textContent()) ?? "";
  expect(list.match(/[A-Z2-9]{5}-[A-Z2-9]{5}/g)).toHaveLength(10);
  await snap(page, "security-recovery-codes");
  await page.getByRole("button", { name: "Já guardei" }).click();
  await expect(page.getByTestId("totp-card").getByTestId("totp-state")).toHaveText("Ativado", SLOW);
  await expect(page.getByTestId("recovery-card")).toContainText("10 códigos restantes");
});

test("a send above R$ 5.000,00 asks for a code, then goes through", async () => {
  await page.goto("/send");
  const form = page.getByRole("tabpanel", { name: "Chave Pix" });
  await form.getByLabel("Chave Pix").fill(DEMO_COUNTERPARTY.pixKey);
  await form.getByLabel("Valor").fill(LARGE);
  await form.getByRole("button", { name: "Continuar" }).click();
  const review = form.getByTestId("pix-key-review");
  await expect(review.getByTestId("receiver-name")).toHaveText(DEMO_COUNTERPARTY.name, SLOW);
  await review.getByRole("button", { name: "Confirmar e enviar" }).click();

  const dialog = page.getByTestId("step-up-dialog");
  await expect(dialog.getByRole("heading", { name: "Confirme que é você" })).toBeVisible(SLOW);
  await snap(page, "security-step-up");
  // The code that confirmed the app is spent; the next step's is accepted.
  await dialog.getByLabel("Código").fill(await totpCode(secret, 1));
  await dialog.getByRole("button", { name: "Confirmar e continuar" }).click();

  const result = form.getByTestId("send-result");
  await expect(result.getByRole("heading", { name: "Envio concluído" })).toBeVisible(SLOW);
  await expect(result).toHaveAttribute("data-status", "succeeded");
  await snap(page, "security-step-up-sent");
});

test("the next sign-in asks for the second step", async () => {
  await page.context().clearCookies();
  await page.goto("/login");
  await page.getByLabel("E-mail").fill(MERCHANT.email);
  await page.getByLabel("Senha").fill(MERCHANT.password);
  await page.getByRole("button", { name: "Entrar" }).click();
  const step = page.getByTestId("second-step");
  await expect(step.getByRole("heading", { name: "Confirme que é você" })).toBeVisible(SLOW);
  // Signed in with the password only, nothing else opens.
  await page.goto("/overview");
  await expect(page).toHaveURL(/\/login$/, SLOW);
  await snap(page, "security-second-step");
});

test("an administrator without a second factor reaches only the security page", async () => {
  await page.context().clearCookies();
  await page.goto("/login");
  await signIn(page, ADMIN);
  await expect(page).toHaveURL(/\/security$/, SLOW);
  await expect(page.getByTestId("must-enrol")).toBeVisible(SLOW);
  await page.goto("/admin");
  await expect(page).toHaveURL(/\/security$/, SLOW);
  const refused = await page.request.get("/api/trpc/adminHome.overview");
  expect(refused.status()).toBe(403);
  await snap(page, "security-admin-must-enrol");

  const card = page.getByTestId("totp-card");
  await card.getByRole("button", { name: "Configurar app autenticador" }).click();
  const adminSecret = (await card.getByTestId("totp-secret").textContent())?.trim() ?? "";
  await card.getByLabel("Código mostrado pelo app").fill(await totpCode(adminSecret));
  await card.getByRole("button", { name: "Confirmar" }).click();
  await page.getByRole("button", { name: "Já guardei" }).click();
  await expect(page.getByTestId("must-enrol")).toBeHidden(SLOW);
  // The same session now reaches the back office.
  await page.goto("/admin");
  await expect(page).toHaveURL(/\/admin$/, SLOW);
  expect((await page.request.get("/api/trpc/adminHome.overview")).status()).toBe(200);
});
