import { describe, expect, it } from "vitest";
import { foldReserveDays, reservePeriod } from "./reserve";

describe("foldReserveDays", () => {
  it("opens each day where the day before closed, days without movement included", () => {
    const days = foldReserveDays("2026-02-27", "2026-03-02", 1_000n, [
      { day: "2026-02-27", creditsCents: 500n, debitsCents: 200n },
      { day: "2026-03-01", creditsCents: 0n, debitsCents: 1_300n },
      { day: "2026-03-02", creditsCents: 7n, debitsCents: 0n },
    ]);
    expect(days).toEqual([
      { day: "2026-02-27", openingCents: 1_000n, creditsCents: 500n, debitsCents: 200n, closingCents: 1_300n },
      { day: "2026-02-28", openingCents: 1_300n, creditsCents: 0n, debitsCents: 0n, closingCents: 1_300n },
      { day: "2026-03-01", openingCents: 1_300n, creditsCents: 0n, debitsCents: 1_300n, closingCents: 0n },
      { day: "2026-03-02", openingCents: 0n, creditsCents: 7n, debitsCents: 0n, closingCents: 7n },
    ]);
  });

  it("is one day when from is to, and ignores movements outside the period", () => {
    const days = foldReserveDays("2026-12-07", "2026-12-07", 0n, [
      { day: "2026-12-06", creditsCents: 99n, debitsCents: 0n },
      { day: "2026-12-07", creditsCents: 10n, debitsCents: 3n },
    ]);
    expect(days).toEqual([
      { day: "2026-12-07", openingCents: 0n, creditsCents: 10n, debitsCents: 3n, closingCents: 7n },
    ]);
  });
});

describe("reservePeriod", () => {
  it("defaults to the last 30 São Paulo days, today included", () => {
    // 01:30 UTC on the 8th is still the 7th in São Paulo
    expect(reservePeriod({}, new Date("2026-12-08T01:30:00Z"))).toEqual({ from: "2026-11-08", to: "2026-12-07" });
  });

  it("takes the 30 days ending on `to`, or the days asked for", () => {
    const now = new Date("2026-12-08T12:00:00Z");
    expect(reservePeriod({ to: "2026-03-01" }, now)).toEqual({ from: "2026-01-31", to: "2026-03-01" });
    expect(reservePeriod({ from: "2026-12-01" }, now)).toEqual({ from: "2026-12-01", to: "2026-12-08" });
    expect(reservePeriod({ from: "2026-01-01", to: "2026-01-02" }, now)).toEqual({
      from: "2026-01-01",
      to: "2026-01-02",
    });
    expect(reservePeriod({ from: "2026-12-20" }, now)).toEqual({ from: "2026-12-20", to: "2026-12-20" });
  });

  it("refuses a period a default made longer than a year, or backwards", () => {
    const now = new Date("2026-12-08T12:00:00Z");
    expect(reservePeriod({ from: "2025-12-08" }, now)).toEqual({ from: "2025-12-08", to: "2026-12-08" });
    expect(() => reservePeriod({ from: "2025-12-07" }, now)).toThrow("at most 366 days at once");
    expect(() => reservePeriod({ to: "2026-01-01", from: "2026-01-02" }, now)).toThrow("from must not be after to");
  });
});
