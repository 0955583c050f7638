import { describe, expect, it } from "vitest";
import { FREE, feeOf, feeReturnedBy, percentPartOf } from "./fee";

const list = { percentBasisPoints: 99, fixedCents: 0n, minCents: 50n, maxCents: null };

describe("feeOf", () => {
  it("R$ 100,00 at 0.99 % (min R$ 0,50) pays R$ 0,99", () => {
    expect(feeOf(list, 10_000n)).toBe(99n);
  });

  it("R$ 10,00 at 0.99 % pays the minimum R$ 0,50", () => {
    expect(feeOf(list, 1_000n)).toBe(50n);
  });

  it("rounds the percent part half-up to the centavo", () => {
    // 0.50 % of R$ 1,01 = 0.505 centavo… of 101 centavos: 0.505 → 1; of 99: 0.495 → 0
    expect(percentPartOf(50, 101n)).toBe(1n);
    expect(percentPartOf(50, 99n)).toBe(0n);
    // exactly half a centavo rounds up: 1 % of 50 centavos = 0.5
    expect(percentPartOf(100, 50n)).toBe(1n);
    expect(percentPartOf(100, 49n)).toBe(0n);
    // 0.99 % of R$ 150,50 = 148.995 → 149
    expect(percentPartOf(99, 15_050n)).toBe(149n);
  });

  it("adds the fixed part before clamping", () => {
    expect(feeOf({ ...list, fixedCents: 10n }, 10_000n)).toBe(109n);
    expect(feeOf({ ...list, fixedCents: 10n }, 1_000n)).toBe(50n);
  });

  it("clamps to the maximum", () => {
    const capped = { ...list, maxCents: 500n };
    expect(feeOf(capped, 100_000n)).toBe(500n);
    expect(feeOf(capped, 50_000n)).toBe(495n);
  });

  it("never takes more than a credit's gross; a debit's fee is on top", () => {
    expect(feeOf(list, 30n)).toBe(30n);
    expect(feeOf({ ...FREE, fixedCents: 100n }, 1n, "debit")).toBe(100n);
  });

  it("is zero without a price and on nothing", () => {
    expect(feeOf(FREE, 10_000n)).toBe(0n);
    expect(feeOf(list, 0n)).toBe(0n);
  });
});

describe("feeReturnedBy", () => {
  const credit = { grossCents: 10_000n, feeCents: 99n };

  it("gives back the whole fee on a full refund", () => {
    expect(feeReturnedBy(credit, 0n, 10_000n)).toBe(99n);
  });

  it("parts add up to the fee exactly", () => {
    const parts = [3_333n, 3_333n, 3_334n];
    let before = 0n;
    let returned = 0n;
    for (const part of parts) {
      returned += feeReturnedBy(credit, before, part);
      before += part;
    }
    expect(returned).toBe(99n);
    expect(feeReturnedBy(credit, 0n, 3_333n)).toBe(32n);
  });

  it("is zero on a free credit", () => {
    expect(feeReturnedBy({ grossCents: 10_000n, feeCents: 0n }, 0n, 5_000n)).toBe(0n);
  });
});
