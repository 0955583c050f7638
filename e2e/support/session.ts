/**
 * Signing in as a person does it, for every spec: the login form's e-mail and password, then
 * "Entrar". Where the browser lands is for the spec to check (a wrong password stays on /login).
 * A user with an authenticator app (`totpSecret`, the demo admin) then types its current code.
 */
import { createHash } from "node:crypto";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
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

/** Where this run keeps the last time step it spent of each secret (spec files run in turn). */
const spentFile = (secret: string) =>
  path.join(tmpdir(), `pix-e2e-totp-${createHash("sha256").update(secret).digest("hex").slice(0, 16)}`);

const currentStep = () => Math.floor(Date.now() / 30_000);

/**
 * The step to type: a code is good once and never one older than the last accepted, and failed
 * attempts are throttled, so the run types the step after the last one it spent, waiting for the
 * clock when that is more than one step ahead (the server accepts one step of drift).
 */
async function nextStep(page: Page, secret: string): Promise<number> {
  const spent = existsSync(spentFile(secret)) ? Number(readFileSync(spentFile(secret), "utf8")) : 0;
  const step = Math.max(currentStep(), spent + 1);
  if (step > currentStep() + 1) await page.waitForTimeout((step - 1) * 30_000 - Date.now() + 500);
  return step;
}

/** The login page's second step with an app code (the next unspent step of this run's). */
export async function secondStep(page: Page, secret: string): Promise<void> {
  const form = page.getByTestId("second-step");
  await expect(form).toBeVisible({ timeout: 30_000 });
  for (let attempt = 0; attempt < 3; attempt++) {
    const step = await nextStep(page, secret);
    await form.getByLabel("Código").fill(await generate({ secret, epoch: step * 30 }));
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
    // spent either way: a refusal means a sign-in outside this helper took it
    writeFileSync(spentFile(secret), String(step));
    if (outcome === "done") return;
  }
  throw new Error("the second step refused every code");
}
