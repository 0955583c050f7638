/**
 * next-auth builds its URLs (sign-in, callbacks, redirects after sign-out) on the platform's own
 * address, APP_URL, whatever host it runs on — never on a default such as http://localhost:3000.
 */
import { expect, test } from "@playwright/test";

test("next-auth's URLs are built on APP_URL", async ({ request, baseURL }) => {
  const response = await request.get("/api/auth/providers");
  expect(response.status()).toBe(200);
  const { credentials } = await response.json();
  const origin = new URL(baseURL as string).origin;
  expect(new URL(credentials.signinUrl).origin).toBe(origin);
  expect(new URL(credentials.callbackUrl).origin).toBe(origin);
});
