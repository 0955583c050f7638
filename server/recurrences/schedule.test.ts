import { describe, expect, it } from "vitest";
import { monthlyCents, nextAutoCharge, nextCycleDate } from "./schedule";

describe("recurrence schedule", () => {
  it("names the next charge on or after today, none past the end", () => {
    const schedule = { start: "2027-01-31", end: null, periodicity: "MENSAL" as const };
    expect(nextCycleDate(schedule, "2027-01-10")).toBe("2027-01-31");
    expect(nextCycleDate(schedule, "2027-01-31")).toBe("2027-01-31");
    expect(nextCycleDate(schedule, "2027-02-01")).toBe("2027-02-28");
    expect(nextCycleDate(schedule, "2029-07-01")).toBe("2029-07-31");
    expect(nextCycleDate({ ...schedule, periodicity: "SEMANAL" }, "2027-02-01")).toBe("2027-02-07");
    expect(nextCycleDate({ ...schedule, end: "2027-02-27" }, "2027-02-01")).toBeNull();
  });

  it("plans automatic billing three days ahead, never for a cycle too close, charged or past the end", () => {
    const schedule = { start: "2027-03-10", end: null, periodicity: "MENSAL" as const };
    expect(nextAutoCharge(schedule, "2027-03-01")).toEqual({ dueDate: "2027-03-10", createOn: "2027-03-07" });
    expect(nextAutoCharge(schedule, "2027-03-08")).toEqual({ dueDate: "2027-03-10", createOn: "2027-03-08" });
    // due tomorrow: too late to send, the next cycle is the one planned
    expect(nextAutoCharge(schedule, "2027-03-09")).toEqual({ dueDate: "2027-04-10", createOn: "2027-04-07" });
    expect(nextAutoCharge(schedule, "2027-03-08", new Set(["2027-03-10"]))).toEqual({
      dueDate: "2027-04-10",
      createOn: "2027-04-07",
    });
    expect(nextAutoCharge({ ...schedule, end: "2027-04-09" }, "2027-03-09")).toBeNull();
  });

  it("normalises amounts to a month exactly, rounding once", () => {
    // 10.00 a week is 520.00 a year: 43.333… a month
    expect(monthlyCents([{ amountCents: 1000n, periodicity: "SEMANAL" }])).toBe(4333n);
    // three weekly ones are 130.00 exactly, where rounding each would give 129.99
    expect(
      monthlyCents(Array.from({ length: 3 }, () => ({ amountCents: 1000n, periodicity: "SEMANAL" as const }))),
    ).toBe(13_000n);
    expect(
      monthlyCents([
        { amountCents: 8990n, periodicity: "MENSAL" },
        { amountCents: 12_000n, periodicity: "ANUAL" },
        { amountCents: 3000n, periodicity: "TRIMESTRAL" },
        { amountCents: 6001n, periodicity: "SEMESTRAL" },
      ]),
    ).toBe(8990n + 1000n + 1000n + 1000n);
    expect(monthlyCents([])).toBe(0n);
  });
});
