/**
 * What a due-date charge (cobv) costs on a given payment date, and until when it can be paid.
 *
 *   final = original − abatimento − desconto + multa + juros        (exactly, in centavos)
 *
 * Rules (docs/decisions/0032-due-date-maths.md):
 * - The due date rolls forward to the next business day when it falls on a weekend or holiday;
 *   paying on that rolled day is on time, and interest and per-day discounts count their days from it.
 * - Fine and interest apply from the first business day after the rolled due date on; interest
 *   then counts every day (or business day) since the rolled due date.
 * - The charge can be paid until the rolled due date plus `validadeAposVencimento` calendar days,
 *   that last day itself rolled forward to a business day (the only reading that satisfies every one
 *   of the spec's examples A–G).
 * - Percentages of fine, interest and discount apply to the debt: original less the rebate.
 * - Rounding: each component is computed exactly as a fraction of centavos and rounded once, half
 *   up, to the centavo; no intermediate rate is ever truncated. The final amount is the sum of the
 *   rounded components, so the identity above holds to the centavo.
 * - Rebate and discount never take the final amount below one centavo: a Pix moves at least 0.01.
 */
import {
  businessDaysBetween,
  type CalendarDate,
  calendarDaysBetween,
  dayNumber,
  nextBusinessDay,
  plusDays,
  rollToBusinessDay,
} from "./calendar";
import { DAILY_DISCOUNT_RULES, type DueDateTerms, JUROS_RULES, ONE_HUNDRED_PERCENT } from "./terms";

export interface AmountComponents {
  originalCents: bigint;
  jurosCents: bigint;
  multaCents: bigint;
  descontoCents: bigint;
  abatimentoCents: bigint;
}

export type NotPayableReason = "AFTER_VALIDITY";

export interface AmountDue {
  /** Whether a payment on this date is accepted at all. */
  payable: boolean;
  reason?: NotPayableReason;
  /** The due date after the roll-forward: paying up to this day is on time. */
  effectiveDueDate: CalendarDate;
  /** The last day the charge can be paid. */
  lastPayableDate: CalendarDate;
  /** What the payer must send on that date (computed even when not payable, for display). */
  finalCents: bigint;
  components: AmountComponents;
}

/** The due date after the roll-forward. */
export function effectiveDueDate(terms: Pick<DueDateTerms, "dueDate">): CalendarDate {
  return rollToBusinessDay(terms.dueDate);
}

/** The last day the charge can be paid: rolled due date + validity days, itself rolled forward. */
export function lastPayableDate(terms: Pick<DueDateTerms, "dueDate" | "validityDays">): CalendarDate {
  return rollToBusinessDay(plusDays(effectiveDueDate(terms), terms.validityDays));
}

/** Whether a payment on `paymentDate` is within the charge's validity. */
export function isPayableOn(terms: Pick<DueDateTerms, "dueDate" | "validityDays">, paymentDate: CalendarDate): boolean {
  return dayNumber(paymentDate) <= dayNumber(lastPayableDate(terms));
}

/** numerator / denominator rounded half up (both non-negative). */
export function roundHalfUp(numerator: bigint, denominator: bigint): bigint {
  return (numerator * 2n + denominator) / (denominator * 2n);
}

/** A percentage (in hundredths of a percent) of an amount, times a count, over a divisor; rounded once. */
function percentOf(cents: bigint, hundredthsOfPercent: bigint, times = 1n, divisor = 1n): bigint {
  return roundHalfUp(cents * hundredthsOfPercent * times, ONE_HUNDRED_PERCENT * divisor);
}

function min(a: bigint, b: bigint): bigint {
  return a < b ? a : b;
}

function max(a: bigint, b: bigint): bigint {
  return a > b ? a : b;
}

function rebateCents(terms: DueDateTerms): bigint {
  const { abatimento, originalCents } = terms;
  if (!abatimento) return 0n;
  const value = abatimento.modalidade === 1 ? abatimento.valorPerc : percentOf(originalCents, abatimento.valorPerc);
  return max(0n, min(value, originalCents - 1n));
}

function fineCents(terms: DueDateTerms, debtCents: bigint): bigint {
  const { multa } = terms;
  if (!multa) return 0n;
  return multa.modalidade === 1 ? multa.valorPerc : percentOf(debtCents, multa.valorPerc);
}

function interestCents(terms: DueDateTerms, debtCents: bigint, dueDate: CalendarDate, paymentDate: CalendarDate) {
  const { juros } = terms;
  if (!juros) return 0n;
  const rule = JUROS_RULES[juros.modalidade];
  const daysLate = BigInt(
    rule.days === "calendar" ? calendarDaysBetween(dueDate, paymentDate) : businessDaysBetween(dueDate, paymentDate),
  );
  if (rule.kind === "amount") return juros.valorPerc * daysLate;
  return percentOf(debtCents, juros.valorPerc, daysLate, rule.per);
}

/** The discount earned by paying on `paymentDate`, on or before the rolled due date. */
function discountCents(terms: DueDateTerms, debtCents: bigint, dueDate: CalendarDate, paymentDate: CalendarDate) {
  const { desconto } = terms;
  if (!desconto) return 0n;
  if ("descontoDataFixa" in desconto) {
    // Every fixed date still ahead (each rolled forward like the due date) offers its discount; the
    // payer gets the best of them, so paying earlier never costs more whatever order they came in.
    let best = 0n;
    for (const { data, valorPerc } of desconto.descontoDataFixa) {
      if (dayNumber(paymentDate) > dayNumber(rollToBusinessDay(data))) continue;
      best = max(best, desconto.modalidade === 1 ? valorPerc : percentOf(debtCents, valorPerc));
    }
    return best;
  }
  const rule = DAILY_DISCOUNT_RULES[desconto.modalidade];
  const daysEarly = BigInt(
    rule.days === "calendar" ? calendarDaysBetween(paymentDate, dueDate) : businessDaysBetween(paymentDate, dueDate),
  );
  if (rule.kind === "amount") return desconto.valorPerc * daysEarly;
  return percentOf(debtCents, desconto.valorPerc, daysEarly);
}

/** The amount due on `paymentDate` (a São Paulo calendar day) under the charge's terms. */
export function amountDue(terms: DueDateTerms, paymentDate: CalendarDate): AmountDue {
  const dueDate = effectiveDueDate(terms);
  const lastDate = lastPayableDate(terms);
  const onTime = dayNumber(paymentDate) <= dayNumber(dueDate);
  // Fine and interest start on the first business day after the (rolled) due date: paying on the
  // weekend after a Friday due date costs neither, and earns no discount either.
  const late = dayNumber(paymentDate) >= dayNumber(nextBusinessDay(dueDate));

  const originalCents = terms.originalCents;
  const abatimentoCents = rebateCents(terms);
  const debtCents = originalCents - abatimentoCents;
  const multaCents = late ? fineCents(terms, debtCents) : 0n;
  const jurosCents = late ? interestCents(terms, debtCents, dueDate, paymentDate) : 0n;
  const descontoCents = onTime
    ? max(0n, min(discountCents(terms, debtCents, dueDate, paymentDate), debtCents - 1n))
    : 0n;

  const payable = dayNumber(paymentDate) <= dayNumber(lastDate);
  return {
    payable,
    ...(payable ? {} : { reason: "AFTER_VALIDITY" as const }),
    effectiveDueDate: dueDate,
    lastPayableDate: lastDate,
    finalCents: originalCents - abatimentoCents - descontoCents + multaCents + jurosCents,
    components: { originalCents, jurosCents, multaCents, descontoCents, abatimentoCents },
  };
}
