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
