import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { AppError } from "./errors";
import { brlToCents, centsToBrl, formatBrl } from "./money";

const MAX = 100_000_000n;

describe("BRL ↔ centavos", () => {
  it("reads the amounts a client sends", () => {
    expect(brlToCents(10, MAX)).toBe(1000n);
    expect(brlToCents(10.5, MAX)).toBe(1050n);
    expect(brlToCents(0.01, MAX)).toBe(1n);
    expect(brlToCents(0.3, MAX)).toBe(30n);
    expect(brlToCents(1_000_000, MAX)).toBe(MAX);
  });

  it.each([
    [0],
    [-1],
    [10.505],
    [Number.NaN],
    [Number.POSITIVE_INFINITY],
    [1e-7],
    [1_000_000.01],
    [0.1 + 0.2],
    ["10"],
    [null],
  ])("refuses %s with a 400", (amount) => {
    let error: unknown;
    try {
      brlToCents(amount, MAX);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).status).toBe(400);
  });

  it("round-trips every centavo amount exactly", () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 1n, max: MAX }), (cents) => {
        expect(brlToCents(centsToBrl(cents), MAX)).toBe(cents);
      }),
    );
  });

  it("writes negative amounts and formats per locale", () => {
    expect(centsToBrl(-1050n)).toBe(-10.5);
    expect(formatBrl(123456n, "pt-BR")).toBe("R$\u00a01.234,56");
    expect(formatBrl(123456n, "en")).toBe("R$1,234.56");
  });
});
