/**
 * A recurrence's calendar and its worth per month, as pure arithmetic on calendar days and integer
 * centavos (docs/decisions/0046-assinaturas-dashboard.md).
 */
import type { CalendarDate } from "../charges/due-date/calendar";
import { cycleIndexOf, cycleStart } from "./charges/cycles";
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
 * Monthly recurring revenue of fixed amounts: each amount times its cycles a year, summed exactly,
 * divided by twelve once, half a centavo rounded up.
 */
export function monthlyCents(recurrences: { amountCents: bigint; periodicity: Periodicity }[]): bigint {
  const yearly = recurrences.reduce((sum, r) => sum + r.amountCents * CYCLES_PER_YEAR[r.periodicity], 0n);
  return (yearly * 2n + 12n) / 24n;
}
