/**
 * The back office's decision as the merchant meets it: the analysis written for the merchant goes
 * with it, an early decision (no defense yet, deadline ahead) needs the admin's confirmation, and
 * the merchant's dashboard says who decided, why, what went back to the payer and what is owed.
 */
import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { accountApi } from "../../server/account-api/app";
import { config, resetConfigForTests } from "../../server/config";
import { db } from "../../server/db/client";
import { openMed, submitDefense } from "../../server/meds/service";
import { call, fundedMerchant } from "../support/fixtures";
import { caller, newAdmin, receive, type Shop } from "./support";

const DAY = 24 * 60 * 60 * 1000;
const ANALYSIS = "Não há comprovante de entrega ao pagador; o valor volta para ele.";

describe("a MED decided in the back office", () => {
  let admin: ReturnType<typeof caller>;
  let adminEmail: string;
  let shop: Shop;

  beforeAll(async () => {
    process.env.SANDBOX_SETTLEMENT_DELAY_MS = "0";
    resetConfigForTests();
    ({ email: adminEmail, caller: admin } = await newAdmin("Decider"));
    shop = await fundedMerchant(0n);
  });

  const medOn = async (amount: number, now?: Date) =>
    openMed(db(), { userId: shop.userId, endToEndId: await receive(shop, amount), now });

  it("refuses an early decision without confirmEarly (MED_DEFENSE_PENDING), changing nothing; confirmed, it goes through", async () => {
    const med = await medOn(20);
    await expect(admin.adminMeds.resolve({ id: med.id, status: "rejected", analysis: ANALYSIS })).rejects.toMatchObject(
      { code: "CONFLICT", cause: { reason: "MED_DEFENSE_PENDING" } },
    );
    expect(await db().med.findUniqueOrThrow({ where: { id: med.id } })).toMatchObject({
      status: "under_analysis",
      legalConsiderations: null,
    });
    expect(await db().auditLogEntry.count({ where: { targetId: med.id } })).toBe(0);

    const decided = await admin.adminMeds.resolve({
      id: med.id,
      status: "rejected",
      analysis: ANALYSIS,
      confirmEarly: true,
    });
    expect(decided.status).toBe("rejected");
  });

  it("needs no confirmation once the defense is in, or once the deadline has passed", async () => {
    const defended = await medOn(21);
    await submitDefense(db(), { userId: shop.userId, endToEndId: defended.endToEndId, description: "entreguei" });
    expect((await admin.adminMeds.resolve({ id: defended.id, status: "rejected", analysis: ANALYSIS })).status).toBe(
      "rejected",
    );

    const late = await medOn(22, new Date(Date.now() - 8 * DAY));
    expect((await admin.adminMeds.resolve({ id: late.id, status: "rejected", analysis: ANALYSIS })).status).toBe(
      "rejected",
    );
  });

  it("takes no decision without the merchant's text", async () => {
    const med = await medOn(23);
    for (const analysis of ["", "   "]) {
      await expect(
        admin.adminMeds.resolve({ id: med.id, status: "accepted", analysis, confirmEarly: true }),
      ).rejects.toMatchObject({ code: "BAD_REQUEST" });
    }
    expect((await db().med.findUniqueOrThrow({ where: { id: med.id } })).status).toBe("under_analysis");
  });

  it("shows the merchant who decided, the text, what went back to the payer, what was not and what is owed", async () => {
    // 10 received, 7 spent: the MED blocks 3 of the 10 it disputes
    const spender = await fundedMerchant(0n);
    const sink = await fundedMerchant(0n);
    const endToEndId = await receive(spender, 10);
    const spent = await call(accountApi(), "POST", `/v4/i/bank-accounts/${spender.accountId}/transfer/internal`, {
      auth: spender.auth,
      body: { amount: 7, receiverBankAccount: sink.accountId },
    });
    expect(spent.status).toBe(200);
    const med = await openMed(db(), { userId: spender.userId, endToEndId });
    expect(med.blockedCents).toBe(300n);
    // the evidence the merchant uploaded keeps its name
    const photo = await db().medEvidence.create({
      data: {
        id: randomUUID(),
        medId: med.id,
        userId: spender.userId,
        fileName: "comprovante-entrega.png",
        contentType: "image/png",
        sizeBytes: 1,
        storageKey: `med-evidence/${med.id}/x`,
      },
    });
    await submitDefense(db(), {
      userId: spender.userId,
      endToEndId,
      description: "entreguei",
      files: [`${config().APP_URL}/api/meds/evidence/${photo.id}?expires=1&signature=old`],
    });
    const merchant = caller({ id: spender.userId, email: spender.email }, "MERCHANT");
    expect((await merchant.meds.get({ endToEndId })).outcome).toBeNull();

    const back = await admin.adminMeds.resolve({ id: med.id, status: "accepted", analysis: ANALYSIS });
    expect(back.defense?.files.map((f) => f.fileName)).toEqual(["comprovante-entrega.png"]);
    expect(back.legalAnalysis).toMatchObject({ considerations: ANALYSIS, createdBy: adminEmail });

    const seen = await merchant.meds.get({ endToEndId });
    expect(seen.outcome).toMatchObject({
      decidedBy: config().PLATFORM_NAME,
      analysis: { text: ANALYSIS },
      refundedCents: 300n,
      notRefundedCents: 700n,
      owedCents: 0n,
    });
    expect(JSON.stringify(seen, (_k, v) => (typeof v === "bigint" ? `${v}` : v))).not.toContain(adminEmail);
    expect(seen.defense?.files.map((f) => f.evidence?.fileName)).toEqual(["comprovante-entrega.png"]);

    // the API's legalAnalysis is the same text, by the platform
    const listed = await call(accountApi(), "GET", "/v4/i/meds?status=accepted", { auth: spender.auth });
    const item = listed.json.data.find((m: { medId: string }) => m.medId === med.id);
    expect(item.legalAnalysis).toMatchObject({ considerations: ANALYSIS, createdBy: config().PLATFORM_NAME });
  });
});
