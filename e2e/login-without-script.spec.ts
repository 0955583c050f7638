/**
 * The login form before (or without) its script: a browser that submits it natively must never
 * put the password in a URL (address bar, history, server and proxy logs). JavaScript is off in
 * this browser context, so the form stays as the server rendered it.
 */
import { expect, test } from "@playwright/test";
import { DEMO_MERCHANT } from "../prisma/demo";

test("without JavaScript, submitting the login form never puts the password in a URL", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  const urls: string[] = [];
  page.on("request", (request) => urls.push(request.url()));

  await page.goto("/login");
  await page.getByLabel("E-mail").fill(DEMO_MERCHANT.email);
  await page.getByLabel("Senha").fill(DEMO_MERCHANT.password);
  // Enter in the password field is how a person submits it; then whatever navigation follows settles.
  await page.getByLabel("Senha").press("Enter");
  await page.waitForLoadState("load");
  await page.waitForTimeout(500);

  expect(urls.length).toBeGreaterThan(0);
  for (const url of [...urls, page.url()]) {
    expect(url).not.toContain(encodeURIComponent(DEMO_MERCHANT.password));
    expect(url).not.toContain(DEMO_MERCHANT.password);
    expect(new URL(url).searchParams.has("password")).toBe(false);
  }
  await context.close();
});
