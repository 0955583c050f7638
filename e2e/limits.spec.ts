/**
 * PIX limits as a merchant meets them (issue 45 item 2, docs/decisions/0059-pix-limits.md): the
 * Limites page lists the five limits; lowering the per-transaction limit to R$ 50,00 is in force at
 * once, the send page shows what is left, and a PIX of R$ 60,00 is refused naming that limit with
 * the balance unchanged; asking to raise shows a request that waits 24 h (and one above the
 * approval threshold waits for an operator).
 *
 * The spec files share one server and its demo merchant, whose limits the other specs rely on
 * (they send up to R$ 10.000,01), and a merchant cannot raise a limit back at once: so this spec
 * makes a merchant of its own (e2e/support/people.ts) and leaves nothing to restore.
 */
import { randomBytes } from "node:crypto";
import { expect, type Page, test } from "@playwright/test";
import { DEMO_COUNTERPARTY } from "../prisma/demo";
import { brl, centsOf } from "./support/amounts";
import { freshMerchant, onRunDatabase } from "./support/people";
import { snap } from "./support/screenshots";
import { signIn } from "./support/session";
import { mainNavOf, openPage, SLOW } from "./support/walk";

test.describe.configure({ mode: "serial" });

const RUN = randomBytes(4).toString("hex");
const MERCHANT = { email: `limits-${RUN}@example.test`, password: "pix-limits-2026" };
const BALANCE = 100_000n; // R$ 1.000,00
const LOWERED = 5_000n; // R$ 50,00
const REFUSED = "60,00";

let page: Page;
/** The daily limit in force, read on the Limites page (the server's default: nothing sent yet). */
let daily = 0n;

test.beforeAll(async ({ browser }, testInfo) => {
  await onRunDatabase(browser, String(testInfo.project.use.baseURL), (db) =>
    freshMerchant(db, { ...MERCHANT, name: `Limites ${RUN}` }, BALANCE),
  );
  page = await openPage(browser);
});

test.afterAll(async () => {
  await page.context().close();
});

/** The table row of one limit, by its name as the page writes it. */
const limitRow = (name: string) =>
  page.getByTestId("limit-row").filter({ has: page.getByTestId("limit-kind").getByText(name, { exact: true }) });
const changeForm = () => page.getByTestId("limit-change-form");

test("the merchant opens Limites and sees the five limits", async () => {
  await signIn(page, MERCHANT);
  await expect(page).toHaveURL(/\/overview$/, SLOW);
  await mainNavOf(page).getByRole("link", { name: "Limites" }).click();
  await expect(page).toHaveURL(/\/limits$/, SLOW);
  await expect(page.getByRole("heading", { level: 1, name: "Limites" })).toBeVisible();
  for (const name of ["Por transação", "Diário", "Mensal", "Noturno por transação", "Noturno total"]) {
    await expect(limitRow(name)).toHaveCount(1, SLOW);
  }
  daily = await centsOf(limitRow("Diário").getByTestId("limit-in-force"));
  expect(daily).toBeGreaterThan(LOWERED);
  await expect(limitRow("Diário").getByTestId("limit-used")).toContainText(brl(0n));
  await expect(page.getByTestId("limit-requests")).toContainText("Nenhum pedido de aumento em andamento.");
  await expect(page.getByTestId("limit-history")).toContainText("Nenhuma alteração de limite até agora.");
});

test("lowering the per-transaction limit to R$ 50,00 is in force at once", async () => {
  const form = changeForm();
  await form.getByLabel("Limite", { exact: true }).selectOption({ label: "Por transação" });
  await form.getByLabel("Novo valor").fill("50,00");
  await expect(form.getByTestId("limit-change-note")).toHaveText("Redução: o novo limite vale na hora.");
  await form.getByRole("button", { name: "Reduzir agora" }).click();
  await expect(page.getByTestId("limit-change-outcome")).toContainText(
    `Limite por transação reduzido para ${brl(LOWERED)}. Já está em vigor.`,
    SLOW,
  );
  await expect(limitRow("Por transação").getByTestId("limit-in-force")).toHaveText(brl(LOWERED));
  await expect(page.getByTestId("limits-now-left")).toContainText(brl(LOWERED));
  await expect(page.getByTestId("limit-change-entry-row").first()).toContainText("Em vigor");
  await snap(page, "limits-lowered");
});

test("the send page shows what is left today for PIX, and a PIX of R$ 60,00 is refused by the limit", async () => {
  await mainNavOf(page).getByRole("link", { name: "Enviar dinheiro" }).click();
  await expect(page).toHaveURL(/\/send$/, SLOW);
  const left = page.getByTestId("pix-left");
  await expect(left).toContainText("Disponível hoje para PIX", SLOW);
  await expect(left.getByTestId("pix-left-today")).toHaveText(brl(daily));
  await expect(left.getByTestId("pix-left-now")).toContainText(brl(LOWERED));
  await expect(page.getByTestId("send-available")).toHaveText(brl(BALANCE), SLOW);

  const form = page.getByRole("tabpanel", { name: "Chave Pix" });
  await form.getByLabel("Chave Pix").fill(DEMO_COUNTERPARTY.pixKey);
  await form.getByLabel("Valor").fill(REFUSED);
  await form.getByRole("button", { name: "Continuar" }).click();
  const review = form.getByTestId("pix-key-review");
  await expect(review.getByTestId("receiver-name")).toHaveText(DEMO_COUNTERPARTY.name, SLOW);
  await review.getByRole("button", { name: "Confirmar e enviar" }).click();

  // Back on the form, on the amount, in the merchant's language: the limit it breaks.
  await expect(form.getByTestId("field-error")).toContainText(
    "O valor está acima do seu limite Pix por transação.",
    SLOW,
  );
  await expect(form.getByLabel("Valor")).toHaveAttribute("aria-invalid", "true");
  await snap(page, "limits-send-refused");
  await page.reload();
  await expect(page.getByTestId("send-available")).toHaveText(brl(BALANCE), SLOW);
  await expect(page.getByTestId("pix-left-today")).toHaveText(brl(daily), SLOW);
});

test("asking to raise shows a request in force in 24 h, and one above the threshold waits for approval", async () => {
  await page.goto("/limits");
  const form = changeForm();
  await form.getByLabel("Limite", { exact: true }).selectOption({ label: "Por transação" });
  await form.getByLabel("Novo valor").fill("100,00");
  await expect(form.getByTestId("limit-change-note")).toContainText("Pedido de aumento", SLOW);
  await expect(form.getByTestId("limit-change-note")).toContainText("24 horas após o pedido");
  await form.getByRole("button", { name: "Pedir aumento" }).click();
  await expect(page.getByTestId("limit-change-outcome")).toContainText(
    `Pedido de aumento do limite por transação para ${brl(10_000n)} registrado.`,
    SLOW,
  );
  const requests = page.getByTestId("limit-requests");
  const asked = requests.getByTestId("limit-request-row");
  await expect(asked).toHaveCount(1);
  await expect(asked.getByTestId("limit-request-kind")).toHaveText("Por transação");
  await expect(asked.getByTestId("limit-request-amount")).toHaveText(brl(10_000n));
  await expect(asked.getByTestId("limit-request-status")).toHaveText("Agendado");
  // still the lowered limit until the 24 h have passed
  await expect(limitRow("Por transação").getByTestId("limit-in-force")).toHaveText(brl(LOWERED));

  // Above the approval threshold (R$ 50.000,00 by default) and above the daily limit in force.
  await form.getByLabel("Limite", { exact: true }).selectOption({ label: "Diário" });
  await form
    .getByLabel("Novo valor")
    .fill((Number(daily + 100_000n) / 100).toLocaleString("pt-BR", { minimumFractionDigits: 2 }));
  await expect(form.getByTestId("limit-change-note")).toContainText("depende da aprovação da nossa equipe");
  await form.getByRole("button", { name: "Pedir aumento" }).click();
  await expect(page.getByTestId("limit-change-outcome")).toContainText("enviado para aprovação", SLOW);
  await expect(requests.getByTestId("limit-request-row")).toHaveCount(2);
  await expect(
    requests.getByTestId("limit-request-row").filter({ hasText: "Diário" }).getByTestId("limit-request-status"),
  ).toHaveText("Aguarda aprovação");
  await expect(limitRow("Diário").getByTestId("limit-in-force")).toHaveText(brl(daily));
  await snap(page, "limits-requests");
});
