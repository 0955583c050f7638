/**
 * One example per modality, figures computed by hand in the comments. Unless said otherwise the
 * charge is R$ 100.00 due Tuesday 2026-12-01, 30 days of validity.
 */
import { describe, expect, it } from "vitest";
import { amountDue, roundHalfUp } from "./amount-due";
import type { DueDateTerms } from "./terms";

function terms(extra: Partial<DueDateTerms> = {}): DueDateTerms {
  return { dueDate: "2026-12-01", validityDays: 30, originalCents: 10_000n, ...extra };
}

/** [final, juros, multa, desconto, abatimento] in centavos. */
function figures(t: DueDateTerms, paymentDate: string) {
  const { finalCents, components: c } = amountDue(t, paymentDate);
  return [finalCents, c.jurosCents, c.multaCents, c.descontoCents, c.abatimentoCents];
}

describe("multa", () => {
  it("1, fixed: R$ 5.00 once late, whatever the delay", () => {
    const t = terms({ multa: { modalidade: 1, valorPerc: 500n } });
    expect(figures(t, "2026-12-01")).toEqual([10_000n, 0n, 0n, 0n, 0n]); // on the due date: on time
    expect(figures(t, "2026-12-02")).toEqual([10_500n, 0n, 500n, 0n, 0n]);
    expect(figures(t, "2026-12-20")).toEqual([10_500n, 0n, 500n, 0n, 0n]);
  });

  it("2, percent: 2.00 % of 100.00 = 2.00", () => {
    const t = terms({ multa: { modalidade: 2, valorPerc: 200n } });
    expect(figures(t, "2026-12-02")).toEqual([10_200n, 0n, 200n, 0n, 0n]);
  });

  it("starts on the first business day after the due date: nothing on the weekend after a Friday", () => {
    const t = terms({
      dueDate: "2026-11-27",
      multa: { modalidade: 2, valorPerc: 200n },
      juros: { modalidade: 1, valorPerc: 10n },
      desconto: { modalidade: 3, valorPerc: 5n },
    });
    expect(figures(t, "2026-11-27")).toEqual([10_000n, 0n, 0n, 0n, 0n]);
    expect(figures(t, "2026-11-28")).toEqual([10_000n, 0n, 0n, 0n, 0n]); // Saturday: no fine, no discount
    expect(figures(t, "2026-11-29")).toEqual([10_000n, 0n, 0n, 0n, 0n]);
    // Monday: the fine, and interest for the 3 calendar days since Friday.
    expect(figures(t, "2026-11-30")).toEqual([10_230n, 30n, 200n, 0n, 0n]);
  });
});

describe("juros", () => {
  it("the spec's componentesValor example: 100.00, fine 3 %, 1 % a day, 2 days late → 105.00", () => {
    const t = terms({ multa: { modalidade: 2, valorPerc: 300n }, juros: { modalidade: 2, valorPerc: 100n } });
    expect(figures(t, "2026-12-03")).toEqual([10_500n, 200n, 300n, 0n, 0n]);
  });

  it("1, amount per calendar day: 0.10 × 4 days (Wed–Sat) = 0.40", () => {
    const t = terms({ juros: { modalidade: 1, valorPerc: 10n } });
    expect(figures(t, "2026-12-05")).toEqual([10_040n, 40n, 0n, 0n, 0n]);
  });

  it("3, percent a month over 30 days: 30,000.00 × 1 %/30 × 1 day = 10.00 (no truncated daily factor)", () => {
    const t = terms({ dueDate: "2024-09-04", originalCents: 3_000_000n, juros: { modalidade: 3, valorPerc: 100n } });
    expect(figures(t, "2024-09-05")).toEqual([3_001_000n, 1000n, 0n, 0n, 0n]);
  });

  it("4, percent a year over 365 days: 100.00 × 12 % × 10/365 = 0.32876… → 0.33", () => {
    const t = terms({ juros: { modalidade: 4, valorPerc: 1200n } });
    expect(figures(t, "2026-12-11")).toEqual([10_033n, 33n, 0n, 0n, 0n]);
  });

  // Due Friday 2026-11-27, paid Tuesday 2026-12-01: 4 calendar days late, 2 business days (Mon, Tue).
  const friday = "2026-11-27";

  it("5, amount per business day: 0.50 × 2 = 1.00", () => {
    const t = terms({ dueDate: friday, juros: { modalidade: 5, valorPerc: 50n } });
    expect(figures(t, "2026-12-01")).toEqual([10_100n, 100n, 0n, 0n, 0n]);
    expect(figures(t, "2026-11-29")).toEqual([10_000n, 0n, 0n, 0n, 0n]); // Sunday: no business day late yet
  });

  it("6, percent per business day: 1 % × 2 = 2.00", () => {
    const t = terms({ dueDate: friday, juros: { modalidade: 6, valorPerc: 100n } });
    expect(figures(t, "2026-12-01")).toEqual([10_200n, 200n, 0n, 0n, 0n]);
  });

  it("7, percent a month over 21 business days: 2.10 %/21 × 2 = 0.20 %, 0.20", () => {
    const t = terms({ dueDate: friday, juros: { modalidade: 7, valorPerc: 210n } });
    expect(figures(t, "2026-12-01")).toEqual([10_020n, 20n, 0n, 0n, 0n]);
  });

  it("8, percent a year over 252 business days: 25.20 %/252 × 2 = 0.20 %, 0.20", () => {
    const t = terms({ dueDate: friday, juros: { modalidade: 8, valorPerc: 2520n } });
    expect(figures(t, "2026-12-01")).toEqual([10_020n, 20n, 0n, 0n, 0n]);
  });

  it("counts from the rolled due date: due Good Friday 2025 → Tuesday 22 April; paid the 23rd = 1 day", () => {
    const t = terms({
      dueDate: "2025-04-18",
      juros: { modalidade: 1, valorPerc: 100n },
      multa: { modalidade: 1, valorPerc: 1n },
    });
    expect(figures(t, "2025-04-22")).toEqual([10_000n, 0n, 0n, 0n, 0n]); // rolled day: on time
    expect(figures(t, "2025-04-23")).toEqual([10_101n, 100n, 1n, 0n, 0n]);
  });

  it("a Saturday due date is on time on Monday and one day late on Tuesday", () => {
    const t = terms({ dueDate: "2026-11-28", juros: { modalidade: 1, valorPerc: 10n } });
    expect(figures(t, "2026-11-30")).toEqual([10_000n, 0n, 0n, 0n, 0n]);
    expect(figures(t, "2026-12-01")).toEqual([10_010n, 10n, 0n, 0n, 0n]);
  });
});

describe("abatimento", () => {
  it("1, fixed: 10.00 off, early or late", () => {
    const t = terms({ abatimento: { modalidade: 1, valorPerc: 1000n } });
    expect(figures(t, "2026-11-01")).toEqual([9000n, 0n, 0n, 0n, 1000n]);
    expect(figures(t, "2026-12-10")).toEqual([9000n, 0n, 0n, 0n, 1000n]);
  });

  it("2, percent: 15 % of 100.00 = 15.00; a 2 % fine then applies to the 85.00 left: 1.70", () => {
    const t = terms({ abatimento: { modalidade: 2, valorPerc: 1500n }, multa: { modalidade: 2, valorPerc: 200n } });
    expect(figures(t, "2026-12-01")).toEqual([8500n, 0n, 0n, 0n, 1500n]);
    expect(figures(t, "2026-12-02")).toEqual([8670n, 0n, 170n, 0n, 1500n]);
  });
});

describe("desconto", () => {
  const tiers = [
    { data: "2026-11-10", valorPerc: 1000n },
    { data: "2026-11-20", valorPerc: 500n },
  ];

  it("1, fixed until each date: 10.00 until 10 Nov, 5.00 until 20 Nov (a holiday), nothing after", () => {
    const t = terms({ desconto: { modalidade: 1, descontoDataFixa: tiers } });
    expect(figures(t, "2026-11-05")[3]).toBe(1000n);
    expect(figures(t, "2026-11-10")[3]).toBe(1000n);
    expect(figures(t, "2026-11-11")[3]).toBe(500n);
    expect(figures(t, "2026-11-20")).toEqual([9500n, 0n, 0n, 500n, 0n]);
    // 20 Nov 2026 is Consciência Negra, a Friday: the 5.00 tier holds until Monday 23 Nov.
    expect(figures(t, "2026-11-23")[3]).toBe(500n);
    expect(figures(t, "2026-11-24")[3]).toBe(0n);
    expect(figures(t, "2026-12-02")[3]).toBe(0n);
  });

  it("1: a date on a weekend rolls forward (Saturday 21 Nov → Monday 23 Nov)", () => {
    const t = terms({ desconto: { modalidade: 1, descontoDataFixa: [{ data: "2026-11-21", valorPerc: 300n }] } });
    expect(figures(t, "2026-11-23")[3]).toBe(300n);
    expect(figures(t, "2026-11-24")[3]).toBe(0n);
  });

  it("1: a discount until the due date holds on the rolled due date", () => {
    const t = terms({
      dueDate: "2026-11-28",
      desconto: { modalidade: 1, descontoDataFixa: [{ data: "2026-11-28", valorPerc: 300n }] },
    });
    expect(figures(t, "2026-11-30")[3]).toBe(300n);
  });

  it("2, percent until a date, of the debt after the rebate: 5 % of 90.00 = 4.50", () => {
    const t = terms({
      abatimento: { modalidade: 1, valorPerc: 1000n },
      desconto: { modalidade: 2, descontoDataFixa: [{ data: "2026-11-20", valorPerc: 500n }] },
    });
    expect(figures(t, "2026-11-20")).toEqual([8550n, 0n, 0n, 450n, 1000n]);
  });

  it("3, amount per calendar day early: 0.20 × 10 days (21 Nov → 1 Dec) = 2.00", () => {
    const t = terms({ desconto: { modalidade: 3, valorPerc: 20n } });
    expect(figures(t, "2026-11-21")).toEqual([9800n, 0n, 0n, 200n, 0n]);
    expect(figures(t, "2026-12-01")[3]).toBe(0n);
  });

  it("4, amount per business day early: paid Friday 27 Nov for Tuesday 1 Dec = 2 (Mon, Tue) × 0.20", () => {
    const t = terms({ desconto: { modalidade: 4, valorPerc: 20n } });
    expect(figures(t, "2026-11-27")).toEqual([9960n, 0n, 0n, 40n, 0n]);
  });

  it("5, percent per calendar day early: 0.50 % × 10 days = 5.00", () => {
    const t = terms({ desconto: { modalidade: 5, valorPerc: 50n } });
    expect(figures(t, "2026-11-21")).toEqual([9500n, 0n, 0n, 500n, 0n]);
  });

  it("6, percent per business day early: 0.33 % × 2 = 0.66", () => {
    const t = terms({ desconto: { modalidade: 6, valorPerc: 33n } });
    expect(figures(t, "2026-11-27")).toEqual([9934n, 0n, 0n, 66n, 0n]);
  });

  it("never takes the amount below one centavo: 10.00 a day, paid 20 days early", () => {
    const t = terms({ desconto: { modalidade: 3, valorPerc: 1000n }, abatimento: { modalidade: 1, valorPerc: 100n } });
    expect(figures(t, "2026-11-11")).toEqual([1n, 0n, 0n, 9899n, 100n]);
  });
});

describe("rounding", () => {
  it("half up, once per component", () => {
    expect(roundHalfUp(5n, 10n)).toBe(1n); // 0.5
    expect(roundHalfUp(149n, 100n)).toBe(1n); // 1.49
    expect(roundHalfUp(150n, 100n)).toBe(2n); // 1.50
    expect(roundHalfUp(0n, 7n)).toBe(0n);
  });

  it("a 1 % fine on 1.50 is 0.015 → 0.02; on 1.49 it is 0.0149 → 0.01", () => {
    const fine = { modalidade: 2 as const, valorPerc: 100n };
    expect(figures(terms({ originalCents: 150n, multa: fine }), "2026-12-02")[2]).toBe(2n);
    expect(figures(terms({ originalCents: 149n, multa: fine }), "2026-12-02")[2]).toBe(1n);
  });
});

describe("the whole picture", () => {
  it("the spec's cobBody1 (123.45, fine 15 %, 2 % a day, 30.00 until 2020-11-30, due 2020-12-31)", () => {
    const t: DueDateTerms = {
      dueDate: "2020-12-31",
      validityDays: 30,
      originalCents: 12_345n,
      multa: { modalidade: 2, valorPerc: 1500n },
      juros: { modalidade: 2, valorPerc: 200n },
      desconto: { modalidade: 1, descontoDataFixa: [{ data: "2020-11-30", valorPerc: 3000n }] },
    };
    expect(figures(t, "2020-11-30")).toEqual([9345n, 0n, 0n, 3000n, 0n]);
    expect(figures(t, "2020-12-31")).toEqual([12_345n, 0n, 0n, 0n, 0n]);
    // 4 Jan 2021: 4 days late. Fine 15 % of 123.45 = 18.5175 → 18.52; interest 2 % × 4 = 8 % = 9.876 → 9.88.
    expect(figures(t, "2021-01-04")).toEqual([15_185n, 988n, 1852n, 0n, 0n]);
    // 31 Dec + 30 days = Saturday 30 Jan, rolled to Monday 1 Feb: the last payable day.
    expect(amountDue(t, "2021-02-01")).toMatchObject({ payable: true, lastPayableDate: "2021-02-01" });
    expect(amountDue(t, "2021-02-02")).toMatchObject({ payable: false, reason: "AFTER_VALIDITY" });
  });
});
