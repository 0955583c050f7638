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

  it("starts the first day at its own offset when the period crosses a daylight-saving change", () => {
    const period = periodOf(7, new Date("2018-11-07T15:00:00Z"));
    expect(period.firstDay).toBe("2018-11-01");
    expect(period.startAt.toISOString()).toBe("2018-11-01T03:00:00.000Z");
    const summer = periodOf(3, new Date("2019-02-18T15:00:00Z"));
    expect(summer.firstDay).toBe("2019-02-16");
    expect(summer.startAt.toISOString()).toBe("2019-02-16T02:00:00.000Z");
  });
});
