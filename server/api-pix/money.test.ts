import { describe, expect, it } from "vitest";
import { centsOfDecimal, decimalOfCents } from "./money";

describe("API Pix money", () => {
  it("reads exactly \\d{1,10}.\\d{2} as centavos", () => {
    expect(centsOfDecimal("10.50")).toBe(1050n);
    expect(centsOfDecimal("0.00")).toBe(0n);
    expect(centsOfDecimal("9999999999.99")).toBe(999999999999n);
    for (const bad of ["10.5", "10", "1.234", "-1.00", "a1.00", "12345678901.00", " 1.00"]) {
      expect(centsOfDecimal(bad), bad).toBeNull();
    }
  });

  it("writes centavos with two places", () => {
    expect(decimalOfCents(5n)).toBe("0.05");
    expect(decimalOfCents(123450n)).toBe("1234.50");
    expect(decimalOfCents(0n)).toBe("0.00");
  });
});
