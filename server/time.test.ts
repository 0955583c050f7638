import { describe, expect, it } from "vitest";
import { saoPauloDate } from "./time";

describe("saoPauloDate", () => {
  it("uses the São Paulo calendar day, not UTC's", () => {
    expect(saoPauloDate(new Date("2026-01-02T02:30:00Z"))).toBe("2026-01-01");
    expect(saoPauloDate(new Date("2026-01-02T03:00:00Z"))).toBe("2026-01-02");
  });
});
