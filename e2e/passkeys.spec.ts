/**
 * A passkey as a person meets it (decision 0044), with Chromium's virtual authenticator standing
 * in for the fingerprint reader: a merchant adds a named passkey on the security page, signs out,
 * signs in with the password and passes the second step with the passkey, then removes it.
 *
 * Browsers refuse an IP address as a passkey's relying party, so this spec walks the e2e server as
 * http://localhost:PORT; on a loopback APP_URL the server takes the loopback name a request comes
 * in on as the relying party (relyingParty, server/second-factor/passkeys.ts).
 */
import { randomBytes } from "node:crypto";
import { expect, type Page, test } from "@playwright/test";
import { freshMerchant, onRunDatabase } from "./support/people";
import { snap } from "./support/screenshots";
import { signIn } from "./support/session";
import { mainNavOf, openPage, SLOW } from "./support/walk";

test.describe.configure({ mode: "serial" });

const RUN = randomBytes(4).toString("hex");
const MERCHANT = { name: `Chaves ${RUN}`, email: `passkey-${RUN}@example.test`, password: "passkey-pass-2026" };
const PASSKEY = "Notebook do escritório";

let page: Page;

/** The e2e server under the name browsers accept as a passkey's relying party. */
function onLocalhost(baseURL: string | undefined): string {
  const url = new URL(String(baseURL));
  url.hostname = "localhost";
  return url.origin;
}

test.beforeAll(async ({ browser }, testInfo) => {
  const baseURL = onLocalhost(testInfo.project.use.baseURL);
  await onRunDatabase(browser, baseURL, (db) => freshMerchant(db, MERCHANT, 0n));
  page = await openPage(browser, { baseURL });
  // A platform authenticator that answers at once, the person's fingerprint always recognised.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("WebAuthn.enable");
  await cdp.send("WebAuthn.addVirtualAuthenticator", {
    options: {
      protocol: "ctap2",
      transport: "internal",
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
});

test.afterAll(async () => {
  await page.context().close();
});

test("a merchant adds a named passkey on the security page", async () => {
  await signIn(page, MERCHANT);
  await expect(page).toHaveURL(/^http:\/\/localhost:\d+\/overview$/, SLOW);
  await page.goto("/security");
  const card = page.getByTestId("passkeys-card");
  await expect(card).toContainText("Nenhuma chave de acesso ainda.", SLOW);

  await card.getByLabel("Nome da chave de acesso").fill(PASSKEY);
  await card.getByRole("button", { name: "Adicionar chave de acesso" }).click();
  const list = card.getByTestId("passkey-list");
  await expect(list.getByRole("listitem")).toHaveCount(1, SLOW);
  await expect(list).toContainText(PASSKEY);
  await expect(card.getByTestId("passkey-error")).toHaveCount(0);
  // a first second factor comes with ten recovery codes, shown once
  const codes = page.getByTestId("recovery-code-list");
  await expect(codes).toBeVisible(SLOW);
  expect(((await codes.textContent()) ?? "").match(/[A-Z2-9]{5}-[A-Z2-9]{5}/g)).toHaveLength(10);
  await snap(page, "security-passkey-added");
  await page.getByRole("button", { name: "Já guardei" }).click();
  await expect(codes).toBeHidden(SLOW);
  await expect(page.getByTestId("recovery-card")).toContainText("10 códigos restantes.", SLOW);
});

test("the next sign-in passes the second step with the passkey", async () => {
  await page.goto("/overview");
  await mainNavOf(page).waitFor(SLOW);
  await page.getByRole("button", { name: "Sair", exact: true }).click();
  await expect(page).toHaveURL(/\/login$/, SLOW);

  await signIn(page, MERCHANT);
  const step = page.getByTestId("second-step");
  await expect(step.getByRole("heading", { name: "Confirme que é você" })).toBeVisible(SLOW);
  // The password alone opens nothing.
  expect((await page.request.get("/api/trpc/security.status")).status()).toBe(401);
  await snap(page, "security-passkey-second-step");

  await step.getByRole("button", { name: "Usar chave de acesso" }).click();
  await expect(page).toHaveURL(/\/overview$/, SLOW);
  expect((await page.request.get("/api/trpc/security.status")).status()).toBe(200);
});

test("the merchant removes the passkey", async () => {
  await page.goto("/security");
  const card = page.getByTestId("passkeys-card");
  await expect(card.getByTestId("passkey-list")).toContainText(PASSKEY, SLOW);
  // Just checked with the passkey at sign-in: the removal's step-up stands without asking again.
  await card.getByRole("button", { name: "Remover" }).click();
  await expect(card).toContainText("Nenhuma chave de acesso ainda.", SLOW);
  await expect(page.getByTestId("step-up-dialog")).toBeHidden();
  await snap(page, "security-passkey-removed");
});
