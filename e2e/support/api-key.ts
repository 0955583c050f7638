/**
 * A fresh API key made on /api-keys by the merchant signed in on `page`, for specs that call /v4/i
 * with a key of their own (e.g. one carrying the baas:* scopes the seed's key lacks).
 */
import { expect, type Page } from "@playwright/test";
import { SLOW } from "./walk";

/**
 * Names the key, ticks `scopes` (new keys start read-only), allows 127.0.0.1, creates it and
 * answers the Basic authorization built from the secret the dialog shows once.
 */
export async function keyFromPage(page: Page, name: string, scopes: RegExp[]): Promise<string> {
  await page.goto("/api-keys");
  await page.getByRole("button", { name: "Criar chave" }).click();
  const dialog = page.getByRole("dialog", { name: "Criar chave de API" });
  await dialog.getByLabel("Nome").fill(name);
  for (const scope of scopes) await dialog.getByRole("checkbox", { name: scope }).check();
  await dialog.getByLabel("IP permitido 1").fill("127.0.0.1");
  await expect(dialog.getByTestId("whitelist-valid")).toBeVisible(SLOW);
  await dialog.getByRole("button", { name: "Criar chave" }).click();
  const panel = page.getByRole("dialog", { name: "Chave criada" }).getByTestId("secret-panel");
  await expect(panel).toBeVisible(SLOW);
  const clientId = ((await panel.getByTestId("secret-client-id").textContent()) ?? "").trim();
  const clientSecret = ((await panel.getByTestId("secret-client-secret").textContent()) ?? "").trim();
  return `Basic ${Buffer.from(`${clientId}:${clientSecret}`).toString("base64")}`;
}
