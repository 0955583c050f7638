import { describe, expect, it } from "vitest";
import { periodOf } from "./period";

describe("periodOf", () => {
  it("counts São Paulo days, today included", () => {
    // 01:30 UTC on the 10th is still the 9th in São Paulo.
    const period = periodOf(7, new Date("2026-11-10T01:30:00Z"));
    expect(period.lastDay).toBe("2026-11-09");
    expect(period.firstDay).toBe("2026-11-03");
    expect(period.startAt.toISOString()).toBe("2026-11-03T03:00:00.000Z");
  });

  it("crosses month ends", () => {
    const period = periodOf(30, new Date("2026-03-01T15:00:00Z"));
    expect(period.firstDay).toBe("2026-01-31");
    expect(period.lastDay).toBe("2026-03-01");
  });
});
