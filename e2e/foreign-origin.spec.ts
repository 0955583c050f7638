/**
 * A page's form posted from another site (a foreign Origin) is refused with 403, not a server
 * error: the e-mail verification form is the one a stranger can reach without signing in.
 */
import { expect, test } from "@playwright/test";

test("the e-mail verification form answers 403 to another site's POST", async ({ request, baseURL }) => {
  const page = await request.get("/onboarding/verify?token=not-a-real-token");
  expect(page.status()).toBe(200);
  // React renders a server action's form with its action id in a hidden field
  const actionField = /name="(\$ACTION_ID_[0-9a-f]+)"/.exec(await page.text())?.[1];
  expect(actionField).toBeDefined();
  const form = { [actionField as string]: "", token: "not-a-real-token", lang: "" };

  const foreign = await request.post("/onboarding/verify", {
    multipart: form,
    headers: { origin: "https://attacker.example.invalid" },
    maxRedirects: 0,
  });
  expect(foreign.status()).toBe(403);

  // the same form from our own origin still works (an unknown token is "invalid", after a redirect)
  const own = await request.post("/onboarding/verify", {
    multipart: form,
    headers: { origin: new URL(baseURL as string).origin },
    maxRedirects: 0,
  });
  expect(own.status()).toBeLessThan(400);
});
