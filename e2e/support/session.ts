/**
 * Signing in as a person does it, for every spec: the login form's e-mail and password, then
 * "Entrar". Where the browser lands is for the spec to check (a wrong password stays on /login).
 */
import type { Page } from "@playwright/test";

export type Credentials = { email: string; password: string };

export async function signIn(page: Page, user: Credentials): Promise<void> {
  if (new URL(page.url(), "http://localhost").pathname !== "/login") await page.goto("/login");
  await page.getByLabel("E-mail").fill(user.email);
  await page.getByLabel("Senha").fill(user.password);
  await page.getByRole("button", { name: "Entrar" }).click();
}
