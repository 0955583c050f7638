import { describe, expect, it } from "vitest";
import { assertBalanced, legs } from "./movements";

describe("ledger movements", () => {
  it("builds balanced legs for every movement", () => {
    for (const movement of [
      legs.transfer("a", "b", 100n),
      legs.hold("a", 100n),
      legs.release("a", 100n),
      legs.payOut("a", 100n, 7n),
      legs.payOut("a", 100n, 0n),
      legs.payIn("a", 100n),
      legs.payIn("a", 100n, 1n),
      legs.payOut("a", 100n, -3n),
      legs.block("a", 100n),
      legs.unblock("a", 100n),
      legs.transferWithFee("a", "held", "b", 100n, 7n),
      legs.transferWithFee("a", "available", "b", 100n, 0n),
    ]) {
      expect(() => assertBalanced(movement)).not.toThrow();
    }
  });

  it("refuses an unbalanced movement", () => {
    expect(() => assertBalanced([{ accountId: "a", bucket: "available", amountCents: 1n }])).toThrow(/unbalanced/);
  });

  it("pays out the sent amount to the settlement account and the fee to the platform", () => {
    expect(legs.payOut("a", 1000n, 50n)).toEqual([
      { accountId: "a", bucket: "held", amountCents: -1050n },
      { accountId: null, bucket: "spi", amountCents: 1000n },
      { accountId: null, bucket: "fees", amountCents: 50n },
    ]);
  });

  it("pays in the net to the merchant and the fee to the platform", () => {
    expect(legs.payIn("a", 10_000n, 99n)).toEqual([
      { accountId: null, bucket: "spi", amountCents: -10_000n },
      { accountId: "a", bucket: "available", amountCents: 9_901n },
      { accountId: null, bucket: "fees", amountCents: 99n },
    ]);
    expect(legs.payIn("a", 100n)).toHaveLength(2);
  });
});
