/**
 * Webhooks as a merchant sets them up: a gateway webhook to a receiver on this machine (plain
 * HTTP allowed), its secret seen once, a test event in the delivery log, delivered and signed,
 * then replayed to a failing receiver; an account-surface configuration created, deactivated,
 * reactivated, edited, shown as deactivated by the platform after failures, and deleted.
 *
 * The e2e server runs no worker, so the spec sends due deliveries itself with the worker's own
 * delivery pass (e2e/support/webhooks.ts), for the demo merchant only. The other spec files share
 * the database but register no webhooks. One page walks through the steps in order and signs in once.
 */
import { expect, type Page, test } from "@playwright/test";
import { DEMO_MERCHANT } from "../prisma/demo";
import { snap, snapDialog } from "./support/screenshots";
import { signIn } from "./support/session";
import { attachWorker, expectedSignature, type Receiver, type RunWorker, startReceiver } from "./support/webhooks";

test.describe.configure({ mode: "serial" });

const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 375, height: 812 };
/** Sign-in hashes the password (scrypt) and the first visit of a page may compile it in dev. */
const SLOW = { timeout: 20_000 };
/** "21/11/2026, 14:03:22": a date and a time with seconds, as the log shows them in pt-BR. */
const DATE_TIME = /\d{2}\/\d{2}\/\d{4},? \d{2}:\d{2}:\d{2}/;

const RUN = Date.now().toString(36);

let page: Page;
let receiver: Receiver;
let worker: RunWorker | null = null;
const state = { hookUrl: "", accountUrl: "", secret: "", eventId: "" };

test.beforeAll(async ({ browser }) => {
  receiver = await startReceiver();
  state.hookUrl = `${receiver.origin}/hook/${RUN}`;
  state.accountUrl = `${receiver.origin}/account/${RUN}`;
  const context = await browser.newContext({ viewport: DESKTOP, permissions: ["clipboard-read", "clipboard-write"] });
  page = await context.newPage();
});

test.afterAll(async () => {
  await page.context().close();
  await worker?.close();
  await receiver.close();
});

const mainNav = () => page.getByRole("navigation", { name: "Navegação principal" });
const gateway = () => page.getByTestId("gateway-webhooks");
const account = () => page.getByTestId("account-webhooks");
const webhookCard = () => gateway().getByTestId("webhook-card").filter({ hasText: state.hookUrl });
const deliveryRow = () => webhookCard().locator(`[data-testid="delivery-row"][data-event-id="${state.eventId}"]`);
const configCard = () =>
  account()
    .getByTestId("config-card")
    .filter({ hasText: `/account/${RUN}` });

test("the merchant signs in and opens the webhooks page", async () => {
  await signIn(page, DEMO_MERCHANT);
  await expect(page).toHaveURL(/\/overview$/, SLOW);

  await mainNav().getByRole("link", { name: "Webhooks" }).click();
  await expect(page).toHaveURL(/\/webhooks$/, SLOW);
  await expect(page.getByRole("heading", { level: 1, name: "Webhooks" })).toBeVisible();
  await expect(page.getByRole("heading", { level: 2, name: "Webhooks do gateway" })).toBeVisible();
  await expect(page.getByRole("heading", { level: 2, name: "Webhooks da conta" })).toBeVisible();
  await expect(gateway().getByRole("heading", { name: "Nenhum webhook registrado" })).toBeVisible(SLOW);
  await expect(account().getByRole("heading", { name: "Nenhuma configuração" })).toBeVisible(SLOW);
  await snap(page, "webhooks-empty");
});

test("the register dialog checks the URL and the events before registering", async () => {
  await page.getByTestId("register-webhook").click();
  const dialog = page.getByRole("dialog", { name: "Registrar webhook do gateway" });
  await expect(dialog).toBeVisible();
  // Every subscribable event starts checked; the test event is sent only on request.
  const events = dialog.getByTestId("gateway-event-list").getByRole("checkbox");
  await expect(events).toHaveCount(15);
  await expect(dialog.getByText("(15 de 15)")).toBeVisible();

  await dialog.getByRole("button", { name: "Registrar webhook" }).click();
  await expect(dialog.getByText("Informe a URL de destino.")).toBeVisible();

  // Plain HTTP is refused unless allowed.
  await dialog.getByLabel("URL de destino").fill(state.hookUrl);
  await dialog.getByRole("button", { name: "Registrar webhook" }).click();
  await expect(dialog.getByText("Use https://, ou marque “Permitir HTTP” abaixo.")).toBeVisible();
  await dialog.getByText("Permitir HTTP (sem TLS)").click();

  await dialog.getByRole("button", { name: "Desmarcar todos" }).click();
  await dialog.getByRole("button", { name: "Registrar webhook" }).click();
  await expect(dialog.getByText("Escolha ao menos um evento.")).toBeVisible();
  await dialog.getByRole("checkbox", { name: /pix\.charge\.paid/ }).check();
  await dialog.getByRole("checkbox", { name: /pix\.payout\.confirmed/ }).check();
  await expect(dialog.getByText("(2 de 15)")).toBeVisible();
  await expect(dialog.getByRole("radio", { name: /Gerar um segredo/ })).toBeChecked();
  await snapDialog(page, "webhooks-register");
});

test("a registration shows its generated secret once, with a warning and a copy button", async () => {
  const dialog = page.getByRole("dialog", { name: "Registrar webhook do gateway" });
  await dialog.getByRole("button", { name: "Registrar webhook" }).click();

  const secretDialog = page.getByRole("dialog", { name: "Webhook registrado" });
  await expect(secretDialog).toBeVisible(SLOW);
  await expect(secretDialog.getByTestId("secret-warning")).toContainText("Copie o segredo agora");
  state.secret = ((await secretDialog.getByTestId("webhook-secret").textContent()) ?? "").trim();
  expect(state.secret).toMatch(/^[0-9a-f]{64}$/);
  await secretDialog.getByRole("button", { name: "Copiar Segredo de assinatura" }).click();
  await expect(secretDialog.getByText("Copiado")).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(state.secret);
  // While the secret is on screen only the explicit button closes the dialog.
  await page.keyboard.press("Escape");
  await expect(secretDialog).toBeVisible();
  await snapDialog(page, "webhooks-secret");

  await secretDialog.getByRole("button", { name: "Já guardei, fechar" }).click();
  await expect(secretDialog).toBeHidden();
  const card = webhookCard();
  await expect(card).toBeVisible();
  await expect(card.getByText("Ativo", { exact: true })).toBeVisible();
  await expect(card.getByText("Assinado", { exact: true })).toBeVisible();
  await expect(card.getByText("HTTP permitido", { exact: true })).toBeVisible();
  await expect(card.getByTestId("event-chips")).toHaveText(/pix\.charge\.paid\s*pix\.payout\.confirmed/);
  await expect(card.getByTestId("deliveries-empty")).toBeVisible(SLOW);

  // Never again: not on the page, not after a reload.
  expect(await page.content()).not.toContain(state.secret);
  await page.reload();
  await expect(webhookCard()).toBeVisible(SLOW);
  expect(await page.content()).not.toContain(state.secret);
});

test("send test event: the delivery is listed as pending with its event type", async () => {
  const card = webhookCard();
  await card.getByRole("button", { name: "Enviar evento de teste" }).click();
  await expect(card.getByTestId("test-event-notice")).toHaveText("Evento de teste na fila de envio.");
  const row = card.getByTestId("delivery-row").first();
  await expect(row).toBeVisible(SLOW);
  state.eventId = (await row.getAttribute("data-event-id")) ?? "";
  expect(state.eventId).toMatch(/^[0-9a-f-]{36}$/);

  await expect(deliveryRow().getByTestId("delivery-event")).toHaveText("Evento de teste");
  await expect(deliveryRow().getByTestId("delivery-event-type")).toHaveText("webhook.test");
  await expect(deliveryRow().getByTestId("delivery-status")).toHaveText("Pendente");
  await expect(deliveryRow().getByTestId("delivery-attempts")).toHaveText("Nenhuma");
  await expect(deliveryRow().getByTestId("delivery-last-response")).toHaveText("Ainda não enviada");
  await expect(deliveryRow().getByTestId("delivery-next-attempt")).toHaveText("Na fila");
  // A pending delivery is on its way: nothing to replay yet.
  await expect(deliveryRow().getByRole("button", { name: /^Reenviar / })).toBeDisabled();
  await expect(card.getByTestId("delivery-count")).toHaveText("1 entrega");
  await snap(page, "webhooks-test-pending");
});

test("the worker sends it, signed; the log shows it delivered with the receiver's answer", async () => {
  worker = await attachWorker(state.hookUrl);
  expect(await worker.deliver()).toBe(1);

  expect(receiver.received).toHaveLength(1);
  const [request] = receiver.received;
  if (!request) throw new Error("the receiver got nothing");
  expect(request.path).toBe(`/hook/${RUN}`);
  expect(request.headers["x-service-event-id"]).toBe(state.eventId);
  expect(request.headers["x-service-event-type"]).toBe("webhook.test");
  const timestamp = String(request.headers["x-service-timestamp"]);
  expect(request.headers["x-service-signature"]).toBe(expectedSignature(state.secret, timestamp, request.body));
  const body = JSON.parse(request.body) as { id: string; type: string; data: { status: string } };
  expect(body).toMatchObject({ id: state.eventId, type: "webhook.test", data: { status: "test" } });

  // The log asks again while a delivery is pending; the refresh button does it at once.
  await webhookCard().getByTestId("refresh-deliveries").click();
  await expect(deliveryRow().getByTestId("delivery-status")).toHaveText("Entregue", SLOW);
  await expect(deliveryRow().getByTestId("delivery-attempts")).toHaveText("1 tentativa");
  await expect(deliveryRow().getByTestId("delivery-status-code")).toHaveText("HTTP 200");
  await expect(deliveryRow().getByTestId("delivery-last-response")).toContainText(DATE_TIME);
  await expect(deliveryRow().getByTestId("delivery-next-attempt")).toHaveText("—");
  await snap(page, "webhooks-delivered");
});

test("replay: the same event goes again; a failing receiver leaves it pending with a next attempt", async () => {
  receiver.respondWith(500);
  await deliveryRow()
    .getByRole("button", { name: /^Reenviar / })
    .click();
  await expect(deliveryRow().getByTestId("delivery-status")).toHaveText("Pendente", SLOW);
  await expect(deliveryRow()).toContainText("Reenvio manual");
  await expect(deliveryRow().getByTestId("delivery-attempts")).toHaveText("Nenhuma");
  await expect(deliveryRow().getByTestId("delivery-last-response")).toHaveText("Ainda não enviada");
  await expect(deliveryRow().getByTestId("delivery-next-attempt")).toHaveText("Na fila");

  expect(await worker?.deliver()).toBe(1);
  expect(receiver.received).toHaveLength(2);
  expect(receiver.received[1]?.headers["x-service-event-id"]).toBe(state.eventId);

  await webhookCard().getByTestId("refresh-deliveries").click();
  await expect(deliveryRow().getByTestId("delivery-status-code")).toHaveText("HTTP 500", SLOW);
  await expect(deliveryRow().getByTestId("delivery-status")).toHaveText("Pendente");
  await expect(deliveryRow().getByTestId("delivery-attempts")).toHaveText("1 tentativa");
  // The gateway schedule: the next attempt 30 s after the failed one.
  await expect(deliveryRow().getByTestId("delivery-next-attempt")).toHaveText(DATE_TIME);

  await deliveryRow()
    .getByRole("button", { name: /^Detalhes / })
    .click();
  const details = webhookCard().getByTestId("delivery-details").first();
  await expect(details).toContainText(state.eventId);
  await expect(details.getByTestId("delivery-last-error")).toHaveText("HTTP 500");
  await expect(details).toContainText('"type": "webhook.test"');
  await snap(page, "webhooks-retrying");
});

test("on a phone the delivery log is a list of cards", async () => {
  await page.setViewportSize(PHONE);
  const card = webhookCard().locator(`[data-testid="delivery-card"][data-event-id="${state.eventId}"]`);
  await expect(card).toBeVisible();
  await expect(card.getByTestId("delivery-status")).toHaveText("Pendente");
  await expect(card.getByTestId("delivery-status-code")).toHaveText("HTTP 500");
  await expect(webhookCard().getByTestId("deliveries-table")).toBeHidden();
  await snap(page, "webhooks-phone");
  await page.setViewportSize(DESKTOP);
});

test("an account-surface configuration is created with all events and an Authorization header", async () => {
  await page.getByTestId("create-config").click();
  const dialog = page.getByRole("dialog", { name: "Nova configuração de webhook" });
  await expect(dialog).toBeVisible();
  await dialog.getByRole("button", { name: "Criar configuração" }).click();
  await expect(dialog.getByText("Informe a URL de destino.")).toBeVisible();

  await dialog.getByLabel("URL de destino").fill(state.accountUrl);
  await dialog.getByText("Todos os eventos (*)").click();
  await expect(dialog.getByRole("checkbox", { name: /pix_in:credited/ })).toBeDisabled();
  await dialog.getByLabel("Cabeçalho Authorization (opcional)").fill("Bearer e2e-token");
  await snapDialog(page, "webhooks-config-create");
  await dialog.getByRole("button", { name: "Criar configuração" }).click();
  // The signing secret is shown once; the dialog closes only by its button.
  const shown = page.getByRole("dialog", { name: "Webhook registrado" });
  await expect(shown.getByTestId("webhook-secret")).toHaveText(/^[0-9a-f]{64}$/, SLOW);
  await shown.getByRole("button", { name: "Já guardei, fechar" }).click();
  await expect(shown).toBeHidden(SLOW);

  const card = configCard();
  await expect(card).toBeVisible();
  await expect(card.getByTestId("config-status")).toHaveText("Ativa");
  await expect(card.getByTestId("config-all-events")).toHaveText("Todos os eventos");
  await expect(card.getByText("Com Authorization", { exact: true })).toBeVisible();
  // The same delivery log as a gateway registration, empty for now.
  await expect(card.getByTestId("delivery-log")).toBeVisible();
  await expect(card.getByTestId("deliveries-empty")).toBeVisible(SLOW);
  // The header's value never comes back to the browser.
  expect(await page.content()).not.toContain("e2e-token");
});

test("the configuration is deactivated and reactivated", async () => {
  const card = configCard();
  await card.getByRole("button", { name: "Desativar" }).click();
  await expect(card.getByTestId("config-status")).toHaveText("Desativada", SLOW);
  await expect(card.getByTestId("config-suspended")).toHaveCount(0);
  await card.getByRole("button", { name: "Reativar" }).click();
  await expect(card.getByTestId("config-status")).toHaveText("Ativa", SLOW);
});

test("editing changes the events and the URL and keeps the header unless removed", async () => {
  await configCard().getByTestId("edit-config").click();
  const dialog = page.getByRole("dialog", { name: "Editar configuração" });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel("URL de destino")).toHaveValue(state.accountUrl);
  await dialog.getByText("Todos os eventos (*)").click();
  await dialog.getByRole("button", { name: "Desmarcar todos" }).click();
  await dialog.getByRole("checkbox", { name: /pix_in:credited/ }).check();
  await dialog.getByRole("checkbox", { name: /pix_out:processing/ }).check();
  state.accountUrl = `${receiver.origin}/account/${RUN}/v2`;
  await dialog.getByLabel("URL de destino").fill(state.accountUrl);
  await expect(dialog.getByText("Em branco, mantém o valor atual, que não é exibido.")).toBeVisible();
  await dialog.getByRole("button", { name: "Salvar alterações" }).click();
  await expect(dialog).toBeHidden(SLOW);

  const card = configCard();
  await expect(card.getByTestId("config-url")).toHaveText(state.accountUrl);
  await expect(card.getByTestId("event-chips")).toHaveText(/pix_in:credited\s*pix_out:processing/);
  await expect(card.getByText("Com Authorization", { exact: true })).toBeVisible();

  await card.getByTestId("edit-config").click();
  await dialog.getByText("Remover o cabeçalho atual").click();
  await dialog.getByRole("button", { name: "Salvar alterações" }).click();
  await expect(dialog).toBeHidden(SLOW);
  await expect(card.getByText("Sem Authorization", { exact: true })).toBeVisible();
});

test("a configuration the platform deactivated after failures says so until it is reactivated", async () => {
  if (!worker) throw new Error("the worker was not attached");
  const configId = await configCard().getAttribute("data-config-id");
  // What the delivery worker does after WEBHOOK_ACCOUNT_DEACTIVATE_AFTER failed deliveries in a row.
  await worker.sql(
    `UPDATE webhook_configs
        SET active = false, consecutive_failures = 50, deactivated_at = now(), updated_at = now(),
            deactivated_reason = 'deactivated after 50 consecutive failed deliveries'
      WHERE id = $1::uuid AND user_id = $2::uuid`,
    [configId, worker.userId],
  );
  await page.reload();
  const card = configCard();
  await expect(card.getByTestId("config-status")).toHaveText("Desativada pela plataforma", SLOW);
  const notice = card.getByTestId("config-suspended");
  await expect(notice).toContainText("A plataforma desativou esta configuração");
  await expect(notice).toContainText("Depois de 50 entregas seguidas com falha");
  await snap(page, "webhooks-config-suspended");
  await page.setViewportSize(PHONE);
  await card.scrollIntoViewIfNeeded();
  await snap(page, "webhooks-config-suspended-phone");
  await page.setViewportSize(DESKTOP);

  await card.getByRole("button", { name: "Reativar" }).click();
  await expect(card.getByTestId("config-status")).toHaveText("Ativa", SLOW);
  await expect(card.getByTestId("config-suspended")).toHaveCount(0);
});

test("deleting the configuration and the webhook asks first and empties both lists", async () => {
  await configCard().getByTestId("delete-config").click();
  const configDialog = page.getByRole("dialog", { name: "Excluir configuração" });
  await expect(configDialog).toContainText(state.accountUrl);
  await configDialog.getByRole("button", { name: "Excluir configuração" }).click();
  await expect(configDialog).toBeHidden(SLOW);
  await expect(configCard()).toHaveCount(0);
  await expect(account().getByRole("heading", { name: "Nenhuma configuração" })).toBeVisible();

  await webhookCard().getByTestId("delete-webhook").click();
  const webhookDialog = page.getByRole("dialog", { name: "Excluir webhook" });
  await expect(webhookDialog).toContainText(state.hookUrl);
  await webhookDialog.getByRole("button", { name: "Excluir webhook" }).click();
  await expect(webhookDialog).toBeHidden(SLOW);
  await expect(webhookCard()).toHaveCount(0);
  await expect(gateway().getByRole("heading", { name: "Nenhum webhook registrado" })).toBeVisible();

  // Its pending retry was given up: nothing more reaches the receiver.
  expect(await worker?.deliver()).toBe(0);
  expect(receiver.received).toHaveLength(2);
});

test("an API Pix webhook of a key is listed with its delivery log, and deleted after asking", async () => {
  if (!worker) throw new Error("the worker was not attached");
  // What PUT /api/pix/v2/webhook/{chave} leaves behind, for a key made for this run.
  const key = crypto.randomUUID();
  const url = `${receiver.origin}/api-pix/${RUN}`;
  const { rows } = await worker.sql("SELECT id FROM accounts WHERE user_id = $1::uuid ORDER BY id LIMIT 1", [
    worker.userId,
  ]);
  const accountId = rows[0]?.id as string;
  await worker.sql("INSERT INTO pix_keys (id, account_id, type, key) VALUES ($1::uuid, $2, 'EVP', $3)", [
    crypto.randomUUID(),
    accountId,
    key,
  ]);
  await worker.sql(
    "INSERT INTO pix_webhooks (id, user_id, account_id, chave, webhook_url) VALUES ($1::uuid, $2::uuid, $3, $4, $5)",
    [crypto.randomUUID(), worker.userId, accountId, key, url],
  );
  try {
    await page.reload();
    const section = page.getByTestId("api-pix-webhooks");
    await expect(section.getByRole("heading", { level: 2, name: "Webhooks da API Pix" })).toBeVisible(SLOW);
    const card = section.getByTestId("pix-webhook-card");
    await expect(card.getByTestId("pix-webhook-url")).toHaveText(url, SLOW);
    await expect(card.getByTestId("pix-webhook-key")).toHaveText(`Chave ${key}`);
    await expect(card.getByTestId("deliveries-empty")).toBeVisible(SLOW);
    await snap(page, "webhooks-api-pix");

    await card.getByTestId("delete-pix-webhook").click();
    const dialog = page.getByRole("dialog", { name: "Excluir webhook da API Pix" });
    await expect(dialog).toContainText(url);
    await dialog.getByRole("button", { name: "Excluir webhook" }).click();
    await expect(dialog).toBeHidden(SLOW);
    await expect(card).toHaveCount(0);
    await expect(section.getByRole("heading", { name: "Nenhum webhook da API Pix" })).toBeVisible();
  } finally {
    await worker.sql("DELETE FROM pix_webhooks WHERE chave = $1", [key]);
    await worker.sql("DELETE FROM pix_keys WHERE key = $1", [key]);
  }
});
