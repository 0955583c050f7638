import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { amountDue, effectiveDueDate } from "./amount-due";
import { calendarDaysBetween, dayNumber, fromDayNumber, nextBusinessDay, plusDays } from "./calendar";
import type { Desconto, DueDateTerms } from "./terms";

const dueDateArb = fc.integer({ min: dayNumber("2020-01-01"), max: dayNumber("2032-12-31") }).map(fromDayNumber);
const hundredths = (max: number) => fc.bigInt({ min: 0n, max: BigInt(max) });

const descontoArb = (dueDate: string): fc.Arbitrary<Desconto> =>
  fc.oneof(
    fc.record({
      modalidade: fc.constantFrom(1 as const, 2 as const),
      descontoDataFixa: fc
        .uniqueArray(fc.integer({ min: 0, max: 60 }), { minLength: 1, maxLength: 3 })
        .chain((offsets) =>
          fc.tuple(...offsets.map((offset) => hundredths(9_999).map((valorPerc) => ({ offset, valorPerc })))),
        )
        .map((items) =>
          items
            .sort((a, b) => b.offset - a.offset)
            .map(({ offset, valorPerc }) => ({ data: plusDays(dueDate, -offset), valorPerc })),
        ),
    }),
    fc.record({
      modalidade: fc.constantFrom(3 as const, 4 as const, 5 as const, 6 as const),
      valorPerc: hundredths(2_000),
    }),
  );

const termsArb: fc.Arbitrary<DueDateTerms> = dueDateArb.chain((dueDate) =>
  fc
    .record({
      validityDays: fc.integer({ min: 0, max: 60 }),
      originalCents: fc.bigInt({ min: 1n, max: 10_000_000_000n }),
      multa: fc.option(
        fc.record({ modalidade: fc.constantFrom(1 as const, 2 as const), valorPerc: hundredths(10_000) }),
        {
          nil: undefined,
        },
      ),
      juros: fc.option(
        fc.record({ modalidade: fc.constantFrom(1, 2, 3, 4, 5, 6, 7, 8 as const), valorPerc: hundredths(10_000) }),
        { nil: undefined },
      ),
      abatimento: fc.option(
        fc.record({ modalidade: fc.constantFrom(1 as const, 2 as const), valorPerc: hundredths(9_999) }),
        { nil: undefined },
      ),
      desconto: fc.option(descontoArb(dueDate), { nil: undefined }),
    })
    .map((parts) => ({ dueDate, ...parts }) as DueDateTerms),
);

/** Two payment dates a ≤ b, somewhere from 90 days before the due date to 90 after. */
const datesAround = (terms: DueDateTerms) =>
  fc
    .tuple(fc.integer({ min: -90, max: 90 }), fc.integer({ min: 0, max: 60 }))
    .map(([from, gap]) => [plusDays(terms.dueDate, from), plusDays(terms.dueDate, from + gap)] as const);

const runs = { numRuns: 400 };

describe("amountDue properties", () => {
  it("final = original − abatimento − desconto + multa + juros, every component ≥ 0", () => {
    fc.assert(
      fc.property(termsArb, fc.integer({ min: -90, max: 120 }), (terms, offset) => {
        const { finalCents, components: c } = amountDue(terms, plusDays(terms.dueDate, offset));
        expect(finalCents).toBe(c.originalCents - c.abatimentoCents - c.descontoCents + c.multaCents + c.jurosCents);
        for (const value of Object.values(c)) expect(value >= 0n).toBe(true);
      }),
      runs,
    );
  });

  it("a discount or rebate never makes the amount negative (nor zero: at least one centavo)", () => {
    fc.assert(
      fc.property(termsArb, fc.integer({ min: -90, max: 120 }), (terms, offset) => {
        expect(amountDue(terms, plusDays(terms.dueDate, offset)).finalCents >= 1n).toBe(true);
      }),
      runs,
    );
  });

  it("paying later never costs less once past due", () => {
    fc.assert(
      fc.property(
        termsArb.chain((terms) => fc.tuple(fc.constant(terms), datesAround(terms))),
        ([terms, [a, b]]) => {
          const due = effectiveDueDate(terms);
          fc.pre(calendarDaysBetween(due, a) > 0);
          expect(amountDue(terms, b).finalCents >= amountDue(terms, a).finalCents).toBe(true);
        },
      ),
      runs,
    );
  });

  it("paying earlier never costs more, before or on the due date", () => {
    fc.assert(
      fc.property(
        termsArb.chain((terms) => fc.tuple(fc.constant(terms), datesAround(terms))),
        ([terms, [a, b]]) => {
          fc.pre(calendarDaysBetween(b, effectiveDueDate(terms)) >= 0);
          expect(amountDue(terms, a).finalCents <= amountDue(terms, b).finalCents).toBe(true);
        },
      ),
      runs,
    );
  });

  it("in fact the amount never decreases with the payment date, across the due date too", () => {
    fc.assert(
      fc.property(
        termsArb.chain((terms) => fc.tuple(fc.constant(terms), datesAround(terms))),
        ([terms, [a, b]]) => {
          expect(amountDue(terms, a).finalCents <= amountDue(terms, b).finalCents).toBe(true);
        },
      ),
      runs,
    );
  });

  it("no fine or interest before the first business day after the due date, no discount after it", () => {
    fc.assert(
      fc.property(termsArb, fc.integer({ min: -90, max: 120 }), (terms, offset) => {
        const date = plusDays(terms.dueDate, offset);
        const { components: c } = amountDue(terms, date);
        const due = effectiveDueDate(terms);
        if (calendarDaysBetween(due, date) > 0) expect(c.descontoCents).toBe(0n);
        if (calendarDaysBetween(nextBusinessDay(due), date) < 0) expect([c.multaCents, c.jurosCents]).toEqual([0n, 0n]);
      }),
      runs,
    );
  });
});
