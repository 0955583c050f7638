/**
 * The second factor's steps several specs walk (decision 0044): setting up an authenticator app
 * on the security page, and a send above the step-up amount confirmed with the app's code.
 */
import { expect, type Locator, type Page } from "@playwright/test";
import { snap } from "./screenshots";
import { totpCode } from "./session";
import { SLOW } from "./walk";

/**
 * On the security page: sets up the app with the key it shows and puts the recovery codes away;
 * the key. Where the person is then taken (a user who had to enrol leaves the page) is the spec's.
 */
export async function enrolAuthenticatorApp(page: Page): Promise<string> {
  const card = page.getByTestId("totp-card");
  await card.getByRole("button", { name: "Configurar app autenticador" }).click();
  const secret = (await card.getByTestId("totp-secret").textContent())?.trim() ?? "";
  expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
  await card.getByLabel("Código mostrado pelo app").fill(await totpCode(secret));
  await card.getByRole("button", { name: "Confirmar" }).click();
  await expect(page.getByTestId("recovery-code-list")).toBeVisible(SLOW);
  await page.getByRole("button", { name: "Já guardei" }).click();
  await expect(page.getByTestId("recovery-code-list")).toBeHidden(SLOW);
  return secret;
}

/** The send page's PIX key tab filled, reviewed and confirmed; the tab, for its result. */
export async function sendToKey(page: Page, to: { pixKey: string; name: string }, amount: string): Promise<Locator> {
  await page.goto("/send");
  const form = page.getByRole("tabpanel", { name: "Chave Pix" });
  await form.getByLabel("Chave Pix").fill(to.pixKey);
  await form.getByLabel("Valor").fill(amount);
  await form.getByRole("button", { name: "Continuar" }).click();
  const review = form.getByTestId("pix-key-review");
  await expect(review.getByTestId("receiver-name")).toHaveText(to.name, SLOW);
  await review.getByRole("button", { name: "Confirmar e enviar" }).click();
  return form;
}

/**
 * The step-up dialog answered with the app's code. The code that confirmed the app is spent; the
 * next step's is accepted. `shot`: a screenshot of the open dialog.
 */
export async function stepUpWithCode(page: Page, secret: string, shot?: string): Promise<void> {
  const dialog = page.getByTestId("step-up-dialog");
  await expect(dialog.getByRole("heading", { name: "Confirme que é você" })).toBeVisible(SLOW);
  if (shot) await snap(page, shot);
  await dialog.getByLabel("Código").fill(await totpCode(secret, 1));
  await dialog.getByRole("button", { name: "Confirmar e continuar" }).click();
}
