/**
 * The second factor as people meet it (decision 0044): a merchant sets up an authenticator app
 * (the spec computes codes from the key the page shows), keeps the recovery codes, and confirms a
 * send above R$ 5.000,00 with a code; an administrator without a second factor is sent to the
 * security page before reaching the back office.
 *
 * The people are made for this spec (e2e/support/people.ts), so the demo users other specs sign in
 * as keep signing in with the password alone.
 */
import { randomBytes } from "node:crypto";
import { expect, type Page, test } from "@playwright/test";
import { DEMO_COUNTERPARTY } from "../prisma/demo";
import { freshMerchant, onRunDatabase } from "./support/people";
import { snap } from "./support/screenshots";
import { enrolAuthenticatorApp, sendToKey, stepUpWithCode } from "./support/second-factor";
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

test.beforeAll(async ({ browser }, testInfo) => {
  await onRunDatabase(browser, String(testInfo.project.use.baseURL), async (db) => {
    await freshMerchant(db, { ...MERCHANT, name: `Financeiro ${RUN}` }, 1_000_000n);
    const { createUser } = await import("../server/users/service");
    await createUser(db, { ...ADMIN, name: "Operador", role: "ADMIN" });
  });
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
  const form = await sendToKey(page, DEMO_COUNTERPARTY, LARGE);
  await stepUpWithCode(page, secret, "security-step-up");

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

  await enrolAuthenticatorApp(page);
  await expect(page.getByTestId("must-enrol")).toBeHidden(SLOW);
  // The same session now reaches the back office.
  await page.goto("/admin");
  await expect(page).toHaveURL(/\/admin$/, SLOW);
  expect((await page.request.get("/api/trpc/adminHome.overview")).status()).toBe(200);
});
