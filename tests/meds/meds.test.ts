import { beforeAll, describe, expect, it } from "vitest";
import { accountApi } from "../../server/account-api/app";
import { resetConfigForTests } from "../../server/config";
import { db } from "../../server/db/client";
import { verifyLedger } from "../../server/ledger/verify";
import { submitDefense } from "../../server/meds/service";
import { accountEventFor, gatewayEventsFor } from "../../server/webhooks/catalog";
import { call, fundedMerchant } from "../support/fixtures";
import { balances, receive, type Shop, settle } from "./support";

async function expectLedgerClean() {
  expect((await verifyLedger(db())).violations).toEqual([]);
}

const openMed = (shop: Shop, endToEndId: string, details?: string) =>
  call(accountApi(), "POST", "/v4/i/sandbox/meds", { auth: shop.auth, body: { endToEndId, details } });
const resolve = (shop: Shop, medId: string, status: string) =>
  call(accountApi(), "POST", `/v4/i/sandbox/meds/${medId}/resolve`, { auth: shop.auth, body: { status } });
const defend = (shop: Shop, endToEndId: string, body: unknown) =>
  call(accountApi(), "POST", `/v4/i/meds/${endToEndId}/defense`, { auth: shop.auth, body });

describe("MEDs", () => {
  let shop: Shop;

  beforeAll(async () => {
    process.env.SANDBOX_SETTLEMENT_DELAY_MS = "0";
    resetConfigForTests();
    shop = await fundedMerchant(0n);
  });

  it("blocks the disputed amount, shows the MED on the entry, and releases it when rejected", async () => {
    const e2e = await receive(shop, 40);
    const before = await balances(shop.accountId);
    const opened = await openMed(shop, e2e, "golpe");
    expect(opened.status).toBe(200);
    expect(opened.json.data).toMatchObject({
      endToEndId: e2e,
      status: "under_analysis",
      grossAmount: 40,
      details: "golpe",
      defense: null,
    });
    const med = opened.json.data;
    expect(med.deadlines.defenseDeadLine - med.createdInfractionAt).toBe(7 * 24 * 60 * 60 * 1000);
    expect(await balances(shop.accountId)).toEqual({
      availableCents: before.availableCents - 4000n,
      blockedCents: before.blockedCents + 4000n,
    });
    const entry = await call(accountApi(), "GET", `/v4/i/ledger/end-to-end/${e2e}`, { auth: shop.auth });
    expect(entry.json.data).toMatchObject({ medId: med.medId, medCreatedAt: med.createdInfractionAt });
    expect(entry.json.data.medCreatedDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    await expectLedgerClean();

    expect((await openMed(shop, e2e)).status).toBe(409);
    const rejected = await resolve(shop, med.medId, "rejected");
    expect(rejected.json.data).toMatchObject({ status: "rejected", refundedEndToEndId: null });
    expect(await balances(shop.accountId)).toEqual(before);
    expect((await resolve(shop, med.medId, "accepted")).status).toBe(409);
    await expectLedgerClean();
  });

  it("refunds the blocked money to the payer when accepted", async () => {
    const e2e = await receive(shop, 25);
    const before = await balances(shop.accountId);
    const med = (await openMed(shop, e2e)).json.data;
    const accepted = await resolve(shop, med.medId, "accepted");
    expect(accepted.status).toBe(200);
    expect(accepted.json.data.status).toBe("accepted");
    const refundE2e = accepted.json.data.refundedEndToEndId as string;
    expect(refundE2e).toMatch(/^D/);
    const refund = await db().ledgerEntry.findFirstOrThrow({ where: { endToEndId: refundE2e } });
    expect(refund).toMatchObject({ reason: "pix_in:refunded_processing", status: "processing", grossCents: 2500n });
    await expectLedgerClean();
    await settle();
    expect((await db().ledgerEntry.findFirstOrThrow({ where: { endToEndId: refundE2e } })).status).toBe("succeeded");
    const original = await call(accountApi(), "GET", `/v4/i/ledger/end-to-end/${e2e}`, { auth: shop.auth });
    expect(original.json.data.refundedEndToEndId).toBe(refundE2e);
    expect(await balances(shop.accountId)).toEqual({
      availableCents: before.availableCents - 2500n,
      blockedCents: before.blockedCents,
    });
    await expectLedgerClean();
  });

  it("blocks only what is left when the money was already spent, then blocks later credits until covered", async () => {
    const spender = await fundedMerchant(0n);
    const sink = await fundedMerchant(0n);
    const e2e = await receive(spender, 10);
    const transfer = await call(accountApi(), "POST", `/v4/i/bank-accounts/${spender.accountId}/transfer/internal`, {
      auth: spender.auth,
      body: { amount: 7, receiverBankAccount: sink.accountId },
    });
    expect(transfer.status).toBe(200);
    const opened = await openMed(spender, e2e);
    expect(opened.json.data.grossAmount).toBe(10);
    expect(await balances(spender.accountId)).toEqual({ availableCents: 0n, blockedCents: 300n });
    const med = await db().med.findUniqueOrThrow({ where: { id: opened.json.data.medId } });
    expect({ disputed: med.disputedCents, blocked: med.blockedCents }).toEqual({ disputed: 1000n, blocked: 300n });
    await expectLedgerClean();

    // what is still owed is blocked from the next credits until covered
    await receive(spender, 5);
    expect(await balances(spender.accountId)).toEqual({ availableCents: 0n, blockedCents: 800n });
    await receive(spender, 6);
    expect(await balances(spender.accountId)).toEqual({ availableCents: 400n, blockedCents: 1000n });
    expect((await db().med.findUniqueOrThrow({ where: { id: med.id } })).blockedCents).toBe(1000n);
    await expectLedgerClean();

    const accepted = await resolve(spender, med.id, "accepted");
    const refund = await db().ledgerEntry.findFirstOrThrow({
      where: { endToEndId: accepted.json.data.refundedEndToEndId },
    });
    expect(refund.grossCents).toBe(1000n);
    await settle();
    expect(await balances(spender.accountId)).toEqual({ availableCents: 400n, blockedCents: 0n });
    await expectLedgerClean();
  });

  it("takes one defense before the deadline: 200, then 409; 422 after 7 days; 400 bad input; 404 unknown", async () => {
    const e2e = await receive(shop, 5);
    const med = (await openMed(shop, e2e)).json.data;
    expect((await defend(shop, e2e, { description: "" })).status).toBe(400);
    expect((await defend(shop, e2e, { description: "x".repeat(5001) })).status).toBe(400);
    expect((await defend(shop, e2e, { description: "ok", files: ["http://files.invalid/a.pdf"] })).status).toBe(400);
    const eleven = Array.from({ length: 11 }, (_, i) => `https://files.invalid/${i}.pdf`);
    expect((await defend(shop, e2e, { description: "ok", files: eleven })).status).toBe(400);
    expect((await defend(shop, "garbage", { description: "ok" })).status).toBe(400);
    expect((await defend(shop, "E99999999202601010000AAAAAAAAAAA", { description: "ok" })).status).toBe(404);

    const ok = await defend(shop, e2e, { description: "entregue", files: ["https://files.invalid/nota.pdf"] });
    expect(ok.status).toBe(200);
    expect(ok.json.data.defense).toMatchObject({ description: "entregue", files: ["https://files.invalid/nota.pdf"] });
    const again = await defend(shop, e2e, { description: "de novo" });
    expect(again.status).toBe(409);

    const late = await receive(shop, 5);
    await openMed(shop, late);
    const eightDaysLater = new Date(med.createdInfractionAt + 8 * 24 * 60 * 60 * 1000);
    await expect(
      submitDefense(db(), { userId: shop.userId, endToEndId: late, description: "tarde", now: eightDaysLater }),
    ).rejects.toMatchObject({ code: "DEADLINE_EXPIRED", status: 422 });
  });

  it("lists the caller's MEDs only, with filters, pagination and legalAnalysis", async () => {
    const other = await fundedMerchant(0n);
    const theirs = await receive(other, 3);
    const theirMed = (await openMed(other, theirs)).json.data;

    const list = await call(accountApi(), "GET", "/v4/i/meds?limit=2", { auth: shop.auth });
    expect(list.status).toBe(200);
    expect(list.json.data).toHaveLength(2);
    expect(list.json.pagination).toMatchObject({ page: 1, limit: 2, orderBy: "desc" });
    expect(list.json.pagination.total).toBeGreaterThanOrEqual(4);
    expect(list.json.data[0]).toHaveProperty("legalAnalysis", null);
    const all = await call(accountApi(), "GET", "/v4/i/meds?limit=100", { auth: shop.auth });
    expect(all.json.data.some((m: { medId: string }) => m.medId === theirMed.medId)).toBe(false);
    const rejected = await call(accountApi(), "GET", "/v4/i/meds?status=rejected", { auth: shop.auth });
    expect(rejected.json.data.every((m: { status: string }) => m.status === "rejected")).toBe(true);
    expect(rejected.json.data.length).toBeGreaterThanOrEqual(1);
    const future = await call(accountApi(), "GET", `/v4/i/meds?startDate=${Date.now() + 86_400_000}`, {
      auth: shop.auth,
    });
    expect(future.json.data).toEqual([]);
    expect((await call(accountApi(), "GET", "/v4/i/meds?limit=101", { auth: shop.auth })).status).toBe(400);
    expect((await call(accountApi(), "GET", "/v4/i/meds?status=open", { auth: shop.auth })).status).toBe(400);

    // another merchant's MED is unknown to this caller
    expect((await defend(shop, theirs, { description: "meu" })).status).toBe(404);
    expect((await resolve(shop, theirMed.medId, "accepted")).status).toBe(404);
    expect((await openMed(shop, theirs)).status).toBe(404);
    expect((await db().med.findUniqueOrThrow({ where: { id: theirMed.medId } })).status).toBe("under_analysis");
  });

  it("serialises a concurrent resolve and defense: the defense lands first or gets a 409", async () => {
    const e2e = await receive(shop, 8);
    const med = (await openMed(shop, e2e)).json.data;
    const [resolved, defense] = await Promise.all([
      resolve(shop, med.medId, "rejected"),
      defend(shop, e2e, { description: "corrida" }),
    ]);
    expect(resolved.status).toBe(200);
    expect([200, 409]).toContain(defense.status);
    const row = await db().med.findUniqueOrThrow({ where: { id: med.medId } });
    expect(row.status).toBe("rejected");
    expect(row.defenseCreatedAt !== null).toBe(defense.status === 200);
    await expectLedgerClean();
  });

  it("runs a resolution and an owed-covering credit on the same account side by side", async () => {
    const owing = await fundedMerchant(0n);
    const sink = await fundedMerchant(0n);
    const e2e = await receive(owing, 4);
    await call(accountApi(), "POST", `/v4/i/bank-accounts/${owing.accountId}/transfer/internal`, {
      auth: owing.auth,
      body: { amount: 4, receiverBankAccount: sink.accountId },
    });
    const med = (await openMed(owing, e2e)).json.data;
    const [resolved, credited] = await Promise.all([resolve(owing, med.medId, "rejected"), receive(owing, 2)]);
    expect(resolved.status).toBe(200);
    expect(credited).toMatch(/^E/);
    expect(await balances(owing.accountId)).toEqual({ availableCents: 200n, blockedCents: 0n });
    await expectLedgerClean();
  });

  it("records the events of each step in the outbox, mapped to both webhook surfaces", async () => {
    const e2e = await receive(shop, 12);
    const med = (await openMed(shop, e2e)).json.data;
    await defend(shop, e2e, { description: "prova" });
    await resolve(shop, med.medId, "accepted");
    const entry = await db().ledgerEntry.findFirstOrThrow({ where: { endToEndId: e2e, type: "credit" } });
    const events = await db().outboxEvent.findMany({
      where: { accountId: shop.accountId, topic: { startsWith: "med." }, entryId: e2e },
      orderBy: { createdAt: "asc" },
    });
    expect(events.map((e) => e.topic)).toEqual(["med.created", "med.defense_submitted", "med.resolved"]);
    const gateway = events.flatMap((e) => gatewayEventsFor(e, { entry }).map((g) => [g.type, g.data.status]));
    expect(gateway).toEqual([
      ["pix.infraction.created", "ACKNOWLEDGED"],
      ["pix.refund.requested", "requested"],
      ["pix.infraction.defense_submitted", "defense_submitted"],
      ["pix.infraction.resolved", "CLOSED"],
    ]);
    const received = accountEventFor(events[0] as (typeof events)[number], { entry });
    expect(received).toMatchObject({ event: "med:received", object: { id: med.medId, grossAmount: 12 } });
    expect(events.slice(1).map((e) => accountEventFor(e, { entry }))).toEqual([null, null]);
  });
});
