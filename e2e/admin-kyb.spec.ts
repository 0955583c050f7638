/**
 * KYB in the back office end to end: the demo merchant opens a company proposal through /v4/i
 * (with an API key made on the page, as e2e/baas-onboarding.spec.ts does), the operator uploads a
 * sanctions list naming one of its partners on the lists page, and on the proposal's review sees
 * that partner's hit (list, version, name as listed), the CPFs masked and the risk score with its
 * reason; the queue row carries the score.
 */
import { expect, type Page, test } from "@playwright/test";
import { DEMO_ADMIN, DEMO_MERCHANT } from "../prisma/demo";
import { keyFromPage } from "./support/api-key";
import { snap } from "./support/screenshots";
import { signIn } from "./support/session";
import { openPage, SLOW } from "./support/walk";

test.describe.configure({ mode: "serial" });

/** `base` with its two mod-11 check digits; `weight(length, i)` is the i-th digit's weight. */
function withCheckDigits(base: number[], weight: (length: number, i: number) => number): string {
  const digits = [...base];
  for (let round = 0; round < 2; round++) {
    const sum = digits.reduce((acc, d, i) => acc + d * weight(digits.length, i), 0);
    const rest = sum % 11;
    digits.push(rest < 2 ? 0 : 11 - rest);
  }
  return digits.join("");
}
const randomDigits = (n: number) => Array.from({ length: n }, () => Math.floor(Math.random() * 10));
// A CPF weighs its digits 10…2 (then 11…2); a CNPJ 2…9 from the right, cycling.
const randomCpf = () => withCheckDigits(randomDigits(9), (length, i) => length + 1 - i);
const randomCnpj = () => withCheckDigits([...randomDigits(8), 0, 0, 0, 1], (length, i) => ((length - 1 - i) % 8) + 2);
/** ***.456.789-** as the back office shows a partner's CPF. */
const masked = (cpf: string) => `***.${cpf.slice(3, 6)}.${cpf.slice(6, 9)}-**`;

const tag = Date.now()
  .toString(36)
  .replace(/\d/g, (digit) => "abcdefghij"[Number(digit)] as string);
const listed = { name: `Fulano ${tag} da Conceição`, cpf: randomCpf() };
const other = { name: `Beltrana ${tag} Souza`, cpf: randomCpf() };
const proposal = {
  personType: "company",
  name: `Comércio ${tag} Ltda`,
  document: randomCnpj(),
  email: `empresa-${tag}@example.test`,
  phone: "+5511987654321",
  address: { street: "Rua Exemplo", number: "10", city: "São Paulo", state: "SP", zipCode: "01001000" },
  company: {
    legalName: `Comércio ${tag} Ltda`,
    tradeName: "Loja Fictícia",
    cnae: "4751-2/01",
    openedOn: "2015-03-10",
    legalNature: "206-2",
    registrationStatus: "ATIVA",
    partners: [
      { ...listed, qualification: "49-Sócio-Administrador", share: 60 },
      { ...other, qualification: "22-Sócio", share: 40 },
    ],
  },
};
const state = { auth: "", userId: "", version: "" };

let admin: Page;

test.afterAll(async () => {
  await admin?.context().close();
});

test("the merchant opens a company proposal through the API", async ({ browser, request }) => {
  const merchant = await openPage(browser);
  await signIn(merchant, DEMO_MERCHANT);
  await expect(merchant).toHaveURL(/\/overview$/, SLOW);
  state.auth = await keyFromPage(merchant, `KYB e2e ${tag}`, [/^baas:onboarding/]);
  await merchant.context().close();

  const created = await request.post("/v4/i/baas/onboarding/new", {
    headers: { authorization: state.auth },
    data: proposal,
  });
  expect(created.status(), await created.text()).toBe(200);
  state.userId = (await created.json()).data.userId;
});

test("the operator uploads a sanctions list naming one partner", async ({ browser }) => {
  admin = await openPage(browser);
  await signIn(admin, DEMO_ADMIN);
  await expect(admin).not.toHaveURL(/\/login/, SLOW);
  await admin.goto("/admin/onboarding");
  await admin.getByTestId("kyb-page-link").click();
  await expect(admin).toHaveURL(/\/admin\/onboarding\/kyb$/, SLOW);
  await expect(admin.getByRole("heading", { level: 1, name: "Listas de PEP e sanções" })).toBeVisible();

  const csv = [
    "Nome;CPF_CNPJ;Lista;Motivo;Data_Inicio;Data_Fim",
    `${listed.name.toUpperCase()};;CSNU;Registro fictício;2024-01-01;`,
  ];
  await admin.getByTestId("kyb-upload-kind").selectOption("sanctions");
  await admin
    .getByTestId("kyb-upload-file")
    .setInputFiles({ name: "csnu.csv", mimeType: "text/csv", buffer: Buffer.from(csv.join("\n")) });
  await admin.getByTestId("kyb-upload-submit").click();
  const done = admin.getByTestId("kyb-upload-done");
  await expect(done).toContainText("Sanções v", SLOW);
  await expect(done).toContainText("1 linha");
  state.version = ((await admin.getByTestId("kyb-current-sanctions").textContent()) ?? "").trim();
  expect(state.version).toMatch(/^v\d+$/);
  await expect(admin.getByTestId("kyb-history-row").first()).toContainText("csnu.csv");
  await expect(admin.getByTestId("kyb-history-row").first()).toContainText(DEMO_ADMIN.email);

  // a binary file is refused in Portuguese and loads nothing
  await admin.getByTestId("kyb-upload-file").setInputFiles({
    name: "lista.csv",
    mimeType: "text/csv",
    buffer: Buffer.from(
      "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
      "base64",
    ),
  });
  await admin.getByTestId("kyb-upload-submit").click();
  await expect(admin.getByTestId("kyb-upload-error")).toContainText("precisa ser um CSV em texto", SLOW);
  await expect(admin.getByTestId("kyb-current-sanctions")).toHaveText(state.version);
  await snap(admin, "admin-kyb-lists");
});

test("the queue shows the score, and the review the listed partner with the reason", async () => {
  await admin.goto("/admin/onboarding?status=all");
  const row = admin.locator(`[data-testid="onboarding-queue-row"][data-user-id="${state.userId}"]`);
  await expect(row).toBeVisible(SLOW);
  await expect(row.getByTestId("kyb-score")).toHaveAttribute("data-score", "30");
  await expect(row.getByTestId("kyb-score")).toContainText("Risco 30 · Analisar");
  await row.click();

  const kyb = admin.getByTestId("kyb-company");
  await expect(kyb).toBeVisible(SLOW);
  await expect(kyb.getByTestId("kyb-registration")).toContainText(proposal.company.legalName);
  await expect(kyb.getByTestId("kyb-score-value")).toHaveText("30 de 100");
  const reason = kyb.locator('[data-testid="kyb-reason"][data-code="SANCTIONS_NAME"]');
  await expect(reason).toContainText("Nome em lista de sanções (sem documento)");
  await expect(reason).toContainText(listed.name);
  await expect(reason).toContainText("+30");
  await expect(kyb.getByTestId("kyb-list-versions")).toContainText(`Sanções ${state.version}`);

  const partners = kyb.getByTestId("kyb-partner");
  await expect(partners).toHaveCount(2);
  const flagged = partners.filter({ hasText: listed.name });
  await expect(flagged).toHaveAttribute("data-hits", "1");
  await expect(flagged.getByTestId("kyb-partner-cpf")).toHaveText(masked(listed.cpf));
  await expect(flagged.getByTestId("kyb-partner-hit")).toHaveText(
    `Sanções (nome) · CSNU ${state.version} · como “${listed.name.toUpperCase()}”`,
  );
  const clean = partners.filter({ hasText: other.name });
  await expect(clean).toHaveAttribute("data-hits", "0");
  await expect(clean.getByTestId("kyb-partner-cpf")).toHaveText(masked(other.cpf));
  await expect(clean).toContainText("Nenhuma");
  await snap(admin, "admin-kyb-review");
});
