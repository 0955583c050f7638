import { describe, expect, it } from "vitest";
import { isNight, periodsAt } from "./periods";

// São Paulo is UTC−03:00 all year since 2019.
const sp = (wall: string) => new Date(`${wall}-03:00`);

describe("PIX limit periods (São Paulo)", () => {
  it("the night begins at 20:00 and ends at 06:00", () => {
    expect(isNight(sp("2026-12-07T19:59:59.999"))).toBe(false);
    expect(isNight(sp("2026-12-07T20:00:00"))).toBe(true);
    expect(isNight(sp("2026-12-08T05:59:59.999"))).toBe(true);
    expect(isNight(sp("2026-12-08T06:00:00"))).toBe(false);
    expect(isNight(sp("2026-12-08T00:00:00"))).toBe(true);
    expect(isNight(sp("2026-12-08T12:00:00"))).toBe(false);
  });

  it("a night is one period across midnight, whichever side the instant is", () => {
    const evening = periodsAt(sp("2026-12-07T23:30:00")).night;
    const morning = periodsAt(sp("2026-12-08T05:59:00")).night;
    expect(evening).toEqual({ start: sp("2026-12-07T20:00:00"), end: sp("2026-12-08T06:00:00") });
    expect(morning).toEqual(evening);
  });

  it("by day, the next night starts at 20:00 of the same day", () => {
    const periods = periodsAt(sp("2026-12-07T19:59:00"));
    expect(periods.night).toBeNull();
    expect(periods.nextNightStart).toEqual(sp("2026-12-07T20:00:00"));
  });

  it("the day and the month are São Paulo's, not UTC's", () => {
    // 23:30 in São Paulo on the 31st is already 02:30 UTC of December 1st
    const periods = periodsAt(sp("2026-11-30T23:30:00"));
    expect(periods.dayStart).toEqual(sp("2026-11-30T00:00:00"));
    expect(periods.monthStart).toEqual(sp("2026-11-01T00:00:00"));
    expect(periods.nextDayStart).toEqual(sp("2026-12-01T00:00:00"));
    const next = periodsAt(sp("2026-12-01T00:00:00"));
    expect(next.dayStart).toEqual(sp("2026-12-01T00:00:00"));
    expect(next.monthStart).toEqual(sp("2026-12-01T00:00:00"));
    // the night holding December 1st 00:00 began in November
    expect(next.night?.start).toEqual(sp("2026-11-30T20:00:00"));
  });

  it("the year's first day starts a new month", () => {
    const periods = periodsAt(sp("2027-01-01T08:00:00"));
    expect(periods.monthStart).toEqual(sp("2027-01-01T00:00:00"));
    expect(periodsAt(sp("2026-12-31T23:59:59.999")).monthStart).toEqual(sp("2026-12-01T00:00:00"));
  });
});
