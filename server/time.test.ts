import { describe, expect, it } from "vitest";
import { addDays, isCalendarDay, saoPauloDate, saoPauloDateTime, saoPauloDayEnd, saoPauloDayStart } from "./time";

const at = (iso: string) => Date.parse(iso);

describe("saoPauloDate", () => {
  it("uses the São Paulo calendar day, not UTC's", () => {
    expect(saoPauloDate(new Date("2026-01-02T02:30:00Z"))).toBe("2026-01-01");
    expect(saoPauloDate(new Date("2026-01-02T03:00:00Z"))).toBe("2026-01-02");
  });

  it("follows daylight-saving time where São Paulo had it", () => {
    // 2019-01-15 was summer time (UTC−2): 02:30 UTC was already 00:30 of the 15th.
    expect(saoPauloDate(new Date("2019-01-15T02:30:00Z"))).toBe("2019-01-15");
    expect(saoPauloDateTime(new Date("2019-01-15T02:30:00Z"))).toBe("2019-01-15 00:30:00");
  });
});

describe("saoPauloDayStart and saoPauloDayEnd", () => {
  it("bound a day at UTC−3 today", () => {
    expect(saoPauloDayStart("2026-07-01")).toBe(at("2026-07-01T03:00:00.000Z"));
    expect(saoPauloDayEnd("2026-07-01")).toBe(at("2026-07-02T02:59:59.999Z"));
  });

  it("bound a summer-time day at UTC−2", () => {
    expect(saoPauloDayStart("2019-01-15")).toBe(at("2019-01-15T02:00:00.000Z"));
    expect(saoPauloDayEnd("2019-01-15")).toBe(at("2019-01-16T01:59:59.999Z"));
  });

  it("start a day whose midnight was skipped by the clocks going forward at its first instant", () => {
    // 2018-11-04: 00:00 UTC−3 became 01:00 UTC−2.
    expect(saoPauloDayStart("2018-11-04")).toBe(at("2018-11-04T03:00:00.000Z"));
    expect(saoPauloDayEnd("2018-11-03")).toBe(at("2018-11-04T02:59:59.999Z"));
    expect(saoPauloDayEnd("2018-11-04")).toBe(at("2018-11-05T01:59:59.999Z"));
  });

  it("give the day the clocks went back its repeated hour (25 hours)", () => {
    // 2019-02-17 00:00 UTC−2 became 2019-02-16 23:00 UTC−3.
    expect(saoPauloDayStart("2019-02-16")).toBe(at("2019-02-16T02:00:00.000Z"));
    expect(saoPauloDayEnd("2019-02-16")).toBe(at("2019-02-17T02:59:59.999Z"));
    expect(saoPauloDayStart("2019-02-17")).toBe(at("2019-02-17T03:00:00.000Z"));
  });

  it("cross month and year ends", () => {
    expect(saoPauloDayEnd("2025-12-31")).toBe(at("2026-01-01T02:59:59.999Z"));
    expect(saoPauloDayStart("2026-01-01")).toBe(at("2026-01-01T03:00:00.000Z"));
    expect(saoPauloDayEnd("2024-02-29")).toBe(at("2024-03-01T02:59:59.999Z"));
  });

  it("refuse days that do not exist", () => {
    for (const day of ["2026-02-30", "2025-02-29", "2026-13-01", "2026-1-01", "yesterday", ""]) {
      expect(saoPauloDayStart(day)).toBeNull();
      expect(saoPauloDayEnd(day)).toBeNull();
      expect(isCalendarDay(day)).toBe(false);
    }
    expect(isCalendarDay("2024-02-29")).toBe(true);
  });
});

describe("addDays", () => {
  it("counts calendar days across month, leap-day and year ends", () => {
    expect(addDays("2026-01-31", 1)).toBe("2026-02-01");
    expect(addDays("2024-02-28", 1)).toBe("2024-02-29");
    expect(addDays("2025-02-28", 1)).toBe("2025-03-01");
    expect(addDays("2026-01-01", -1)).toBe("2025-12-31");
    expect(addDays("2026-03-01", -29)).toBe("2026-01-31");
  });

  it("is not thrown off by a daylight-saving change inside the span", () => {
    expect(addDays("2018-11-03", 2)).toBe("2018-11-05");
    expect(addDays("2019-02-18", -3)).toBe("2019-02-15");
  });

  it("refuses a day that does not exist", () => {
    expect(() => addDays("2026-02-30", 1)).toThrow(RangeError);
  });
});
