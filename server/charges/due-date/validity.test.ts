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

/** Every day from the due date through the last payable one is accepted; the day after is not. */
type Example = { name: string; dueDate: string; validityDays: number; rolled: string; lastPayable: string };

function nextDay(date: string): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}

/** The attempts an example implies: each day from the due date to the last payable one, then the day after. */
function attempts({ dueDate, lastPayable }: Example): [string, boolean][] {
  const days: [string, boolean][] = [];
  for (let date = dueDate; date <= lastPayable; date = nextDay(date)) days.push([date, true]);
  days.push([nextDay(lastPayable), false]);
  return days;
}

/** name, due date, validity days, the due date rolled to a business day, the last payable day. */
const EXAMPLES: Example[] = (
  [
    ["A: due Tuesday 2020-10-20, 4 days", "2020-10-20", 4, "2020-10-20", "2020-10-26"],
    ["B: due Christmas 2020 (a Friday), 0 days", "2020-12-25", 0, "2020-12-28", "2020-12-28"],
    ["C: due Christmas 2020, 1 day", "2020-12-25", 1, "2020-12-28", "2020-12-29"],
    ["D: due Christmas 2020, 3 days", "2020-12-25", 3, "2020-12-28", "2020-12-31"],
    [
      "E: due Christmas 2020, 4 days (the last day, New Year's Day, rolls to Monday)",
      "2020-12-25",
      4,
      "2020-12-28",
      "2021-01-04",
    ],
    ["F: due Friday 2021-08-27, 5 days (the weekend counts)", "2021-08-27", 5, "2021-08-27", "2021-09-01"],
    // The day after the last, 7 September, is Independence Day: not in the spec's list.
    [
      "G: due Saturday 2021-08-28, 5 days (rolled to Monday; the last day, a Saturday, rolls to Monday)",
      "2021-08-28",
      5,
      "2021-08-30",
      "2021-09-06",
    ],
  ] as const
).map(([name, dueDate, validityDays, rolled, lastPayable]) => ({ name, dueDate, validityDays, rolled, lastPayable }));

describe("validadeAposVencimento, the spec's examples A–G", () => {
  for (const example of EXAMPLES) {
    it(example.name, () => {
      const t = terms(example.dueDate, example.validityDays);
      expect(effectiveDueDate(t)).toBe(example.rolled);
      for (const [date, accepted] of attempts(example)) {
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
