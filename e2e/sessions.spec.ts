/**
 * Sign-in hygiene as a person meets it (docs/decisions/0045-sign-in-hygiene.md): after "sign out
 * everywhere", two browsers signed in show as two devices and one signs the other out; a forgotten password is reset through
 * the sandbox mailbox's link, which works once. The demo merchant's password is set back at the end.
 */
import { type Browser, expect, test } from "@playwright/test";
import { DEMO_MERCHANT } from "../prisma/demo";
import { sandboxLink } from "./support/account-api";
import { snap } from "./support/screenshots";
import { signIn } from "./support/session";

test.describe.configure({ mode: "serial" });

const SLOW = { timeout: 20_000 };
const FIREFOX_ON_LINUX = "Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0";
const NEW_PASSWORD = "nova-senha-e2e-2026";

const newPage = async (browser: Browser, userAgent?: string) =>
  (await browser.newContext({ viewport: { width: 1280, height: 800 }, ...(userAgent ? { userAgent } : {}) })).newPage();

test("two browsers are two devices; one signs the other out", async ({ browser }) => {
  const laptop = await newPage(browser);
  const other = await newPage(browser, FIREFOX_ON_LINUX);
  await signIn(laptop, DEMO_MERCHANT);
  await expect(laptop).toHaveURL(/\/overview$/, SLOW);
  // earlier specs left the demo merchant signed in elsewhere: "sign out everywhere" first
  await laptop.goto("/sessions");
  await laptop.getByRole("button", { name: "Sair de todos os dispositivos" }).click();
  await laptop.getByTestId("sign-out-everywhere-confirm").click();
  await expect(laptop).toHaveURL(/\/login$/, SLOW);

  await signIn(laptop, DEMO_MERCHANT);
  await expect(laptop).toHaveURL(/\/overview$/, SLOW);
  await signIn(other, DEMO_MERCHANT);
  await expect(other).toHaveURL(/\/overview$/, SLOW);

  await laptop.getByRole("link", { name: "Sessões e senha" }).click();
  await expect(laptop.getByRole("heading", { name: "Dispositivos conectados" })).toBeVisible(SLOW);
  const devices = laptop.getByTestId("device-session");
  await expect(devices).toHaveCount(2, SLOW);
  const firefox = devices.filter({ hasText: "Firefox 133 em Linux" });
  await expect(firefox).toBeVisible();
  await expect(devices.filter({ hasText: "Este dispositivo" })).toContainText("Chrome");
  await expect(firefox).toContainText("127.0.0.1");
  await snap(laptop, "sessions-two-devices");

  await firefox.getByRole("button", { name: "Desconectar" }).click();
  await laptop.getByTestId("sign-out-device-confirm").click();
  await expect(devices).toHaveCount(1, SLOW);
  await expect(devices).toContainText("Este dispositivo");

  // the other browser is signed out at its next request
  await other.reload();
  await expect(other).toHaveURL(/\/login$/, SLOW);
  await snap(other, "sessions-signed-out");
  await laptop.context().close();
  await other.context().close();
});

test("a forgotten password is reset through the e-mail's link, which works once", async ({ browser, request }) => {
  const page = await newPage(browser);
  await page.goto("/login");
  await page.getByRole("link", { name: "Esqueci minha senha" }).click();
  await expect(page.getByRole("heading", { name: "Esqueceu sua senha?" })).toBeVisible(SLOW);
  await page.getByLabel("E-mail").fill(DEMO_MERCHANT.email);
  await page.getByRole("button", { name: "Enviar link" }).click();
  await expect(page.getByText("Se este e-mail tiver uma conta, o link está a caminho.")).toBeVisible(SLOW);
  await snap(page, "forgot-password-sent");

  const link = await sandboxLink(request, DEMO_MERCHANT.email, "/reset-password?token=");
  await page.goto(link);
  await page.getByLabel("Nova senha", { exact: true }).fill(NEW_PASSWORD);
  await page.getByLabel("Repita a nova senha").fill(NEW_PASSWORD);
  await snap(page, "reset-password-form");
  await page.getByRole("button", { name: "Salvar nova senha" }).click();
  await expect(page.getByTestId("reset-password-done")).toBeVisible(SLOW);

  // used once: the same link is refused
  await page.goto(link);
  await page.getByLabel("Nova senha", { exact: true }).fill("outra-senha-qualquer");
  await page.getByLabel("Repita a nova senha").fill("outra-senha-qualquer");
  await page.getByRole("button", { name: "Salvar nova senha" }).click();
  await expect(page.getByTestId("reset-password-invalid")).toBeVisible(SLOW);

  // the old password no longer works, the new one does
  await signIn(page, DEMO_MERCHANT);
  await expect(page.getByTestId("login-error")).toContainText("E-mail ou senha incorretos", SLOW);
  await signIn(page, { email: DEMO_MERCHANT.email, password: NEW_PASSWORD });
  await expect(page).toHaveURL(/\/overview$/, SLOW);

  // back to the demo password, through "Alterar senha" (the current one is required)
  await page.goto("/sessions");
  const form = page.getByTestId("password-change");
  await form.getByLabel("Senha atual").fill("não-é-esta");
  await form.getByLabel("Nova senha", { exact: true }).fill(DEMO_MERCHANT.password);
  await form.getByLabel("Repita a nova senha").fill(DEMO_MERCHANT.password);
  await form.getByRole("button", { name: "Alterar senha" }).click();
  await expect(page.getByTestId("password-change-said")).toContainText("A senha atual está errada.", SLOW);
  await form.getByLabel("Senha atual").fill(NEW_PASSWORD);
  await form.getByRole("button", { name: "Alterar senha" }).click();
  await expect(page.getByTestId("password-change-said")).toContainText("Senha alterada.", SLOW);
  await snap(page, "sessions-password-changed");
  await page.context().close();
});
