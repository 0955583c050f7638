/**
 * The PIX network as an operator reads it: the admin opens it from the back office's navigation
 * and sees the rail's state — the e2e server is a PSP on the network simulator, reading its stream,
 * so the connection is up but in need of attention (on E2E_RAIL=sandbox the page says it is the
 * in-process sandbox) — and the payments past their alarms: a PIX sent two minutes ago still
 * awaiting the network's decision, and a PIX received, accepted five minutes ago, not settled. At
 * a phone's width the lists are cards. A merchant gets the 403 page.
 */
import { expect, type Page, test } from "@playwright/test";
import pg from "pg";
import { DEMO_ADMIN, DEMO_MERCHANT } from "../prisma/demo";
import { e2eRail } from "./support/network";
import { runDatabaseUrls } from "./support/run-databases";
import { snap } from "./support/screenshots";
import { signIn } from "./support/session";

test.describe.configure({ mode: "serial" });

const SLOW = { timeout: 20_000 };
const OUT_ID = "E99999999202612010000E2ENETWORK1";
const IN_ID = "E99999999202612010000E2ENETWORK2";
let page: Page;

/** SQL on the e2e databases (serve.ts names its own at random; any left by an earlier run get it too). */
async function onRunDatabases(sql: string, values: unknown[] = []): Promise<void> {
  for (const url of await runDatabaseUrls()) {
    const client = new pg.Client({ connectionString: url });
    await client
      .connect()
      .then(() => client.query(sql, values))
      .catch(() => undefined)
      .finally(() => client.end());
  }
}

test.beforeAll(async ({ browser }) => {
  await onRunDatabases(
    `INSERT INTO rail_payments (id, direction, kind, state, account_id, amount_cents, created_at, updated_at, sent_at)
     VALUES ($1, 'outgoing', 'payment', 'sent', '100000000001', 12345, now() - interval '2 minutes', now(), now() - interval '2 minutes'),
            ($2, 'incoming', 'payment', 'accepted', '100000000001', 6789, now() - interval '5 minutes', now(), now() - interval '5 minutes')
     ON CONFLICT (id) DO NOTHING`,
    [OUT_ID, IN_ID],
  );
  page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
});

test.afterAll(async () => {
  await page.close();
  await onRunDatabases("DELETE FROM rail_payments WHERE id = ANY($1)", [[OUT_ID, IN_ID]]);
});

test("the admin opens the PIX network from the navigation and sees the rail's state", async () => {
  await signIn(page, DEMO_ADMIN);
  await expect(page).toHaveURL(/\/admin$/, SLOW);
  await page
    .getByRole("navigation", { name: "Navegação administrativa" })
    .getByRole("link", { name: "Rede Pix" })
    .click();
  await expect(page).toHaveURL(/\/admin\/network$/, SLOW);
  await expect(page.getByRole("heading", { level: 1, name: "Rede Pix" })).toBeVisible();

  if (e2eRail() === "network") {
    // the server's reader keeps streams open; the two payments below wait past their alarms
    await expect(page.getByTestId("network-connection")).toHaveText("Atenção", SLOW);
    await expect(page.getByTestId("network-connection-hint")).toContainText("pagamentos esperam além do prazo");
    await expect(page.getByTestId("network-readers")).toContainText("Ativo");
  } else {
    await expect(page.getByTestId("network-connection")).toHaveText("Sandbox", SLOW);
    await expect(page.getByTestId("network-connection-hint")).toContainText("sandbox em processo");
    // no SPI on the sandbox: no readers, no messages
    await expect(page.getByTestId("network-readers")).toHaveCount(0);
    await expect(page.getByTestId("network-hourly")).toHaveCount(0);
  }
  await expect(page.getByTestId("network-updated")).toContainText("a cada 10 segundos");
});

test("the payments waiting past their alarms are listed, with their amounts in reais", async () => {
  await expect(page.getByTestId("network-awaiting-count")).toHaveText("1 pagamento", SLOW);
  const awaiting = page.getByTestId("network-awaiting-payment-row");
  await expect(awaiting).toHaveCount(1);
  await expect(awaiting).toContainText(OUT_ID);
  await expect(awaiting).toContainText(/R\$\s123,45/);
  await expect(awaiting).toContainText("há 2 minutos");

  await expect(page.getByTestId("network-unsettled-count")).toHaveText("1 pagamento");
  const unsettled = page.getByTestId("network-unsettled-payment-row");
  await expect(unsettled).toContainText(IN_ID);
  await expect(unsettled).toContainText(/R\$\s67,89/);
  await snap(page, "admin-network");
});

test("at a phone's width the lists are cards and nothing overflows", async () => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  await expect(page.getByTestId("network-awaiting-payment-card")).toHaveCount(1, SLOW);
  await expect(page.getByTestId("network-awaiting-payment-card")).toContainText(/R\$\s123,45/);
  await expect(page.getByTestId("network-awaiting-payment-table")).toBeHidden();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await snap(page, "admin-network-phone");
  await page.setViewportSize({ width: 1280, height: 800 });
});

test("a merchant gets the 403 page", async () => {
  await page.context().clearCookies();
  await signIn(page, DEMO_MERCHANT);
  await expect(page).toHaveURL(/\/overview$/, SLOW);
  const answer = await page.goto("/admin/network");
  expect(answer?.status()).toBe(403);
  await expect(page.getByRole("heading", { name: "Acesso não permitido" })).toBeVisible(SLOW);
});
