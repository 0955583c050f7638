/**
 * Signing in as a person does it, for every spec: the login form's e-mail and password, then
 * "Entrar". Where the browser lands is for the spec to check (a wrong password stays on /login).
 * A user with an authenticator app (`totpSecret`, the demo admin) then types its current code.
 */
import { expect, type Page } from "@playwright/test";
import { generate } from "otplib";

export type Credentials = { email: string; password: string; totpSecret?: string };

export async function signIn(page: Page, user: Credentials): Promise<void> {
  if (new URL(page.url(), "http://localhost").pathname !== "/login") await page.goto("/login");
  await page.getByLabel("E-mail").fill(user.email);
  await page.getByLabel("Senha").fill(user.password);
  await page.getByRole("button", { name: "Entrar" }).click();
  if (user.totpSecret) await secondStep(page, user.totpSecret);
}

/** The code an authenticator app shows `offsetSteps` 30-second steps from now. */
export const totpCode = (secret: string, offsetSteps = 0) =>
  generate({ secret, epoch: Math.floor(Date.now() / 1000) + offsetSteps * 30 });

/**
 * The login page's second step with an app code. A code is good once: when another sign-in of
 * this run already spent this step's code, the next step's is still accepted, and after that the
 * step after the clock turns.
 */
export async function secondStep(page: Page, secret: string): Promise<void> {
  const form = page.getByTestId("second-step");
  await expect(form).toBeVisible({ timeout: 30_000 });
  for (const attempt of [0, 1, "wait"] as const) {
    if (attempt === "wait") await page.waitForTimeout(30_000 - (Date.now() % 30_000) + 500);
    await form.getByLabel("Código").fill(await totpCode(secret, attempt === 1 ? 1 : 0));
    await form.getByRole("button", { name: "Continuar" }).click();
    // A refusal of the previous attempt goes away while this one is checked.
    await expect(form.getByTestId("check-error"))
      .toBeHidden({ timeout: 5_000 })
      .catch(() => undefined);
    const outcome = await Promise.race([
      form.waitFor({ state: "detached", timeout: 20_000 }).then(() => "done" as const),
      form
        .getByTestId("check-error")
        .waitFor({ timeout: 20_000 })
        .then(() => "refused" as const),
    ]);
    if (outcome === "done") return;
  }
  throw new Error("the second step refused every code");
}
