/**
 * The operator overview's figures against known data. The totals are platform-wide, so this file
 * runs on a database of its own: other files' merchants would change every sum.
 */
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { blockAccount } from "../../server/accounts/status";
import { adminOverview, platformTotals } from "../../server/admin/overview";
import { createDb, type Db } from "../../server/db/client";
import { inCallerTransaction } from "../../server/ledger/write-path";
import { openMed } from "../../server/meds/service";
import { creditIncomingPix } from "../../server/transfers/incoming";
import { transferInternal } from "../../server/transfers/internal";
import { sendPixToKey } from "../../server/transfers/pix-out";
import { settleOutgoingPix } from "../../server/transfers/send-pix";
import { createUser } from "../../server/users/service";
import { createRunDatabase, type RunDatabase } from "../support/database";
import { newMerchant } from "../support/fixtures";

// 12:00 in São Paulo (UTC-3): its day began at 03:00Z; the seven-day window at 03:00Z six days before.
const NOW = new Date("2027-03-10T15:00:00Z");
const at = (iso: string) => new Date(iso);
const actor = { userId: randomUUID(), email: "ops@example.test" };

let run: RunDatabase;
let dbx: Db;

const merchant = (name: string) => newMerchant({ name, database: dbx });

async function placeAt(seq: bigint, createdAt: Date) {
  await dbx.ledgerEntry.update({ where: { seq }, data: { createdAt } });
}

beforeAll(async () => {
  run = await createRunDatabase("pix_admin_totals");
  dbx = createDb(run.url, 4);
  const m1 = await merchant("Padaria Central");
  const m2 = await merchant("Mercado Sul");
  await createUser(dbx, {
    email: `${randomUUID()}@example.test`,
    name: "Ops",
    password: "x".repeat(12),
    role: "ADMIN",
  });

  const credit = (amountCents: bigint) =>
    creditIncomingPix(dbx, { userId: m1.userId, accountId: m1.accountId, amountCents });
  const a = await credit(10_000n); // today
  const b = await credit(5_000n); // 23:30 yesterday in São Paulo, same UTC date as today
  const c = await credit(2_000n); // first day of the window
  const d = await credit(700n); // just before the window
  await placeAt(a.seq, at("2027-03-10T04:00:00Z"));
  await placeAt(b.seq, at("2027-03-10T02:30:00Z"));
  await placeAt(c.seq, at("2027-03-04T03:30:00Z"));
  await placeAt(d.seq, at("2027-03-04T02:59:00Z"));

  const med = await openMed(dbx, { userId: m1.userId, endToEndId: a.endToEndId as string, now: NOW }); // blocks 100.00
  await dbx.med.update({ where: { id: med.id }, data: { defenseDeadline: at("2027-03-11T15:00:00Z") } });
  const medRow = (status: "under_analysis" | "accepted", defenseDeadline: Date) => ({
    id: randomUUID(),
    accountId: m1.accountId,
    userId: m1.userId,
    endToEndId: `E${randomUUID()}`,
    entrySeq: b.seq,
    status,
    pspCreatorName: "Banco",
    details: "",
    disputedCents: 100n,
    blockedCents: 0n,
    defenseDeadline,
  });
  await dbx.med.create({ data: medRow("under_analysis", at("2027-03-13T15:00:00Z")) }); // 3 days away
  await dbx.med.create({ data: medRow("accepted", at("2027-03-11T00:00:00Z")) }); // decided

  const out = (amountCents: bigint, pixKey: string) =>
    sendPixToKey(dbx, { userId: m1.userId, accountId: m1.accountId, amountCents, pixKey });
  const out30 = await out(3_000n, "ana@example.invalid");
  const out12 = await out(1_200n, "bruno@example.invalid");
  const failed = await out(500n, "ac06@fail.sandbox");
  await settleOutgoingPix(dbx, failed.seq);
  await placeAt(out30.seq, at("2027-03-10T05:00:00Z"));
  await placeAt(out12.seq, at("2027-03-08T12:00:00Z"));
  await placeAt(failed.seq, at("2027-03-10T06:00:00Z"));

  const internal = await dbx.$transaction((tx) =>
    transferInternal(inCallerTransaction(tx), {
      userId: m1.userId,
      accountId: m1.accountId,
      receiverAccountId: m2.accountId,
      amountCents: 1_000n,
    }),
  );
  await dbx.ledgerEntry.updateMany({ where: { id: internal.id }, data: { createdAt: at("2027-03-10T07:00:00Z") } });
  await blockAccount(dbx, { accountId: m2.accountId, reason: "fraud review", actor });

  const delivery = (surface: "gateway" | "account", status: "failed" | "delivered") => ({
    id: randomUUID(),
    surface,
    userId: m1.userId,
    targetKey: randomUUID(),
    eventType: "pix.charge.paid",
    payload: {},
    status,
  });
  await dbx.webhookDelivery.createMany({
    data: [
      delivery("gateway", "failed"),
      delivery("gateway", "failed"),
      delivery("account", "failed"),
      delivery("gateway", "delivered"),
    ],
  });
  const payout = (entrySeq: bigint, status: "queued" | "sent") => ({
    id: randomUUID(),
    entrySeq,
    userId: m1.userId,
    accountId: m1.accountId,
    pixKey: "ana@example.invalid",
    pixKeyType: "EMAIL" as const,
    status,
    expiresAt: at("2027-03-10T17:00:00Z"),
  });
  await dbx.queuedPayout.createMany({
    data: [payout(out30.seq, "queued"), payout(out12.seq, "queued"), payout(failed.seq, "sent")],
  });

  await dbx.outboxEvent.updateMany({ data: { publishedAt: NOW } });
  const event = (availableAt: Date) => ({
    id: randomUUID(),
    topic: "entry.created",
    payload: {},
    availableAt,
  });
  // two proposals of m1's programme: one waiting for review, one still waiting for documents
  const proposal = (status: "UNDER_REVIEW" | "PENDING_DOCUMENTS", document: string) => ({
    userId: randomUUID(),
    ownerId: m1.userId,
    status,
    personType: "person" as const,
    name: "Cliente",
    document,
    email: `${document}@example.test`,
    phone: "+5511999990000",
  });
  await dbx.onboardingProposal.createMany({
    data: [proposal("UNDER_REVIEW", "52998224725"), proposal("PENDING_DOCUMENTS", "11144477735")],
  });
  await dbx.outboxEvent.createMany({
    data: [event(at("2027-03-10T14:50:00Z")), event(at("2027-03-10T14:55:00Z")), event(at("2027-03-10T15:30:00Z"))],
  });
}, 120_000);

afterAll(async () => {
  await dbx?.$disconnect();
  await run?.release();
});

describe("operator overview figures", () => {
  it("sums merchants, accounts and the money held, and PIX in/out per São Paulo day and week", async () => {
    expect(await platformTotals(dbx, NOW)).toEqual({
      merchants: 2,
      accounts: 2,
      blockedAccounts: 1,
      // 177.00 in − 100.00 blocked − 42.00 in transit − 10.00 to the other merchant; + 10.00 there;
      // the failed payment's 5.00 coming back covers the 1.00 the second open MED still owed
      availableCents: 3_400n,
      heldCents: 4_200n,
      blockedCents: 10_100n,
      pixIn: { today: { count: 1, amountCents: 10_000n }, week: { count: 3, amountCents: 17_000n } },
      // the failed payment and the internal transfer are not PIX out
      pixOut: { today: { count: 1, amountCents: 3_000n }, week: { count: 2, amountCents: 4_200n } },
    });
  });

  it("a week later nothing of that week counts; the balances stay", async () => {
    const later = await platformTotals(dbx, at("2027-03-17T15:00:00Z"));
    expect(later.pixIn.week).toEqual({ count: 0, amountCents: 0n });
    expect(later.pixOut.week).toEqual({ count: 0, amountCents: 0n });
    expect(later.availableCents).toBe(3_400n);
  });

  it("counts the queues needing attention and the outbox backlog", async () => {
    const overview = await adminOverview(dbx, NOW);
    expect(overview.queues).toEqual({
      medsNearDeadline: 1,
      failedWebhooks: { gateway: 2, account: 1 },
      queuedPayouts: 2,
      onboardingUnderReview: 1,
    });
    expect(overview.health.outbox).toEqual({ due: 2, oldestDueAt: at("2027-03-10T14:50:00Z") });
    expect(overview.health.worker).toEqual({ status: "no-worker", workers: [] });
  });
});
