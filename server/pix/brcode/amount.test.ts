import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { formatAmountCents, parseAmountCents } from "./amount";
import { errorCodeOf } from "./test-fixtures";

describe("parseAmountCents", () => {
  it.each([
    ["10", 1000n],
    ["10.5", 1050n],
    ["10.50", 1050n],
    ["0.01", 1n],
    ["0.1", 10n],
    ["007.00", 700n],
    ["1234567890.12", 123456789012n],
    ["9999999999999", 999999999999900n],
  ])("parses %s as %s centavos", (input, cents) => {
    expect(parseAmountCents(input)).toBe(cents);
  });

  it.each([
    "10.505",
    "-1",
    "1e3",
    "0",
    "0.00",
    "",
    ".5",
    "10.",
    "+1",
    " 1",
    "1,50",
    "1.2.3",
    "0x10",
    "Infinity",
    "１０",
    "12345678901.12",
  ])("rejects %j with INVALID_AMOUNT", (input) => {
    expect(errorCodeOf(() => parseAmountCents(input))).toBe("INVALID_AMOUNT");
  });

  it("agrees with exact decimal arithmetic for any digits", () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[0-9]{1,10}$/), fc.stringMatching(/^[0-9]{0,2}$/), (units, fraction) => {
        const input = fraction === "" ? units : `${units}.${fraction}`;
        const expected = BigInt(units) * 100n + BigInt(fraction.padEnd(2, "0"));
        if (expected === 0n) {
          expect(errorCodeOf(() => parseAmountCents(input))).toBe("INVALID_AMOUNT");
        } else {
          expect(parseAmountCents(input)).toBe(expected);
        }
      }),
    );
  });
});

describe("formatAmountCents", () => {
  it.each([
    [1n, "0.01"],
    [10n, "0.10"],
    [100n, "1.00"],
    [1050n, "10.50"],
    [99_999_999_999n, "999999999.99"],
    [999_999_999_999n, "9999999999.99"],
  ])("formats %s as %s", (cents, text) => {
    expect(formatAmountCents(cents)).toBe(text);
  });

  it("rejects zero, negative and oversized amounts", () => {
    expect(errorCodeOf(() => formatAmountCents(0n))).toBe("INVALID_AMOUNT");
    expect(errorCodeOf(() => formatAmountCents(-5n))).toBe("INVALID_AMOUNT");
    expect(errorCodeOf(() => formatAmountCents(1_000_000_000_000n))).toBe("INVALID_AMOUNT");
  });

  it("rejects non-bigint input from untyped callers", () => {
    expect(errorCodeOf(() => formatAmountCents(10 as unknown as bigint))).toBe("INVALID_AMOUNT");
  });

  it("round-trips through parseAmountCents", () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 1n, max: 999_999_999_999n }), (cents) => {
        expect(parseAmountCents(formatAmountCents(cents))).toBe(cents);
      }),
    );
  });
});
