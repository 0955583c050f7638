import { randomBytes, randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { accountApi } from "../../server/account-api/app";
import { config, resetConfigForTests } from "../../server/config";
import { db } from "../../server/db/client";
import { verifyLedger } from "../../server/ledger/verify";
import { adminListMeds } from "../../server/meds/admin";
import { openMed, resolveMed, submitDefense } from "../../server/meds/service";
import { creditIncomingPix } from "../../server/transfers/incoming";
import { call, fundedMerchant, newMerchant } from "../support/fixtures";
import { caller, newAdmin } from "./support";

type Shop = Awaited<ReturnType<typeof fundedMerchant>>;
const DAY = 24 * 60 * 60 * 1000;
/** What every back-office decision carries: the merchant's text, and the early decision confirmed. */
const DECIDE = { analysis: "Análise para o lojista.", confirmEarly: true };
const auditOf = (targetId: string) => db().auditLogEntry.findMany({ where: { targetId } });
const balances = (accountId: string) =>
  db().account.findUniqueOrThrow({ where: { id: accountId }, select: { availableCents: true, blockedCents: true } });

async function medOn(shop: Shop, amountCents: bigint, options: { now?: Date; defense?: boolean } = {}) {
  const credit = await creditIncomingPix(db(), { userId: shop.userId, accountId: shop.accountId, amountCents });
  const endToEndId = credit.endToEndId as string;
  const med = await openMed(db(), { userId: shop.userId, endToEndId, details: "golpe", now: options.now });
  if (options.defense) {
    // one outside link and one file the merchant uploaded (its bytes do not matter here)
    const photo = await db().medEvidence.create({
      data: {
        id: randomUUID(),
        medId: med.id,
        userId: shop.userId,
        fileName: "foto.png",
        contentType: "image/png",
        sizeBytes: 1,
        storageKey: `meds/${med.id}/foto`,
      },
    });
    await submitDefense(db(), {
      userId: shop.userId,
      endToEndId,
      description: "entreguei o produto",
      files: [
        "https://example.test/nota.pdf",
        `${config().APP_URL}/api/meds/evidence/${photo.id}?expires=1&signature=old`,
      ],
      now: options.now,
    });
  }
  return med;
}

async function expectLedgerClean() {
  expect((await verifyLedger(db())).violations).toEqual([]);
}

describe("MED back office (admin door)", () => {
  let admin: ReturnType<typeof caller>;
  let adminEmail: string;
  let shop: Shop;
  let tag: string;

  beforeAll(async () => {
    process.env.SANDBOX_SETTLEMENT_DELAY_MS = "0";
    resetConfigForTests();
    tag = randomBytes(3).toString("hex");
    ({ email: adminEmail, caller: admin } = await newAdmin("Analyst", tag));
    shop = { ...(await fundedMerchant(0n)) };
  });

  it("filters the queue by status, deadline window, merchant and amount, by deadline, with counts", async () => {
    const named = await newMerchant({ name: `Padaria ${tag}` });
    const bakery = { ...named, auth: "" } as Shop;
    const now = Date.now();
    const soon = await medOn(bakery, 1500n, { now: new Date(now - 6 * DAY) }); // deadline in 1 day
    const later = await medOn(bakery, 9000n, { now: new Date(now - 1 * DAY) }); // deadline in 6 days
    const expired = await medOn(bakery, 3000n, { now: new Date(now - 8 * DAY) });
    const done = await medOn(bakery, 500n);
    await resolveMed(db(), { medId: done.id, status: "rejected" });

    const all = await admin.adminMeds.list({ merchant: `padaria ${tag}` });
    expect(all.meds.map((m) => m.id)).toEqual([expired.id, soon.id, later.id, done.id]);
    expect(all.counts).toEqual({ under_analysis: 3, accepted: 0, rejected: 1 });
    expect(all.total).toBe(4);
    expect(all.meds[0]).toMatchObject({ merchantName: `Padaria ${tag}`, merchantEmail: named.email });

    const byEmail = await admin.adminMeds.list({ merchant: named.email.toUpperCase() });
    expect(byEmail.total).toBe(4);
    const within2 = await admin.adminMeds.list({ merchant: tag, deadline: "within2d" });
    expect(within2.meds.map((m) => m.id)).toEqual([soon.id]);
    const within7 = await admin.adminMeds.list({ merchant: tag, deadline: "within7d", sort: "deadline_desc" });
    expect(within7.meds.map((m) => m.id)).toEqual([later.id, soon.id]);
    expect((await admin.adminMeds.list({ merchant: tag, deadline: "expired" })).meds.map((m) => m.id)).toEqual([
      expired.id,
    ]);
    const rejected = await admin.adminMeds.list({ merchant: tag, status: "rejected" });
    expect(rejected.meds.map((m) => m.id)).toEqual([done.id]);
    expect(rejected.total).toBe(1);
    const ranged = await admin.adminMeds.list({ merchant: tag, minAmount: 15, maxAmount: 30 });
    expect(ranged.meds.map((m) => m.id)).toEqual([expired.id, soon.id]);
    const paged = await admin.adminMeds.list({ merchant: tag, page: 2, limit: 3 });
    expect(paged.meds.map((m) => m.id)).toEqual([done.id]);
    expect(paged.totalPages).toBe(2);
    // LIKE wildcards in the search are literal
    expect((await adminListMeds(db(), { merchant: "%", page: 1, limit: 5 })).total).toBe(0);
    await expect(admin.adminMeds.list({ minAmount: -1 })).rejects.toMatchObject({ code: "BAD_REQUEST" });
  });

  it("saves the analysis with the admin as createdBy, shown on GET /v4/i/meds as the institution's, one audit row per save", async () => {
    const med = await medOn(shop, 2000n, { defense: true });
    const detail = await admin.adminMeds.saveAnalysis({ id: med.id, considerations: "Defesa consistente." });
    expect(detail.legalAnalysis).toMatchObject({ createdBy: adminEmail, considerations: "Defesa consistente." });
    expect(detail.defense?.files.map((f) => f.kind)).toEqual(["link", "image"]);
    // the uploaded file is shown through a freshly signed link, the outside one as given
    expect(detail.defense?.files[0]?.url).toBe("https://example.test/nota.pdf");
    expect(detail.defense?.files[1]?.url).not.toContain("signature=old");

    const listed = await call(accountApi(), "GET", "/v4/i/meds", { auth: shop.auth });
    const item = listed.json.data.find((m: { medId: string }) => m.medId === med.id);
    // Merchants see the institution as the author, never the analyst's e-mail.
    expect(item.legalAnalysis).toMatchObject({
      createdBy: config().PLATFORM_NAME,
      considerations: "Defesa consistente.",
    });
    expect(JSON.stringify(listed.json)).not.toContain(adminEmail);
    expect(typeof item.legalAnalysis.createdAt).toBe("number");

    const rows = await auditOf(med.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      action: "med.analysis",
      actorEmail: adminEmail,
      targetType: "med",
      before: null,
      after: { considerations: "Defesa consistente.", createdBy: adminEmail },
    });
    for (const blank of ["", "   \n "]) {
      await expect(admin.adminMeds.saveAnalysis({ id: med.id, considerations: blank })).rejects.toMatchObject({
        code: "BAD_REQUEST",
      });
    }
    await expect(admin.adminMeds.saveAnalysis({ id: med.id, considerations: "x".repeat(5001) })).rejects.toMatchObject({
      code: "BAD_REQUEST",
    });
    await expect(
      admin.adminMeds.saveAnalysis({ id: "00000000-0000-4000-8000-000000000000", considerations: "x" }),
    ).rejects.toMatchObject({ code: "NOT_FOUND" });
    expect(await auditOf(med.id)).toHaveLength(1);
  });

  it("accepts (refund) and rejects (release) through the admin door, the ledger clean, audited once", async () => {
    const accepted = await medOn(shop, 3000n);
    const before = await balances(shop.accountId);
    const detail = await admin.adminMeds.resolve({ id: accepted.id, status: "accepted", ...DECIDE });
    expect(detail.status).toBe("accepted");
    expect(detail.refund?.endToEndId).toMatch(/^D/);
    expect(detail.effect).toMatchObject({ blockedCents: 0n, refundedCents: 3000n });
    expect((await balances(shop.accountId)).blockedCents).toBe(before.blockedCents - 3000n);
    await expectLedgerClean();
    const rows = await auditOf(accepted.id);
    expect(rows.map((r) => r.action).sort()).toEqual(["med.accept", "med.analysis"]);
    expect(rows.find((r) => r.action === "med.accept")).toMatchObject({
      action: "med.accept",
      actorEmail: adminEmail,
      before: { status: "under_analysis", blockedCents: "3000" },
      after: { status: "accepted", blockedCents: "0" },
    });

    const rejected = await medOn(shop, 1200n);
    const beforeReject = await balances(shop.accountId);
    await admin.adminMeds.resolve({ id: rejected.id, status: "rejected", ...DECIDE });
    expect(await balances(shop.accountId)).toEqual({
      availableCents: beforeReject.availableCents + 1200n,
      blockedCents: beforeReject.blockedCents - 1200n,
    });
    await expectLedgerClean();
    expect((await auditOf(rejected.id)).map((r) => r.action).sort()).toEqual(["med.analysis", "med.reject"]);

    // resolved MEDs are read-only
    await expect(admin.adminMeds.saveAnalysis({ id: rejected.id, considerations: "tarde" })).rejects.toMatchObject({
      code: "CONFLICT",
    });
    await expect(admin.adminMeds.resolve({ id: rejected.id, status: "accepted", ...DECIDE })).rejects.toMatchObject({
      code: "CONFLICT",
    });
    expect(await auditOf(rejected.id)).toHaveLength(2);
  });

  it("lets exactly one of a concurrent accept and reject win; the other gets CONFLICT", async () => {
    const med = await medOn(shop, 4100n);
    const results = await Promise.allSettled([
      admin.adminMeds.resolve({ id: med.id, status: "accepted", ...DECIDE }),
      admin.adminMeds.resolve({ id: med.id, status: "rejected", ...DECIDE }),
    ]);
    const won = results.filter((r) => r.status === "fulfilled");
    const lost = results.filter((r) => r.status === "rejected");
    expect(won).toHaveLength(1);
    expect(lost).toHaveLength(1);
    expect((lost[0] as PromiseRejectedResult).reason).toMatchObject({ code: "CONFLICT" });
    expect((await auditOf(med.id)).filter((r) => r.action !== "med.analysis")).toHaveLength(1);
    await expectLedgerClean();
  });

  it("leaves no audit row when the action rolls back", async () => {
    const med = await medOn(shop, 700n);
    await expect(
      db().$transaction(async (tx) => {
        await resolveMed(tx, { medId: med.id, status: "accepted", actor: { userId: shop.userId, email: "x@y.test" } });
        throw new Error("boom after the decision");
      }),
    ).rejects.toThrow("boom");
    expect(await auditOf(med.id)).toHaveLength(0);
    expect((await db().med.findUniqueOrThrow({ where: { id: med.id } })).status).toBe("under_analysis");
    await expectLedgerClean();
  });

  it("answers a merchant calling the admin procedures with FORBIDDEN, changing nothing", async () => {
    const med = await medOn(shop, 800n);
    const merchant = caller({ id: shop.userId, email: shop.email }, "MERCHANT");
    await expect(merchant.adminMeds.list({})).rejects.toMatchObject({ code: "FORBIDDEN" });
    await expect(merchant.adminMeds.get({ id: med.id })).rejects.toMatchObject({ code: "FORBIDDEN" });
    await expect(merchant.adminMeds.saveAnalysis({ id: med.id, considerations: "eu mesmo" })).rejects.toMatchObject({
      code: "FORBIDDEN",
    });
    await expect(merchant.adminMeds.resolve({ id: med.id, status: "rejected", ...DECIDE })).rejects.toMatchObject({
      code: "FORBIDDEN",
    });
    await expect(merchant.adminAudit.list({})).rejects.toMatchObject({ code: "FORBIDDEN" });
    expect(await db().med.findUniqueOrThrow({ where: { id: med.id } })).toMatchObject({
      status: "under_analysis",
      legalCreatedBy: null,
    });
    expect(await auditOf(med.id)).toHaveLength(0);
  });

  it("browses the audit log by actor, action, target and period", async () => {
    const med = await medOn(shop, 600n);
    await admin.adminMeds.saveAnalysis({ id: med.id, considerations: "Primeira leitura." });
    await admin.adminMeds.resolve({ id: med.id, status: "rejected", ...DECIDE });
    const mine = await admin.adminAudit.list({ actor: `ANALYST-${tag}`, target: med.id });
    expect(mine.entries.map((e) => e.action).sort()).toEqual(["med.analysis", "med.analysis", "med.reject"]);
    expect((await admin.adminAudit.list({ target: med.id, action: "med.rej" })).total).toBe(1);
    expect((await admin.adminAudit.list({ target: med.id, from: Date.now() + 60_000 })).total).toBe(0);
    expect((await admin.adminAudit.list({ target: med.id, to: Date.now() + 60_000 })).total).toBe(3);
  });
});
