import { beforeAll, describe, expect, it } from "vitest";
import { overviewAnalytics } from "../../server/analytics/service";
import { db } from "../../server/db/client";
import { createCallerFactory } from "../../server/trpc/init";
import { appRouter } from "../../server/trpc/routers";
import { emptyMerchant, party, seedCharge, seedEntry } from "./support";

// 12:00 on 2026-11-20 in São Paulo: the 7-day period is 14–20 November.
const NOW = new Date("2026-11-20T15:00:00Z");
const MARIA = party("Maria Silva", "52998224725");
const JOAO = party("João Souza", "11144477735");

describe("overview analytics", () => {
  let a: Awaited<ReturnType<typeof emptyMerchant>>;
  let b: Awaited<ReturnType<typeof emptyMerchant>>;

  beforeAll(async () => {
    a = await emptyMerchant();
    b = await emptyMerchant();
    // 23:30 of the 17th in São Paulo is 02:30 of the 18th in UTC: it counts on the 17th.
    await seedEntry(a, {
      type: "credit",
      reason: "pix_in:credited",
      grossCents: 10_000n,
      at: "2026-11-18T02:30:00Z",
      payer: MARIA,
    });
    await seedEntry(a, {
      type: "credit",
      reason: "pix_in:qrcode_paid",
      grossCents: 5_000n,
      at: "2026-11-18T12:00:00Z",
      payer: JOAO,
    });
    await seedEntry(a, {
      type: "credit",
      reason: "pix_in:credited",
      grossCents: 2_500n,
      at: "2026-11-19T12:00:00Z",
      payer: MARIA,
    });
    await seedEntry(a, {
      type: "debit",
      reason: "pix_out:processing",
      grossCents: 3_000n,
      feeCents: 100n,
      at: "2026-11-18T13:00:00Z",
    });
    await seedEntry(a, {
      type: "debit",
      reason: "pix_out:processing",
      grossCents: 2_000n,
      status: "failed",
      at: "2026-11-18T14:00:00Z",
    });
    await seedEntry(a, {
      type: "debit",
      reason: "pix_in:refunded_processing",
      grossCents: 1_000n,
      at: "2026-11-19T18:00:00Z",
    });
    await seedEntry(a, {
      type: "debit",
      reason: "internal:transfer_out",
      grossCents: 700n,
      at: "2026-11-20T14:59:00Z",
      endToEndId: null,
    });
    // Before the period (13th, 23:59 São Paulo) and after now: not counted.
    await seedEntry(a, {
      type: "credit",
      reason: "pix_in:credited",
      grossCents: 99_900n,
      at: "2026-11-14T02:59:00Z",
      payer: MARIA,
    });
    await seedEntry(a, {
      type: "credit",
      reason: "pix_in:credited",
      grossCents: 99_900n,
      at: "2026-11-20T15:30:00Z",
      payer: MARIA,
    });
    // Another merchant's movement on the same day.
    await seedEntry(b, {
      type: "credit",
      reason: "pix_in:credited",
      grossCents: 77_700n,
      at: "2026-11-18T12:00:00Z",
      payer: MARIA,
    });

    await seedCharge(a, { amountCents: 5_000n, createdAt: "2026-11-18T11:58:30Z", paidAt: "2026-11-18T12:00:00Z" });
    await seedCharge(a, { amountCents: 5_000n, createdAt: "2026-11-19T11:00:00Z" });
    await seedCharge(a, { amountCents: 5_000n, createdAt: "2026-11-01T11:00:00Z", paidAt: "2026-11-01T11:30:00Z" });
    await seedCharge(b, { amountCents: 5_000n, createdAt: "2026-11-18T11:00:00Z" });
  });

  it("sums money in and out per São Paulo day, every day of the period, settled entries only", async () => {
    const result = await overviewAnalytics(db(), a.userId, 7, NOW);
    expect(result.firstDay).toBe("2026-11-14");
    expect(result.lastDay).toBe("2026-11-20");
    expect(result.days).toEqual([
      { day: "2026-11-14", inCents: 0n, outCents: 0n },
      { day: "2026-11-15", inCents: 0n, outCents: 0n },
      { day: "2026-11-16", inCents: 0n, outCents: 0n },
      { day: "2026-11-17", inCents: 10_000n, outCents: 0n },
      { day: "2026-11-18", inCents: 5_000n, outCents: 3_100n },
      { day: "2026-11-19", inCents: 2_500n, outCents: 1_000n },
      { day: "2026-11-20", inCents: 0n, outCents: 700n },
    ]);
  });

  it("counts and totals each kind of movement", async () => {
    const { totals } = await overviewAnalytics(db(), a.userId, 7, NOW);
    expect(totals).toEqual({
      moneyIn: { count: 3, totalCents: 17_500n },
      moneyOut: { count: 3, totalCents: 4_800n },
      chargesPaid: { count: 1, totalCents: 5_000n },
      pixReceived: { count: 3, totalCents: 17_500n },
      pixSent: { count: 1, totalCents: 3_000n },
      refunds: { count: 1, totalCents: 1_000n },
      fees: { count: 1, totalCents: 100n },
    });
  });

  it("gives charge conversion, average time to pay and top payers", async () => {
    const result = await overviewAnalytics(db(), a.userId, 7, NOW);
    expect(result.conversion).toEqual({ created: 2, paid: 1, averageSecondsToPay: 90 });
    expect(result.topPayers).toEqual([
      { name: "Maria Silva", document: "***.982.247-**", count: 2, totalCents: 12_500n },
      { name: "João Souza", document: "***.444.777-**", count: 1, totalCents: 5_000n },
    ]);
  });

  it("widens to 30 days and sees the older entry", async () => {
    const result = await overviewAnalytics(db(), a.userId, 30, NOW);
    expect(result.days).toHaveLength(30);
    expect(result.days.find((d) => d.day === "2026-11-13")?.inCents).toBe(99_900n);
    expect(result.conversion).toEqual({ created: 3, paid: 2, averageSecondsToPay: (90 + 1800) / 2 });
  });

  it("shows another merchant only their own figures, and an empty period as zeros", async () => {
    const other = await overviewAnalytics(db(), b.userId, 7, NOW);
    expect(other.totals.moneyIn).toEqual({ count: 1, totalCents: 77_700n });
    expect(other.topPayers).toEqual([
      { name: "Maria Silva", document: "***.982.247-**", count: 1, totalCents: 77_700n },
    ]);
    const nobody = await emptyMerchant();
    const empty = await overviewAnalytics(db(), nobody.userId, 7, NOW);
    expect(empty.days.every((d) => d.inCents === 0n && d.outCents === 0n)).toBe(true);
    expect(empty.conversion).toEqual({ created: 0, paid: 0, averageSecondsToPay: null });
    expect(empty.topPayers).toEqual([]);
  });

  it("answers through tRPC and refuses a period it does not offer", async () => {
    const caller = createCallerFactory(appRouter)({
      user: { id: b.userId, role: "MERCHANT", name: "B", email: "b@example.test" },
    });
    const result = await caller.analytics.overview({ days: 90 });
    expect(result.days).toHaveLength(90);
    // biome-ignore lint/suspicious/noExplicitAny: an input the schema refuses
    await expect(caller.analytics.overview({ days: 14 as any })).rejects.toMatchObject({ code: "BAD_REQUEST" });
  });
});
