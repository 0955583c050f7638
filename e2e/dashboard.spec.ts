/**
 * The dashboard as a person uses it: sign in, read the balance, change language, use it on a
 * phone, and find the admin area closed to merchants but open to administrators.
 *
 * One page walks through the steps in order (serial), so the whole spec signs in only three times.
 */
import { expect, type Page, test } from "@playwright/test";
import { DEMO_ADMIN, DEMO_MERCHANT } from "../prisma/demo";
import { signIn } from "./support/session";

test.describe.configure({ mode: "serial" });

const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 375, height: 812 };
/** Sign-in hashes the password (scrypt) and the first visit of a page may compile it in dev. */
const SLOW = { timeout: 20_000 };

let page: Page;
/** What the browser refused under the pages' content security policy (proxy.ts), all walk long. */
const refusedByPolicy: string[] = [];

test.beforeAll(async ({ browser }) => {
  page = await browser.newPage({ viewport: DESKTOP });
  page.on("console", (message) => {
    if (message.type() === "error" && /Content Security Policy/i.test(message.text())) {
      refusedByPolicy.push(message.text());
    }
  });
});

test.afterAll(async () => {
  await page.close();
});

const mainNav = () => page.getByRole("navigation", { name: "Navegação principal" });

test("a visitor to / lands on the login page", async () => {
  await page.goto("/");
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole("heading", { name: "Entrar no painel" })).toBeVisible();
});

test("a wrong password shows an error and keeps the visitor on the login page", async () => {
  await signIn(page, { email: DEMO_MERCHANT.email, password: `${DEMO_MERCHANT.password}-wrong` });
  await expect(page.getByRole("alert").filter({ hasText: "E-mail ou senha incorretos." })).toBeVisible(SLOW);
  await expect(page).toHaveURL(/\/login$/);
});

test("the demo merchant signs in and sees the available balance in reais", async () => {
  await signIn(page, DEMO_MERCHANT);
  await expect(page).toHaveURL(/\/overview$/, SLOW);
  await expect(page.getByRole("heading", { level: 1, name: "Visão geral" })).toBeVisible();
  const available = page.getByTestId("balance-available");
  await expect(available).toHaveText(/R\$/, SLOW);
  // pt-BR: "R$ 1.234,56" (thousands with dots, cents after a comma)
  await expect(available).toHaveText(/^R\$\s?[\d.]+,\d{2}$/);
  await expect(mainNav().getByRole("link", { name: "Enviar dinheiro" })).toBeVisible();
});

test("the merchant switches the dashboard to English and back to Portuguese", async () => {
  await page.getByLabel("Idioma").selectOption("en");
  const english = page.getByRole("navigation", { name: "Main navigation" });
  await expect(english.getByRole("link", { name: "Send money" })).toBeVisible();
  await expect(english.getByRole("link", { name: "Statements" })).toBeVisible();
  await expect(page.getByRole("heading", { level: 1, name: "Overview" })).toBeVisible();
  // en: "R$1,234.56"
  await expect(page.getByTestId("balance-available")).toHaveText(/^R\$\s?[\d,]+\.\d{2}$/);
  await expect(page.locator("html")).toHaveAttribute("lang", "en");

  await page.getByLabel("Language").selectOption("pt-BR");
  await expect(mainNav().getByRole("link", { name: "Enviar dinheiro" })).toBeVisible();
  await expect(page.getByRole("heading", { level: 1, name: "Visão geral" })).toBeVisible();
  await expect(page.getByTestId("balance-available")).toHaveText(/^R\$\s?[\d.]+,\d{2}$/);

  await page.screenshot({ path: "e2e/screenshots/overview.png", fullPage: true });
});

test("on a phone the navigation collapses behind a menu button", async () => {
  await page.setViewportSize(PHONE);
  const menuButton = page.getByRole("button", { name: "Abrir menu" });
  await expect(menuButton).toBeVisible();
  await expect(mainNav()).toBeHidden();

  await menuButton.click();
  await expect(mainNav()).toBeVisible();
  await mainNav().getByRole("link", { name: "Cobranças", exact: true }).click();
  await expect(page).toHaveURL(/\/charges$/, SLOW);
  await expect(page.getByRole("heading", { level: 1, name: "Cobranças" })).toBeVisible();
  await expect(mainNav()).toBeHidden();

  await page.setViewportSize(DESKTOP);
  await expect(mainNav()).toBeVisible();
  await expect(menuButton).toBeHidden();
});

test("a merchant sees no admin link and is not allowed into /admin", async () => {
  await expect(mainNav().getByRole("link", { name: "Administração" })).toHaveCount(0);
  const answer = await page.goto("/admin");
  expect(answer?.status()).toBe(403);
  await expect(page.getByRole("heading", { name: "Acesso não permitido" })).toBeVisible(SLOW);
  await page.getByRole("link", { name: "Voltar ao painel" }).click();
  await expect(page).toHaveURL(/\/overview$/, SLOW);
});

test("the admin signs in and reaches /admin", async () => {
  await page.getByRole("button", { name: "Sair" }).click();
  await expect(page).toHaveURL(/\/login$/, SLOW);

  await signIn(page, DEMO_ADMIN);
  // Administrators start in the back office (e2e/admin-home.spec.ts walks through it).
  await expect(page).toHaveURL(/\/admin$/, SLOW);
  await expect(page.getByRole("heading", { level: 1, name: "Administração" })).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Navegação administrativa" })).toBeVisible();
});

test("every page of the walk ran under its nonce, and injected markup runs no script", async () => {
  const policy = (await page.request.get("/overview")).headers()["content-security-policy"] ?? "";
  // no 'unsafe-inline' for scripts: an injected one cannot know the nonce
  expect(/script-src [^;]*/.exec(policy)?.[0]).toMatch(/^script-src 'self' 'nonce-[^']+' 'strict-dynamic'$/);
  expect(refusedByPolicy).toEqual([]);

  // markup an injection would add to the page: its handler is refused, and reported as the
  // walk's only refusal
  await page.evaluate(() => {
    const injected = document.createElement("div");
    injected.innerHTML = `<img src="/missing.png" onerror="document.body.dataset.injected = 'ran'">`;
    document.body.append(injected);
  });
  await expect.poll(() => refusedByPolicy.length).toBe(1);
  expect(await page.evaluate(() => document.body.dataset.injected)).toBeUndefined();
});
