import { readFileSync } from "node:fs";
import { expect, test } from "@playwright/test";

test("the API reference renders both surfaces from this host only", async ({ page }) => {
  const outside: string[] = [];
  page.on("request", (request) => {
    const url = new URL(request.url());
    if (!["127.0.0.1", "localhost"].includes(url.hostname) && url.protocol.startsWith("http")) outside.push(url.href);
  });
  await page.goto("/docs/api");
  await expect(page.getByRole("heading", { name: /Account surface \(\/v4\/i\)/ })).toBeVisible();
  await expect(page.getByText("/v4/i/bank-accounts/{accountId}/balance", { exact: true })).toBeVisible();
  await page.getByLabel("Select a definition").selectOption({ label: "Gateway surface (/api/external)" });
  await expect(page.getByRole("heading", { name: /Gateway surface \(\/api\/external\)/ })).toBeVisible();
  await expect(page.getByText("/api/external/pix/cash-out", { exact: true })).toBeVisible();
  await expect(page.getByText("Signing POST requests.")).toBeVisible();
  await page.screenshot({ path: "e2e/screenshots/api-reference.png" });
  expect(outside).toEqual([]);
});

/** The demo key the e2e server's seed wrote for this run. */
function demoKey(): { clientId: string; clientSecret: string } {
  return JSON.parse(readFileSync(".data/demo-credentials.json", "utf8"));
}

test("Authorize takes the demo key and Try it out calls /v4/i and the gateway with it", async ({ page }) => {
  const { clientId, clientSecret } = demoKey();
  await page.goto("/docs/api");
  await expect(page.getByRole("heading", { name: /Account surface \(\/v4\/i\)/ })).toBeVisible();

  await page.getByRole("button", { name: "Authorize" }).first().click();
  await page.getByLabel("auth-basic-username").fill(clientId);
  await page.getByLabel("auth-basic-password").fill(clientSecret);
  await page.getByRole("button", { name: "Apply credentials" }).click();
  await page.getByRole("button", { name: "Close" }).first().click();

  const balance = page.locator(".opblock").filter({ hasText: "/v4/i/bank-accounts/{accountId}/balance" });
  await balance.locator(".opblock-summary").first().click();
  await balance.getByRole("button", { name: "Try it out" }).click();
  // The documented example is the demo account.
  await expect(balance.locator("input[placeholder='accountId']")).toHaveValue("100000000001");
  await balance.getByRole("button", { name: "Execute" }).click();
  const live = balance.locator(".live-responses-table");
  await expect(live.locator("tbody .response-col_status").first()).toHaveText("200");
  await expect(live).toContainText('"availableBalance"');
  await expect(balance.locator(".curl-command")).toContainText("Authorization: Basic");
  await page.screenshot({ path: "e2e/screenshots/api-reference-try-it-out.png", fullPage: false });

  await page.getByLabel("Select a definition").selectOption({ label: "Gateway surface (/api/external)" });
  await page.getByRole("button", { name: "Authorize" }).first().click();
  await page.locator("#api_key_value").first().fill(`ApiKey ${clientId}:${clientSecret}`);
  await page.getByRole("button", { name: "Apply credentials" }).first().click();
  await page.getByRole("button", { name: "Close" }).first().click();
  const gateway = page.locator(".opblock").filter({ hasText: "/api/external/balance" });
  await gateway.locator(".opblock-summary").first().click();
  await gateway.getByRole("button", { name: "Try it out" }).click();
  await gateway.getByRole("button", { name: "Execute" }).click();
  await expect(gateway.locator(".live-responses-table tbody .response-col_status").first()).toHaveText("200");
  await expect(gateway.locator(".live-responses-table")).toContainText('"available_balance"');
});

test("the API Pix is the third definition, and Authorize gets a token from its OAuth endpoint with the demo key", async ({
  page,
}) => {
  const { clientId, clientSecret } = demoKey();
  await page.goto("/docs/api");
  await expect(page.getByRole("heading", { name: /Account surface \(\/v4\/i\)/ })).toBeVisible();
  await page.getByLabel("Select a definition").selectOption({ label: "API Pix (/api/pix/v2)" });
  await expect(page.getByRole("heading", { name: /API Pix \(\/api\/pix\/v2\)/ })).toBeVisible();
  await expect(page.getByText("/api/pix/oauth/token").first()).toBeVisible();

  // OAuth 2.0 client credentials, as an API Pix client does it: Swagger UI posts to the token URL.
  const tokenAnswer = page.waitForResponse((response) => response.url().endsWith("/api/pix/oauth/token"));
  await page.getByRole("button", { name: "Authorize" }).first().click();
  await page.getByRole("textbox", { name: "client_id:" }).fill(clientId);
  await page.getByRole("textbox", { name: "client_secret:" }).fill(clientSecret);
  await page.getByRole("button", { name: "Apply given OAuth2 credentials" }).click();
  expect((await tokenAnswer).status()).toBe(200);
  await expect(page.getByRole("button", { name: /Logout|Remove authorization/ }).first()).toBeVisible();
  await page.screenshot({ path: "e2e/screenshots/api-reference-api-pix.png" });
});
