import { describe, expect, it } from "vitest";
import { brokenLimit, type Limits } from "./limits";

const limits: Limits = {
  per_transaction: 50_000n,
  daily: 100_000n,
  monthly: 1_000_000n,
  nightly_per_transaction: 10_000n,
  nightly: 20_000n,
};
const none = { day: 0n, month: 0n, night: 0n };

describe("which limit a debit breaks", () => {
  it("none when every limit leaves room, up to the exact amount left", () => {
    expect(brokenLimit(limits, none, false, 50_000n)).toBeNull();
    expect(brokenLimit(limits, { day: 50_000n, month: 50_000n, night: 0n }, false, 50_000n)).toBeNull();
    expect(brokenLimit(limits, { ...none, night: 10_000n }, true, 10_000n)).toBeNull();
  });

  it("names the limit, with what is left of it", () => {
    expect(brokenLimit(limits, none, false, 50_001n)).toEqual({ kind: "per_transaction", left: 50_000n });
    expect(brokenLimit(limits, { ...none, day: 90_000n }, false, 10_001n)).toEqual({ kind: "daily", left: 10_000n });
    expect(brokenLimit(limits, { day: 0n, month: 999_000n, night: 0n }, false, 1_001n)).toEqual({
      kind: "monthly",
      left: 1_000n,
    });
  });

  it("by night: the night's per-transaction limit, then the night's total", () => {
    expect(brokenLimit(limits, none, true, 10_001n)).toEqual({ kind: "nightly_per_transaction", left: 10_000n });
    expect(brokenLimit(limits, { ...none, night: 15_000n }, true, 5_001n)).toEqual({ kind: "nightly", left: 5_000n });
    // the night's usage means nothing by day
    expect(brokenLimit(limits, { ...none, night: 20_000n }, false, 10_001n)).toBeNull();
  });
});
