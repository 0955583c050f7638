/**
 * A team, as people build it: the demo organisation's owner invites a finance member and a
 * support member on the Team page; each opens the link from their e-mail (the sandbox mailbox),
 * sets a password and signs in. Finance sees "Enviar dinheiro"; support sees no way to send money,
 * its page answers 403, and the send procedure itself answers FORBIDDEN. Finance then sets up an
 * authenticator app (codes computed from the key the page shows) and confirms a send above the
 * step-up amount with a code.
 */
import { readFileSync } from "node:fs";
import { type APIRequestContext, type Browser, expect, type Page, test } from "@playwright/test";
import { DEMO_COUNTERPARTY, DEMO_MERCHANT } from "../prisma/demo";
import { snap } from "./support/screenshots";
import { enrolAuthenticatorApp, sendToKey, stepUpWithCode } from "./support/second-factor";
import { signIn } from "./support/session";
import { mainNavOf, openPage, SLOW } from "./support/walk";

test.describe.configure({ mode: "serial" });

const stamp = Date.now().toString(36);
const FINANCE = {
  email: `financeiro-${stamp}@example.test`,
  password: "finance-pass-2026",
  name: "Fernanda Financeiro",
};
const SUPPORT = { email: `suporte-${stamp}@example.test`, password: "support-pass-2026", name: "Sérgio Suporte" };
/** R$ 6.000,00: above the step-up amount (R$ 5.000,00) */
const LARGE = { reais: 6000, text: "6.000,00" };

let owner: Page;
let finance: Page;

test.afterAll(async () => {
  await owner?.context().close();
  await finance?.context().close();
});

function demoAuthorization(): string {
  const { clientId, clientSecret } = JSON.parse(readFileSync(".data/demo-credentials.json", "utf8"));
  return `Basic ${Buffer.from(`${clientId}:${clientSecret}`).toString("base64")}`;
}

/** The invitation link in the newest e-mail to `to`, from the organisation's sandbox mailbox. */
async function invitationLink(request: APIRequestContext, to: string): Promise<string> {
  let link = "";
  await expect(async () => {
    const res = await request.get(`/v4/i/sandbox/emails?to=${encodeURIComponent(to)}`, {
      headers: { authorization: demoAuthorization() },
    });
    expect(res.ok()).toBe(true);
    const [mail] = (await res.json()).data as { links: string[] }[];
    link = mail?.links.find((l) => l.includes("/invite?token=")) ?? "";
    expect(link).not.toBe("");
  }).toPass({ timeout: 20_000 });
  return link;
}

async function invite(page: Page, email: string, role: string) {
  await page.getByLabel("E-mail").fill(email);
  await page.getByLabel("Função", { exact: true }).selectOption({ label: role });
  await page.getByRole("button", { name: "Enviar convite" }).click();
  await expect(page.getByTestId("invite-sent")).toContainText(email, SLOW);
}

/** Opens the e-mailed link, sets name and password, then signs in: a fresh browser, as the invitee. */
async function join(browser: Browser, link: string, person: typeof FINANCE, shot: string): Promise<Page> {
  const page = await openPage(browser);
  const url = new URL(link);
  await page.goto(`${url.pathname}${url.search}`);
  await expect(page.getByRole("heading", { name: `Entrar em ${DEMO_MERCHANT.name}` })).toBeVisible();
  await page.getByLabel("Seu nome").fill(person.name);
  await page.getByLabel("Senha").fill(person.password);
  await snap(page, shot);
  await page.getByTestId("invitation-submit").click();
  await expect(page.getByTestId("invitation-accepted")).toBeVisible(SLOW);
  await page.getByRole("link", { name: "Entrar" }).click();
  await signIn(page, person);
  await page.waitForURL("**/overview", SLOW);
  return page;
}

test("the owner invites finance and support; support cannot send money", async ({ browser, request }) => {
  test.setTimeout(240_000);
  owner = await openPage(browser);
  await signIn(owner, DEMO_MERCHANT);
  await owner.waitForURL("**/overview", SLOW);
  await mainNavOf(owner).getByRole("link", { name: "Equipe" }).click();
  await expect(owner.getByTestId("members-list")).toContainText(DEMO_MERCHANT.email, SLOW);
  await invite(owner, FINANCE.email, "Financeiro");
  await invite(owner, SUPPORT.email, "Suporte");
  await expect(owner.getByTestId("invitations-list")).toContainText(SUPPORT.email);
  await snap(owner, "team-invitations");

  finance = await join(browser, await invitationLink(request, FINANCE.email), FINANCE, "team-accept-invitation");
  await expect(mainNavOf(finance).getByRole("link", { name: "Enviar dinheiro" })).toBeVisible();
  await expect(mainNavOf(finance).getByRole("link", { name: "Equipe" })).toHaveCount(0);

  const support = await join(browser, await invitationLink(request, SUPPORT.email), SUPPORT, "team-accept-support");
  const nav = mainNavOf(support);
  await expect(nav.getByRole("link", { name: "Lançamentos" })).toBeVisible();
  await expect(nav.getByRole("link", { name: "Enviar dinheiro" })).toHaveCount(0);
  await expect(support.getByRole("link", { name: /enviar/i })).toHaveCount(0);
  await snap(support, "team-support-overview");

  const page = await support.goto("/send");
  expect(page?.status()).toBe(403);
  await snap(support, "team-support-send-forbidden");

  // The procedure itself, called from the support member's signed-in page, refuses.
  const answer = await support.evaluate(async () => {
    const res = await fetch("/api/trpc/transfers.internal", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ json: { accountId: "100000000001", receiverAccountId: "100000000002", amount: 1 } }),
    });
    return { status: res.status, body: await res.json() };
  });
  expect(answer.status).toBe(403);
  expect(JSON.stringify(answer.body)).toContain("FORBIDDEN");

  // the owner sees both members, and the invitations in the organisation's activity
  await owner.reload();
  await expect(owner.getByTestId("members-list")).toContainText(SUPPORT.email, SLOW);
  await mainNavOf(owner).getByRole("link", { name: "Atividade" }).click();
  await expect(owner.getByTestId("activity-list")).toContainText("Membro convidado", SLOW);
  await snap(owner, "team-activity");
});

test("finance sets up an authenticator app and confirms a large send with a code", async () => {
  // The demo account holds less than the step-up amount: the sandbox credits what finance sends.
  const credited = await owner.request.post("/api/trpc/sandbox.creditAccount", {
    headers: { origin: new URL(owner.url()).origin },
    data: { json: { accountId: DEMO_MERCHANT.accountId, amount: LARGE.reais } },
  });
  expect(credited.status()).toBe(200);

  await finance.goto("/security");
  await expect(finance.getByTestId("totp-card").getByTestId("totp-state")).toHaveText("Desativado", SLOW);
  const secret = await enrolAuthenticatorApp(finance);
  await expect(finance.getByTestId("totp-card").getByTestId("totp-state")).toHaveText("Ativado", SLOW);
  await snap(finance, "team-finance-security");

  const form = await sendToKey(finance, DEMO_COUNTERPARTY, LARGE.text);
  await stepUpWithCode(finance, secret, "team-finance-step-up");
  const result = form.getByTestId("send-result");
  await expect(result.getByRole("heading", { name: "Envio concluído" })).toBeVisible(SLOW);
  await expect(result).toHaveAttribute("data-status", "succeeded");
  await snap(finance, "team-finance-sent");
});

/**
 * Support reads and changes nothing (docs/decisions/0050): on every page it may open, each write
 * action the permission table keeps from it is absent (the owner, in the same places, sees them,
 * so the test ids are the live ones); every page it may not open answers 403.
 */
/** `loaded`: what shows the page drawn with its data, where a write action comes with the data. */
const READ_ONLY_PAGES: { path: string; loaded?: string; writes: string[]; ownerSees: string[] }[] = [
  { path: "/charges", writes: ["new-charge"], ownerSees: ["new-charge"] },
  { path: "/charges/static", writes: ["static-qr-new"], ownerSees: ["static-qr-new"] },
  {
    path: "/charges/due-date",
    writes: ["due-date-new-link", "due-date-upload-link"],
    ownerSees: ["due-date-new-link", "due-date-upload-link"],
  },
  {
    path: "/recurrences",
    writes: ["recurrence-new-link"],
    ownerSees: ["recurrence-new-link"],
  },
  {
    path: "/payment-links",
    writes: ["create-link-form", "create-link", "deactivate-link"],
    ownerSees: ["create-link-form"],
  },
  {
    path: "/pix-keys",
    loaded: "key-account",
    writes: ["register-key", "set-current", "delete-key"],
    ownerSees: ["register-key"],
  },
  { path: "/refunds", writes: ["refund-start"], ownerSees: ["refund-start"] },
  { path: "/meds", writes: [], ownerSees: [] },
  { path: "/ledger", writes: [], ownerSees: [] },
];
const CLOSED_TO_SUPPORT = [
  "/send",
  "/webhooks",
  "/api-keys",
  "/statements",
  "/sandbox",
  "/team",
  "/branding",
  "/activity",
];

async function visit(page: Page, path: string, loaded?: string) {
  await page.goto(path);
  await expect(page.locator("main h1").first()).toBeVisible(SLOW);
  if (loaded) await expect(page.getByTestId(loaded).first()).toBeAttached(SLOW);
}

test("support sees every page it may open without a write action", async ({ browser }) => {
  test.setTimeout(240_000);
  const support = await openPage(browser);
  await signIn(support, SUPPORT);
  await support.waitForURL("**/overview", SLOW);
  const owner = await openPage(browser);
  await signIn(owner, DEMO_MERCHANT);
  await owner.waitForURL("**/overview", SLOW);

  for (const { path, loaded, writes, ownerSees } of READ_ONLY_PAGES) {
    await visit(owner, path, loaded);
    for (const id of ownerSees) await expect(owner.getByTestId(id).first(), `${path}: ${id}`).toBeAttached(SLOW);

    await visit(support, path, loaded);
    for (const id of writes) await expect(support.getByTestId(id), `${path}: ${id}`).toHaveCount(0);
    await expect(support.locator('main a[href="/send"]'), `${path}: a way to send money`).toHaveCount(0);
  }
  await snap(support, "team-support-pix-keys-read-only");

  for (const path of CLOSED_TO_SUPPORT) {
    expect((await support.goto(path))?.status(), path).toBe(403);
  }

  // The owner may require a second factor of all members, once they have one themselves.
  await owner.goto("/team");
  const requirement = owner.getByTestId("second-factor-requirement");
  await expect(requirement.getByTestId("second-factor-requirement-state")).toHaveText("Não exigido", SLOW);
  await requirement.getByTestId("second-factor-requirement-toggle").click();
  await expect(requirement.getByTestId("second-factor-requirement-error")).toContainText(
    "Ative um segundo fator",
    SLOW,
  );
  await expect(requirement.getByTestId("second-factor-requirement-state")).toHaveText("Não exigido");
  await snap(owner, "team-second-factor-requirement");
});
