import { describe, expect, it } from "vitest";
import { cycleIndexOf, cycleStart, cycleStartOf } from "./cycles";

describe("recurrence cycles", () => {
  it("starts monthly cycles on the same day, or the month's last", () => {
    expect(cycleStart("2027-01-31", "MENSAL", 1)).toBe("2027-02-28");
    expect(cycleStart("2027-01-31", "MENSAL", 2)).toBe("2027-03-31");
    expect(cycleStart("2027-11-15", "MENSAL", 2)).toBe("2028-01-15");
    expect(cycleStart("2027-01-10", "TRIMESTRAL", 4)).toBe("2028-01-10");
    expect(cycleStart("2027-01-10", "ANUAL", 1)).toBe("2028-01-10");
    expect(cycleStart("2027-01-10", "SEMANAL", 2)).toBe("2027-01-24");
  });

  it("finds the cycle a day falls in", () => {
    expect(cycleIndexOf("2027-01-10", "MENSAL", "2027-01-09")).toBe(-1);
    expect(cycleIndexOf("2027-01-10", "MENSAL", "2027-01-10")).toBe(0);
    expect(cycleIndexOf("2027-01-10", "MENSAL", "2027-02-09")).toBe(0);
    expect(cycleIndexOf("2027-01-10", "MENSAL", "2027-02-10")).toBe(1);
    expect(cycleIndexOf("2027-01-10", "MENSAL", "2028-01-09")).toBe(11);
    expect(cycleStartOf("2027-01-10", "SEMESTRAL", "2027-12-31")).toBe("2027-07-10");
    expect(cycleStartOf("2027-01-10", "SEMANAL", "2027-01-23")).toBe("2027-01-17");
    expect(cycleStartOf("2027-01-10", "ANUAL", "2026-12-31")).toBeNull();
  });

  it("agrees with cycleStart for every day of three years", () => {
    for (const periodicity of ["SEMANAL", "MENSAL", "TRIMESTRAL"] as const) {
      let k = 0;
      for (let d = 0; d < 1100; d++) {
        const day = new Date(Date.UTC(2027, 0, 31 + d)).toISOString().slice(0, 10);
        while (cycleStart("2027-01-31", periodicity, k + 1) <= day) k += 1;
        expect(cycleIndexOf("2027-01-31", periodicity, day)).toBe(k);
      }
    }
  });
});
