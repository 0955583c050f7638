/**
 * A MED as the merchant lives it: another institution opens it on a PIX the demo merchant
 * received (sandbox API with the seeded key), the overview's blocked figure leads to it, the list
 * shows the countdown, and the detail takes a defense with a real PDF attached (an HTML file
 * named .pdf is refused), then shows it read-only with the signed file link. An admin then sees
 * that PDF previewed inline in the back office under its name, writes the analysis for the
 * merchant and accepts the MED; the merchant sees who decided, the analysis, the refund and the
 * balance.
 */
import { readFileSync } from "node:fs";
import { expect, type Page, test } from "@playwright/test";
import { DEMO_ADMIN, DEMO_MERCHANT } from "../prisma/demo";
import { snap } from "./support/screenshots";
import { signIn } from "./support/session";

test.describe.configure({ mode: "serial" });

const SLOW = { timeout: 30_000 };
const ANALYSIS = "Comprovante não mostra a entrega ao pagador.";
let page: Page;
let endToEndId = "";
let medId = "";

/** A one-page PDF with its cross-reference table, as a PDF reader expects it. */
function smallPdf(text: string): Buffer {
  const objects = [
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 300 144] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>",
    `<< /Length ${`BT /F1 18 Tf 24 72 Td (${text}) Tj ET`.length} >>\nstream\nBT /F1 18 Tf 24 72 Td (${text}) Tj ET\nendstream`,
    "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
  ];
  let body = "%PDF-1.4\n";
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(body.length);
    body += `${index + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) body += `${String(offset).padStart(10, "0")} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, "latin1");
}

test.beforeAll(async ({ browser }) => {
  page = await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage();
});

test.afterAll(async () => {
  await page.context().close();
});

test("another institution opens a MED on a PIX the merchant received (sandbox API)", async ({ request }) => {
  // The server seeded the demo merchant and wrote its API key here (prisma/seed.ts).
  const { clientId, clientSecret, accountId } = JSON.parse(readFileSync(".data/demo-credentials.json", "utf8"));
  expect(clientSecret).toBeTruthy();
  const authorization = `Basic ${Buffer.from(`${clientId}:${clientSecret}`).toString("base64")}`;
  const credit = await request.post("/v4/i/sandbox/pix/in/credit", {
    headers: { authorization },
    data: { accountId, amount: 150.75, payer: { name: "Maria Pagadora" } },
  });
  expect(credit.status(), await credit.text()).toBe(200);
  endToEndId = (await credit.json()).data.endToEndId;
  const opened = await request.post("/v4/i/sandbox/meds", {
    headers: { authorization },
    data: { endToEndId, details: "Cliente relata que não reconhece a compra." },
  });
  expect(opened.status(), await opened.text()).toBe(200);
  medId = (await opened.json()).data.medId;
});

test("the blocked balance leads to the MEDs under analysis, with the countdown", async () => {
  await signIn(page, DEMO_MERCHANT);
  await page.waitForURL("**/overview", SLOW);
  await page.getByTestId("blocked-link").first().click();
  await expect(page).toHaveURL(/\/meds\?status=under_analysis$/, SLOW);
  const row = page.getByTestId("med-row").filter({ hasText: endToEndId });
  await expect(row).toBeVisible(SLOW);
  await expect(row.getByTestId("med-status")).toHaveText("Em análise");
  await expect(row.getByTestId("med-deadline")).toHaveText("7 dias restantes");
  await expect(row.getByTestId("med-deadline")).not.toHaveAttribute("data-warning", "true");
  await expect(row.getByTestId("med-row-amount")).toContainText("150,75");
  await snap(page, "meds-list");

  // other specs may have decided MEDs of this merchant: this one is not among the accepted
  await page.getByLabel("Situação").selectOption("accepted");
  await expect(page).toHaveURL(/status=accepted/, SLOW);
  await expect(page.getByTestId("meds-loading")).toHaveCount(0, SLOW);
  await expect(page.getByTestId("med-row").filter({ hasText: endToEndId })).toHaveCount(0);
  // a period before the platform existed: nothing there, and the filters can be cleared
  await page.goto("/meds?status=accepted&from=2020-01-01&to=2020-01-02");
  await expect(page.getByText("Nenhum MED com esses filtros")).toBeVisible(SLOW);
  await page.getByRole("button", { name: "Limpar filtros" }).first().click();
  await expect(page.getByTestId("med-row").filter({ hasText: endToEndId })).toBeVisible(SLOW);
});

test("the detail shows the MED, the original PIX and what is blocked", async () => {
  await page.getByTestId("med-row").filter({ hasText: endToEndId }).getByRole("link").click();
  await expect(page).toHaveURL(new RegExp(`/meds/${endToEndId}`), SLOW);
  const detail = page.getByTestId("med-detail");
  await expect(detail).toBeVisible(SLOW);
  await expect(page.getByTestId("med-disputed")).toContainText("150,75");
  await expect(page.getByTestId("med-blocked")).toContainText("150,75");
  await expect(page.getByTestId("med-owed")).toHaveCount(0);
  await expect(detail).toContainText("Cliente relata que não reconhece a compra.");
  await expect(page.getByTestId("med-e2e").getByTestId("id-value")).toHaveText(endToEndId);
  await expect(page.getByTestId("med-entry-link")).toHaveAttribute("href", new RegExp(`/ledger/${endToEndId}`));
  await snap(page, "meds-detail");

  // The original entry names its MED and leads back to it.
  const medId = (await page.getByTestId("med-id").getByTestId("id-value").textContent()) ?? "";
  await page.getByTestId("med-entry-link").click();
  await expect(page.getByTestId("detail-med-id").getByTestId("id-value")).toHaveText(medId, SLOW);
  await page.getByTestId("detail-med-id").getByRole("link").click();
  await expect(page.getByTestId("med-detail")).toBeVisible(SLOW);
});

test("refuses an HTML file named .pdf, in the merchant's language", async () => {
  await page.getByTestId("evidence-input").setInputFiles({
    name: "nota-fiscal.pdf",
    mimeType: "application/pdf",
    buffer: Buffer.from("<!doctype html><html><body>não sou um PDF</body></html>"),
  });
  await expect(page.getByTestId("evidence-error")).toContainText(
    "nota-fiscal.pdf: O arquivo não é um PDF, JPEG ou PNG de verdade.",
    SLOW,
  );
  await expect(page.getByTestId("evidence-list")).toHaveCount(0);
});

test("writes the defense, attaches a real PDF and sends it; then it is read-only with the file link", async () => {
  await page.getByTestId("defense-description").fill("Produto entregue em 12/11 no endereço do comprador.");
  await page.getByTestId("evidence-input").setInputFiles({
    name: "comprovante-entrega.pdf",
    mimeType: "application/pdf",
    buffer: smallPdf("Comprovante de entrega"),
  });
  await expect(page.getByTestId("evidence-name")).toHaveText("comprovante-entrega.pdf", SLOW);
  await expect(page.getByTestId("evidence-error")).toHaveCount(0);
  await snap(page, "meds-defense-form");

  await page.getByTestId("defense-submit").click();
  await expect(page.getByRole("dialog", { name: "Enviar a defesa?" })).toBeVisible();
  await page.getByTestId("defense-confirm").click();
  const readOnly = page.getByTestId("defense-readonly");
  await expect(readOnly).toBeVisible(SLOW);
  await expect(page.getByTestId("defense-form")).toHaveCount(0);
  await expect(page.getByTestId("defense-text")).toHaveText("Produto entregue em 12/11 no endereço do comprador.");
  const link = readOnly.getByTestId("defense-file");
  await expect(link).toContainText("comprovante-entrega.pdf");
  await snap(page, "meds-defense-sent");

  const href = (await link.getAttribute("href")) ?? "";
  expect(href).toMatch(/\/api\/meds\/evidence\/[0-9a-f-]{36}\?expires=\d+&signature=/);
  const file = await page.request.get(href);
  expect(file.status()).toBe(200);
  expect(file.headers()["content-type"]).toBe("application/pdf");
  expect(file.headers()["content-disposition"]).toMatch(/^inline;/);
  expect(file.headers()["x-content-type-options"]).toBe("nosniff");
  expect(file.headers()["x-frame-options"]).toBe("SAMEORIGIN");
  expect((await file.body()).subarray(0, 5).toString()).toBe("%PDF-");
  // Another first character of the signature (always another one: "x" was, 1 time in 64).
  const tamperedHref = href.replace(/signature=(.)/, (_, first: string) => `signature=${first === "A" ? "B" : "A"}`);
  expect(tamperedHref).not.toBe(href);
  const tampered = await page.request.get(tamperedHref);
  expect(tampered.status()).toBe(403);

  // In the list, the countdown gives way to "defense sent".
  await page.goto("/meds");
  await expect(page.getByTestId("med-row").filter({ hasText: endToEndId }).getByTestId("med-deadline")).toHaveText(
    "Defesa enviada",
    SLOW,
  );
});

test("the admin sees the PDF previewed inline, writes the analysis and accepts the MED", async ({ browser }) => {
  const admin = await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage();
  await signIn(admin, DEMO_ADMIN);
  await admin.waitForURL("**/admin", SLOW);
  await admin.goto(`/admin/meds/${medId}`);
  await expect(admin.getByTestId("med-detail")).toBeVisible(SLOW);
  // the uploaded file is the platform's own: shown in a frame of this origin, not only linked
  const frame = admin.getByTestId("med-evidence").locator("iframe");
  await expect(frame).toHaveCount(1, SLOW);
  const src = (await frame.getAttribute("src")) ?? "";
  expect(src).toMatch(/\/api\/meds\/evidence\/[0-9a-f-]{36}\?expires=\d+&signature=/);
  expect((await admin.request.get(src)).status()).toBe(200);
  // by the name the merchant gave it
  await expect(admin.getByTestId("evidence-name")).toHaveText("comprovante-entrega.pdf");

  await admin.getByTestId("med-considerations").fill(ANALYSIS);
  await admin.getByTestId("med-analysis").getByRole("button", { name: "Salvar análise" }).click();
  await expect(admin.getByTestId("med-analysis-ok")).toHaveText("Análise salva.", SLOW);
  await admin.getByTestId("med-accept").click();
  await admin.getByTestId("med-decision-confirm").click();
  await expect(admin.getByTestId("med-status").first()).toHaveText("Aceito (devolvido)", SLOW);
  await snap(admin, "meds-admin-preview-accepted");
  await admin.context().close();
});

test("the merchant sees the MED accepted: who decided, why, what went back, what is owed; the blocked money gone", async () => {
  await page.goto(`/meds/${endToEndId}`);
  await expect(page.getByTestId("med-refund-e2e")).toContainText(/D\d{8}/, SLOW);
  const outcome = page.getByTestId("med-resolution");
  await expect(outcome).toContainText("Contestação aceita");
  // our analysis decided, not the payer's institution, and no analyst's e-mail
  await expect(page.getByTestId("med-decided-by")).toHaveText(/^Análise da .+/);
  await expect(outcome).not.toContainText("instituição do pagador");
  await expect(outcome).not.toContainText(DEMO_ADMIN.email);
  await expect(page.getByTestId("med-analysis-text")).toHaveText(ANALYSIS);
  await expect(page.getByTestId("med-refunded")).toContainText("150,75");
  await expect(page.getByTestId("med-outcome-owed")).toHaveText(/^R\$\s?0,00$/);
  await expect(page.getByTestId("defense-file")).toContainText("comprovante-entrega.pdf");
  await snap(page, "meds-outcome");
  await page.goto("/ledger");
  const refund = page.getByTestId("ledger-row").filter({ hasText: "Devolução de Pix recebido" }).first();
  await expect(refund).toContainText("150,75", SLOW);
  await page.goto("/overview");
  await expect(page.getByTestId("balance-blocked")).not.toContainText("150,75", SLOW);
});
