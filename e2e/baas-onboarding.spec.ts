/**
 * Account-programme onboarding end to end: the merchant makes an API key, opens a proposal
 * through /v4/i, the customer confirms the e-mail on the page the sandbox e-mail links to, the
 * documents go up (JSON Base64 and multipart), an administrator approves in the back office, and
 * the merchant sees the proposal approved with its account on "Programa de contas".
 */
import { type APIRequestContext, type Browser, expect, type Page, test } from "@playwright/test";
import { DEMO_ADMIN, DEMO_MERCHANT } from "../prisma/demo";
import { keyFromPage } from "./support/api-key";
import { signIn } from "./support/session";

test.describe.configure({ mode: "serial" });

const SLOW = { timeout: 20_000 };
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
  "base64",
);
// A valid CPF whose check digits are computed, so every run has its own document.
function randomCpf(): string {
  const digits = Array.from({ length: 9 }, () => Math.floor(Math.random() * 10));
  for (const start of [10, 11]) {
    const rest = digits.reduce((acc, d, i) => acc + d * (start - i), 0) % 11;
    digits.push(rest < 2 ? 0 : 11 - rest);
  }
  return digits.join("");
}

const tag = Date.now().toString(36);
const customer = {
  personType: "person",
  // a person's name as the DICT takes it: letters only (the run's tag spelled without digits)
  name: `Cliente Teste ${tag.replace(/\d/g, (digit) => "abcdefghij"[Number(digit)] as string)}`,
  document: randomCpf(),
  email: `cliente-${tag}@example.test`,
  phone: "+5511987654321",
  birthDate: "1990-05-17",
  address: { street: "Avenida Paulista", number: "1000", city: "São Paulo", state: "SP", zipCode: "01310100" },
};
const state = { auth: "", userId: "", accountId: "" };

let merchant: Page;

async function newPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  return context.newPage();
}

const api = (request: APIRequestContext, method: "GET" | "POST", path: string, data?: unknown) =>
  request.fetch(path, {
    method,
    headers: { authorization: state.auth },
    ...(data === undefined ? {} : { data }),
  });

test.beforeAll(async ({ browser }) => {
  merchant = await newPage(browser);
});

test.afterAll(async () => {
  await merchant.context().close();
});

test("the merchant creates an API key with the onboarding scope for 127.0.0.1", async () => {
  await signIn(merchant, DEMO_MERCHANT);
  await expect(merchant).toHaveURL(/\/overview$/, SLOW);
  state.auth = await keyFromPage(merchant, `BaaS e2e ${tag}`, [/^baas:onboarding/, /^baas:accounts/]);
});

test("a proposal is created through the API and waits for the e-mail", async ({ request }) => {
  const created = await api(request, "POST", "/v4/i/baas/onboarding/new", customer);
  expect(created.status()).toBe(200);
  const body = await created.json();
  expect(body.data.status).toBe("PENDING_EMAIL_VERIFICATION");
  state.userId = body.data.userId;
});

test("the customer follows the sandbox e-mail's link and confirms", async ({ request, browser }) => {
  let link = "";
  await expect
    .poll(async () => {
      const response = await api(request, "GET", `/v4/i/sandbox/emails?to=${encodeURIComponent(customer.email)}`);
      link = (await response.json()).data?.[0]?.links?.[0] ?? "";
      return link;
    }, SLOW)
    .toContain("/onboarding/verify?token=");

  const page = await newPage(browser);
  await page.goto(link);
  await expect(page.getByRole("heading", { name: "Confirme seu e-mail" })).toBeVisible();
  await page.getByTestId("verify-email-confirm").click();
  await expect(page.getByTestId("verify-email-verified")).toBeVisible(SLOW);
  await page.screenshot({ path: "e2e/screenshots/onboarding-verified.png" });
  // The link works once.
  await page.goto(link);
  await page.getByTestId("verify-email-confirm").click();
  await expect(page.getByTestId("verify-email-invalid")).toBeVisible(SLOW);
  await page.context().close();

  const status = await api(request, "GET", `/v4/i/baas/onboarding/${state.userId}`);
  expect((await status.json()).data.status).toBe("PENDING_DOCUMENTS");
});

test("the documents go up in both encodings and the proposal is under review", async ({ request }) => {
  const path = `/v4/i/baas/onboarding/${state.userId}/documents/upload`;
  const front = await api(request, "POST", path, { documentType: "RG", documentFront: PNG.toString("base64") });
  expect(front.status()).toBe(200);
  expect((await front.json()).data.status).toBe("PENDING_DOCUMENTS");
  const back = await request.post(path, {
    headers: { authorization: state.auth },
    multipart: { documentType: "RG", documentBack: { name: "back.png", mimeType: "image/png", buffer: PNG } },
  });
  expect(back.status()).toBe(200);
  expect((await back.json()).data.status).toBe("UNDER_REVIEW");
});

test("an administrator reviews the documents and approves", async ({ browser }) => {
  const admin = await newPage(browser);
  await signIn(admin, DEMO_ADMIN);
  await expect(admin).not.toHaveURL(/\/login/, SLOW);
  await admin.goto("/admin/onboarding");
  const row = admin.locator(`[data-testid="onboarding-queue-row"][data-user-id="${state.userId}"]`);
  await expect(row).toBeVisible(SLOW);
  await row.click();
  await expect(admin.getByRole("heading", { level: 1, name: customer.name })).toBeVisible(SLOW);
  // Administrators see the document whole, and the files inline.
  const d = customer.document;
  await expect(admin.getByTestId("proposal-document")).toHaveText(
    `${d.slice(0, 3)}.${d.slice(3, 6)}.${d.slice(6, 9)}-${d.slice(9)}`,
  );
  // what a person reads: the birth date and the CEP as written in Brazil, the document's name
  await expect(admin.getByTestId("proposal-birth-date")).toHaveText("17/05/1990");
  await expect(admin.getByTestId("proposal-zip-code")).toHaveText("01310-100");
  await expect(admin.getByTestId("proposal-file").first()).toContainText("RG · frente");
  const images = admin.getByTestId("proposal-file").locator("img");
  await expect(images).toHaveCount(2);
  await expect
    .poll(() => images.first().evaluate((img) => (img as HTMLImageElement).naturalWidth), SLOW)
    .toBeGreaterThan(0);
  await admin.screenshot({ path: "e2e/screenshots/onboarding-review.png", fullPage: true });

  await admin.getByTestId("proposal-approve").click();
  const dialog = admin.getByTestId("approve-dialog");
  await expect(dialog).toBeVisible();
  await dialog.getByTestId("approve-confirm").click();
  await expect(admin.getByTestId("proposal-status")).toHaveAttribute("data-status", "APPROVED", SLOW);
  state.accountId = ((await admin.getByTestId("proposal-account").textContent()) ?? "").trim();
  expect(state.accountId).toMatch(/^\d{12}$/);
  await admin.context().close();
});

test("the merchant sees the proposal approved with its account on Programa de contas", async () => {
  await merchant.goto("/baas");
  await expect(merchant.getByRole("heading", { level: 1, name: "Programa de contas" })).toBeVisible(SLOW);
  const card = merchant.locator(`[data-testid="baas-proposal"][data-user-id="${state.userId}"]`);
  await expect(card).toBeVisible(SLOW);
  await expect(card.getByTestId("proposal-status")).toHaveAttribute("data-status", "APPROVED");
  await expect(card.getByTestId("proposal-account")).toContainText(state.accountId);
  await expect(card.getByTestId("proposal-timeline")).toContainText("Aprovada");
  await merchant.screenshot({ path: "e2e/screenshots/baas-proposals.png", fullPage: true });
});

test("the owner registers a PIX key for the new account and sees it on the page", async ({ request }) => {
  const created = await api(request, "POST", `/v4/i/baas/accounts/${state.accountId}/pix-keys`, { type: "EVP" });
  expect(created.status(), await created.text()).toBe(201);
  const key = (await created.json()).data.key as string;
  expect(key).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);

  await merchant.reload();
  const account = merchant.locator(`[data-testid="programme-account"][data-account-id="${state.accountId}"]`);
  await expect(account).toBeVisible(SLOW);
  await expect(account).toContainText(key);
  await expect(account).toContainText("Atual");
  await merchant.screenshot({ path: "e2e/screenshots/baas-programme-account-key.png", fullPage: true });
});
