import { describe, expect, it } from "vitest";
import { centsOfDecimal, centsOfValor, VALOR_PATTERN, valorOf } from "./money";

describe("API Pix money", () => {
  it("writes centavos with two decimals", () => {
    expect(valorOf(0n)).toBe("0.00");
    expect(valorOf(5n)).toBe("0.05");
    expect(valorOf(123_450n)).toBe("1234.50");
    expect(valorOf(999_999_999_999n)).toBe("9999999999.99");
  });

  it("reads what the pattern accepts back into the same centavos, and nothing else", () => {
    for (const valor of ["0.00", "0.01", "10.50", "9999999999.99"]) {
      expect(VALOR_PATTERN.test(valor)).toBe(true);
      expect(valorOf(centsOfValor(valor))).toBe(valor);
      expect(centsOfDecimal(valor)).toBe(centsOfValor(valor));
    }
    for (const refused of ["1.5", "1", "1.500", "-1.00", "a1.00", "12345678901.00", " 1.00"]) {
      expect(VALOR_PATTERN.test(refused), refused).toBe(false);
      expect(centsOfDecimal(refused), refused).toBeNull();
    }
  });
});
