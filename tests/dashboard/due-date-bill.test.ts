/**
 * The printable bill of a due-date charge (GET /api/charges/due-date/{txId}/bill), called as
 * Next.js calls the route: the PDF for its owner in the dashboard's language, named after the
 * txId, with the payer and the amounts as pdftotext reads them; 404 for anybody else's.
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import sharp from "sharp";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { GET as bill } from "../../app/api/charges/due-date/[txId]/bill/route";
import type { SessionUser } from "../../server/auth/next-auth";
import { setLogo, updateBranding } from "../../server/branding/service";
import { db } from "../../server/db/client";
import { registerPixKey } from "../../server/pix/platform-keys";
import { createCallerFactory } from "../../server/trpc/init";
import { appRouter } from "../../server/trpc/routers";
import { newMerchant } from "../support/fixtures";

let session: SessionUser | null = null;
vi.mock("../../server/auth/next-auth", async (original) => ({
  ...(await original<typeof import("../../server/auth/next-auth")>()),
  getSession: async () => (session ? { user: session, expires: "" } : null),
}));

const userOf = (userId: string): SessionUser => ({ id: userId, role: "MERCHANT", name: "Loja", email: "l@x.test" });

function fetchBill(txId: string, locale?: string) {
  const headers = locale ? { cookie: `locale=${locale}` } : undefined;
  const request = new Request(`http://localhost:3000/api/charges/due-date/${txId}/bill`, { headers });
  return bill(request, { params: Promise.resolve({ txId }) });
}

function pdfFile(pdf: Buffer): string {
  const file = join(mkdtempSync(join(tmpdir(), "bill-")), "bill.pdf");
  writeFileSync(file, pdf);
  return file;
}

const pdfToText = (pdf: Buffer) => execFileSync("pdftotext", ["-layout", pdfFile(pdf), "-"]).toString("utf8");
/** The images of a PDF, one line each after pdfimages' two header lines. */
const pdfImages = (pdf: Buffer) =>
  execFileSync("pdfimages", ["-list", pdfFile(pdf)])
    .toString("utf8")
    .trim()
    .split("\n")
    .slice(2);

describe("the due-date bill PDF", () => {
  let shop: Awaited<ReturnType<typeof newMerchant>>;
  let other: Awaited<ReturnType<typeof newMerchant>>;
  let txId: string;

  beforeAll(async () => {
    shop = await newMerchant({ name: "Imobiliária Central" });
    other = await newMerchant();
    await registerPixKey(db(), shop.accountId, "EVP");
    const caller = createCallerFactory(appRouter)({ user: userOf(shop.userId) });
    ({ txId } = await caller.dueDateCharges.create({
      accountId: shop.accountId,
      payer: { name: "Maria Pagadora", document: "12345678909", city: "Campinas", state: "SP" },
      amount: 1234.5,
      dueDate: "2027-06-16",
      fine: { modality: 2, value: 2 },
      interest: { modality: 3, value: 1 },
      discount: { modality: 1, dates: [{ date: "2027-06-01", value: 50 }] },
      description: "Aluguel de junho",
    }));
  });

  it("answers its owner with the bill in pt-BR: payer, masked document, amounts, rules and code", async () => {
    session = userOf(shop.userId);
    const res = await fetchBill(txId);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/pdf");
    expect(res.headers.get("content-disposition")).toBe(`attachment; filename="cobranca-${txId}.pdf"`);
    const text = pdfToText(Buffer.from(await res.arrayBuffer()));
    expect(text).toContain("Maria Pagadora");
    expect(text).toContain("***.456.789-**");
    expect(text).not.toContain("12345678909");
    expect(text).toContain("Campinas, SP");
    expect(text).toMatch(/R\$\s1\.234,50/);
    expect(text).toMatch(/R\$\s50,00 de desconto se paga até 01\/06\/2027/);
    expect(text).toContain("2% do valor uma vez, se paga com atraso");
    expect(text).toContain("1% ao mês, por dia corrido de atraso");
    expect(text).toContain("16/06/2027");
    expect(text).toContain("Imobiliária Central");
    expect(text.replace(/\s/g, "")).toContain("/pix/qr/v2/cobv/");
  });

  it("is named and written in English for an English dashboard", async () => {
    session = userOf(shop.userId);
    const res = await fetchBill(txId, "en");
    expect(res.headers.get("content-disposition")).toBe(`attachment; filename="bill-${txId}.pdf"`);
    const text = pdfToText(Buffer.from(await res.arrayBuffer()));
    expect(text).toMatch(/R\$\s?1,234\.50/);
    expect(text).toContain("06/16/2027");
    expect(text).toContain("Amount due on the due date");
  });

  it("carries the merchant's brand once set: display name and logo beside the QR code", async () => {
    session = userOf(shop.userId);
    const before = Buffer.from(await (await fetchBill(txId)).arrayBuffer());
    await updateBranding(db(), shop.userId, { displayName: "Central Imóveis", accentColor: "#1d4ed8" });
    const logo = await sharp({ create: { width: 80, height: 80, channels: 3, background: "#1d4ed8" } })
      .png()
      .toBuffer();
    await setLogo(db(), shop.userId, logo);
    const after = Buffer.from(await (await fetchBill(txId)).arrayBuffer());
    expect(pdfToText(after)).toContain("Central Imóveis");
    expect(pdfImages(after).length).toBe(pdfImages(before).length + 1);
  });

  it("is 404 for another merchant, for an unknown and a malformed txId, and 401 signed out", async () => {
    session = userOf(other.userId);
    expect((await fetchBill(txId)).status).toBe(404);
    expect((await fetchBill("A".repeat(32))).status).toBe(404);
    expect((await fetchBill("not-a-txid")).status).toBe(404);
    session = null;
    expect((await fetchBill(txId)).status).toBe(401);
  });
});
