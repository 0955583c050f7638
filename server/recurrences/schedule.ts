/**
 * A recurrence's calendar and its worth per month, as pure arithmetic on calendar days and integer
 * centavos (docs/decisions/0046-assinaturas-dashboard.md).
 */
import { type CalendarDate, plusDays } from "../charges/due-date/calendar";
import { cycleIndexOf, cycleStart } from "./charges/cycles";
import { LATEST_DAYS_BEFORE_DUE } from "./charges/model";
import type { Periodicity } from "./model";

/** How many cycles a periodicity has in a year (a week counts 52 times). */
export const CYCLES_PER_YEAR: Record<Periodicity, bigint> = {
  SEMANAL: 52n,
  MENSAL: 12n,
  TRIMESTRAL: 4n,
  SEMESTRAL: 2n,
  ANUAL: 1n,
};

/** The first cycle day on or after `today`, within the end day; null once past it. */
export function nextCycleDate(
  schedule: { start: CalendarDate; end: CalendarDate | null; periodicity: Periodicity },
  today: CalendarDate,
): CalendarDate | null {
  const { start, end, periodicity } = schedule;
  const current = cycleIndexOf(start, periodicity, today);
  // today's cycle began today, or the next one is the first on or after it
  const k = current < 0 ? 0 : cycleStart(start, periodicity, current) === today ? current : current + 1;
  const next = cycleStart(start, periodicity, k);
  return end !== null && next > end ? null : next;
}

/**
 * Automatic billing (docs/decisions/0051) creates a cycle's charge this many days before it is due,
 * or on a later day while the rules still allow it (at least LATEST_DAYS_BEFORE_DUE before).
 */
export const AUTO_CHARGE_LEAD_DAYS = 3;

/**
 * The next cycle automatic billing still creates a charge for — the first due on or after
 * LATEST_DAYS_BEFORE_DUE days from today, within the end day, not among `charged` (cycle days that
 * have a charge) — and the day the worker creates it; null when none is left.
 */
export function nextAutoCharge(
  schedule: { start: CalendarDate; end: CalendarDate | null; periodicity: Periodicity },
  today: CalendarDate,
  charged: ReadonlySet<CalendarDate> = new Set(),
): { dueDate: CalendarDate; createOn: CalendarDate } | null {
  let due = nextCycleDate(schedule, plusDays(today, LATEST_DAYS_BEFORE_DUE));
  while (due !== null && charged.has(due)) due = nextCycleDate(schedule, plusDays(due, 1));
  if (due === null) return null;
  const lead = plusDays(due, -AUTO_CHARGE_LEAD_DAYS);
  return { dueDate: due, createOn: lead > today ? lead : today };
}

/**
 * Monthly recurring revenue of fixed amounts: each amount times its cycles a year, summed exactly,
 * divided by twelve once, half a centavo rounded up.
 */
export function monthlyCents(recurrences: { amountCents: bigint; periodicity: Periodicity }[]): bigint {
  const yearly = recurrences.reduce((sum, r) => sum + r.amountCents * CYCLES_PER_YEAR[r.periodicity], 0n);
  return (yearly * 2n + 12n) / 24n;
}
