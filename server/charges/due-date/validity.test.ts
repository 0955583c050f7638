/**
 * calendario.validadeAposVencimento: the spec's worked examples A–G, day by day. Each row is a
 * payment attempt and whether the spec accepts it.
 */
import { describe, expect, it } from "vitest";
import { amountDue, effectiveDueDate, isPayableOn, lastPayableDate } from "./amount-due";
import type { DueDateTerms } from "./terms";

function terms(dueDate: string, validityDays: number): DueDateTerms {
  return { dueDate, validityDays, originalCents: 10_000n };
}

type Example = { name: string; dueDate: string; validityDays: number; rolled: string; attempts: [string, boolean][] };

const EXAMPLES: Example[] = [
  {
    name: "A: due Tuesday 2020-10-20, 4 days",
    dueDate: "2020-10-20",
    validityDays: 4,
    rolled: "2020-10-20",
    attempts: [
      ["2020-10-20", true],
      ["2020-10-21", true],
      ["2020-10-22", true],
      ["2020-10-23", true],
      ["2020-10-24", true],
      ["2020-10-25", true],
      ["2020-10-26", true],
      ["2020-10-27", false],
    ],
  },
  {
    name: "B: due Christmas 2020 (a Friday), 0 days",
    dueDate: "2020-12-25",
    validityDays: 0,
    rolled: "2020-12-28",
    attempts: [
      ["2020-12-25", true],
      ["2020-12-26", true],
      ["2020-12-27", true],
      ["2020-12-28", true],
      ["2020-12-29", false],
    ],
  },
  {
    name: "C: due Christmas 2020, 1 day",
    dueDate: "2020-12-25",
    validityDays: 1,
    rolled: "2020-12-28",
    attempts: [
      ["2020-12-25", true],
      ["2020-12-26", true],
      ["2020-12-27", true],
      ["2020-12-28", true],
      ["2020-12-29", true],
      ["2020-12-30", false],
    ],
  },
  {
    name: "D: due Christmas 2020, 3 days",
    dueDate: "2020-12-25",
    validityDays: 3,
    rolled: "2020-12-28",
    attempts: [
      ["2020-12-25", true],
      ["2020-12-26", true],
      ["2020-12-27", true],
      ["2020-12-28", true],
      ["2020-12-29", true],
      ["2020-12-30", true],
      ["2020-12-31", true],
      ["2021-01-01", false],
    ],
  },
  {
    name: "E: due Christmas 2020, 4 days (the last day, New Year's Day, rolls to Monday)",
    dueDate: "2020-12-25",
    validityDays: 4,
    rolled: "2020-12-28",
    attempts: [
      ["2020-12-25", true],
      ["2020-12-26", true],
      ["2020-12-27", true],
      ["2020-12-28", true],
      ["2020-12-29", true],
      ["2020-12-30", true],
      ["2020-12-31", true],
      ["2021-01-01", true],
      ["2021-01-02", true],
      ["2021-01-03", true],
      ["2021-01-04", true],
      ["2021-01-05", false],
    ],
  },
  {
    name: "F: due Friday 2021-08-27, 5 days (the weekend counts)",
    dueDate: "2021-08-27",
    validityDays: 5,
    rolled: "2021-08-27",
    attempts: [
      ["2021-08-27", true],
      ["2021-08-28", true],
      ["2021-08-29", true],
      ["2021-08-30", true],
      ["2021-08-31", true],
      ["2021-09-01", true],
      ["2021-09-02", false],
    ],
  },
  {
    name: "G: due Saturday 2021-08-28, 5 days (rolled to Monday; the last day, a Saturday, rolls to Monday)",
    dueDate: "2021-08-28",
    validityDays: 5,
    rolled: "2021-08-30",
    attempts: [
      ["2021-08-28", true],
      ["2021-08-29", true],
      ["2021-08-30", true],
      ["2021-08-31", true],
      ["2021-09-01", true],
      ["2021-09-02", true],
      ["2021-09-03", true],
      ["2021-09-04", true],
      ["2021-09-05", true],
      ["2021-09-06", true],
      // Not in the spec's list: the next day, 7 September, is Independence Day and already too late.
      ["2021-09-07", false],
    ],
  },
];

describe("validadeAposVencimento, the spec's examples A–G", () => {
  for (const example of EXAMPLES) {
    it(example.name, () => {
      const t = terms(example.dueDate, example.validityDays);
      expect(effectiveDueDate(t)).toBe(example.rolled);
      for (const [date, accepted] of example.attempts) {
        expect({ date, accepted: isPayableOn(t, date) }).toEqual({ date, accepted });
        const due = amountDue(t, date);
        expect({ date, payable: due.payable, reason: due.reason }).toEqual(
          accepted ? { date, payable: true, reason: undefined } : { date, payable: false, reason: "AFTER_VALIDITY" },
        );
      }
    });
  }

  it("the last payable day is the rolled due date plus the validity days, rolled forward", () => {
    expect(lastPayableDate(terms("2020-10-20", 4))).toBe("2020-10-26");
    expect(lastPayableDate(terms("2020-12-25", 0))).toBe("2020-12-28");
    expect(lastPayableDate(terms("2020-12-25", 4))).toBe("2021-01-04");
    expect(lastPayableDate(terms("2021-08-28", 5))).toBe("2021-09-06");
    expect(lastPayableDate(terms("2026-12-01", 30))).toBe("2026-12-31");
  });

  it("the spec's DPP example (due 2020-12-25, 10 days) reads as examples A–G do: payable until 2021-01-07", () => {
    // The CobPayloadOperacaoInvalida text calls 2021-01-05 too late; that count ignores the
    // roll-forward that examples B–E apply to the same due date (decision 0032).
    expect(lastPayableDate(terms("2020-12-25", 10))).toBe("2021-01-07");
  });
});
