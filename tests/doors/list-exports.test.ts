/**
 * The CSV exports of the charges, refunds and MEDs lists, called as Next.js calls them: the
 * signed-in merchant's rows only, the list's current filter, the dashboard's language, and text
 * that a spreadsheet would run defused.
 */
import { beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { GET as chargesExport } from "../../app/api/charges/export/route";
import { GET as medsExport } from "../../app/api/meds/export/route";
import { GET as refundsExport } from "../../app/api/refunds/export/route";
import { accountApi } from "../../server/account-api/app";
import type { SessionUser } from "../../server/auth/next-auth";
import { resetConfigForTests } from "../../server/config";
import { db } from "../../server/db/client";
import { requestRefund } from "../../server/refunds/service";
import { creditIncomingPix } from "../../server/transfers/incoming";
import { seedCharge } from "../analytics/support";
import { centsOf, readCsv, recordsOf } from "../support/csv";
import { call, fundedMerchant, newMerchant } from "../support/fixtures";

let session: SessionUser | null = null;
vi.mock("../../server/auth/next-auth", async (original) => ({
  ...(await original<typeof import("../../server/auth/next-auth")>()),
  getSession: async () => (session ? { user: session, expires: "" } : null),
}));

const HOSTILE = '=HYPERLINK("http://evil.invalid","pague")';
const get = (path: string, locale?: "en" | "pt-BR") =>
  new Request(`http://localhost:3000${path}`, { headers: locale ? { cookie: `locale=${locale}` } : {} });
async function rowsOf(res: Response, locale: "pt-BR" | "en") {
  expect(res.status).toBe(200);
  expect(res.headers.get("content-type")).toBe("text/csv; charset=utf-8");
  return recordsOf(readCsv(Buffer.from(await res.arrayBuffer()), locale));
}

describe("list exports", () => {
  let shop: Awaited<ReturnType<typeof fundedMerchant>>;
  let other: Awaited<ReturnType<typeof newMerchant>>;

  beforeAll(async () => {
    process.env.SANDBOX_SETTLEMENT_DELAY_MS = "0";
    resetConfigForTests();
    shop = await fundedMerchant(100_000n);
    other = await newMerchant();
    const paid = await seedCharge(shop, {
      createdAt: "2026-11-10T12:00:00Z",
      paidAt: "2026-11-10T12:05:00Z",
      amountCents: 1_234_56n,
    });
    await db().charge.update({ where: { txId: paid.txId }, data: { description: HOSTILE } });
    await seedCharge(shop, { createdAt: "2026-11-11T12:00:00Z", amountCents: 500n });
    await seedCharge(other, { createdAt: "2026-11-11T12:00:00Z", amountCents: 999n });
  });
  beforeEach(() => {
    session = { id: shop.userId, role: "MERCHANT", name: "Loja", email: "l@x.test" };
  });

  it("GET /api/charges/export: the current status filter, pt-BR by default, formulas defused", async () => {
    const res = await chargesExport(get("/api/charges/export?status=paid"));
    expect(res.headers.get("content-disposition")).toMatch(/^attachment; filename="cobrancas-\d{4}-\d{2}-\d{2}\.csv"$/);
    const rows = await rowsOf(res, "pt-BR");
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ Descrição: `'${HOSTILE}`, Status: "Paga", Valor: "1234,56" });
    expect(centsOf(rows[0]?.Valor, "pt-BR")).toBe(1_234_56n);

    const all = await rowsOf(await chargesExport(get("/api/charges/export", "en")), "en");
    expect(all.map((r) => r.Amount)).toEqual(["5.00", "1234.56"]);
    expect(all.map((r) => r.Status)).toEqual(["Awaiting payment", "Paid"]);
    expect((await chargesExport(get("/api/charges/export?status=nope"))).status).toBe(400);
  });

  it("GET /api/refunds/export: the merchant's refunds, negative, in English for an English user", async () => {
    const credit = await creditIncomingPix(db(), {
      userId: shop.userId,
      accountId: shop.accountId,
      amountCents: 3_000n,
      payer: { name: "-2+3" },
    });
    await requestRefund(db(), {
      userId: shop.userId,
      endToEndId: credit.endToEndId as string,
      amountCents: 1_000n,
      description: "@devolução",
    });
    const res = await refundsExport(get("/api/refunds/export", "en"));
    expect(res.headers.get("content-disposition")).toMatch(/filename="refunds-\d{4}-\d{2}-\d{2}\.csv"$/);
    const rows = await rowsOf(res, "en");
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ Receiver: "'-2+3", Description: "'@devolução", Amount: "-10.00" });
    expect(await rowsOf(await refundsExport(get("/api/refunds/export?status=failed")), "pt-BR")).toEqual([]);
  });

  it("GET /api/meds/export: the current status filter, the payer's name defused", async () => {
    const credit = await creditIncomingPix(db(), {
      userId: shop.userId,
      accountId: shop.accountId,
      amountCents: 2_500n,
      payer: { name: HOSTILE },
    });
    const opened = await call(accountApi(), "POST", "/v4/i/sandbox/meds", {
      auth: shop.auth,
      body: { endToEndId: credit.endToEndId },
    });
    expect(opened.status).toBeLessThan(300);
    const rows = await rowsOf(await medsExport(get("/api/meds/export?status=under_analysis")), "pt-BR");
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ Pagador: `'${HOSTILE}`, Status: "Em análise", "Valor contestado": "25,00" });
    expect(await rowsOf(await medsExport(get("/api/meds/export?status=accepted")), "pt-BR")).toEqual([]);
  });

  it("refuses without a session", async () => {
    session = null;
    for (const door of [chargesExport, refundsExport, medsExport]) {
      expect((await door(get("/api/x/export"))).status).toBe(401);
    }
  });
});
