import { describe, expect, it } from "vitest";
import { presetPeriod } from "./period";

describe("statement period presets", () => {
  // 2026-03-01 01:30 UTC is still 2026-02-28 in São Paulo.
  const now = new Date("2026-03-01T01:30:00Z");
  it("follow the São Paulo calendar", () => {
    expect(presetPeriod("thisMonth", now)).toEqual(["2026-02-01", "2026-02-28"]);
    expect(presetPeriod("lastMonth", now)).toEqual(["2026-01-01", "2026-01-31"]);
    expect(presetPeriod("last30", now)).toEqual(["2026-01-30", "2026-02-28"]);
    expect(presetPeriod("last90", now)).toEqual(["2025-12-01", "2026-02-28"]);
  });
});
