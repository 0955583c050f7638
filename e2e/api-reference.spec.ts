import { expect, test } from "@playwright/test";

test("the API reference renders both surfaces from this host only", async ({ page }) => {
  const outside: string[] = [];
  page.on("request", (request) => {
    const url = new URL(request.url());
    if (!["127.0.0.1", "localhost"].includes(url.hostname) && url.protocol.startsWith("http")) outside.push(url.href);
  });
  await page.goto("/docs/api");
  await expect(page.getByText("Account surface (/v4/i)").first()).toBeVisible();
  await expect(page.getByText("/bank-accounts/{accountId}/balance").first()).toBeVisible();
  await page.locator("select").first().selectOption({ label: "Gateway surface (/api/external)" });
  await expect(page.getByText("/pix/cash-out").first()).toBeVisible();
  await expect(page.getByText("Signing POST requests").first()).toBeVisible();
  await page.screenshot({ path: "e2e/screenshots/api-reference.png" });
  expect(outside).toEqual([]);
});
