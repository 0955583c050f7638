/**
 * A recurrence's calendar and its worth per month, as pure arithmetic on calendar days and integer
 * centavos (docs/decisions/0046-assinaturas-dashboard.md).
 */
import { type CalendarDate, dayNumber, fromDayNumber } from "../charges/due-date/calendar";
import type { Periodicity } from "./model";

/** How many cycles a periodicity has in a year (a week counts 52 times). */
export const CYCLES_PER_YEAR: Record<Periodicity, bigint> = {
  SEMANAL: 52n,
  MENSAL: 12n,
  TRIMESTRAL: 4n,
  SEMESTRAL: 2n,
  ANUAL: 1n,
};

const MONTHS: Record<Exclude<Periodicity, "SEMANAL">, number> = { MENSAL: 1, TRIMESTRAL: 3, SEMESTRAL: 6, ANUAL: 12 };

/** `months` months after a day, held to the month's last day (31 Jan + 1 month = 28/29 Feb). */
function plusMonths(date: CalendarDate, months: number): CalendarDate {
  const year = Number(date.slice(0, 4));
  const month = Number(date.slice(5, 7)) - 1 + months;
  const day = Number(date.slice(8, 10));
  const last = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  return new Date(Date.UTC(year, month, Math.min(day, last))).toISOString().slice(0, 10);
}

/** The day of the `cycle`-th charge (0 = the start day). */
export function cycleDate(start: CalendarDate, periodicity: Periodicity, cycle: number): CalendarDate {
  if (periodicity === "SEMANAL") return fromDayNumber(dayNumber(start) + 7 * cycle);
  return plusMonths(start, MONTHS[periodicity] * cycle);
}

/** The first cycle day on or after `today`, within the end day; null once past it. */
export function nextCycleDate(
  schedule: { start: CalendarDate; end: CalendarDate | null; periodicity: Periodicity },
  today: CalendarDate,
): CalendarDate | null {
  const { start, end, periodicity } = schedule;
  let cycle = 0;
  if (today > start) {
    // a first guess from the elapsed days, then step: months are not all alike
    const elapsed = dayNumber(today) - dayNumber(start);
    const days = periodicity === "SEMANAL" ? 7 : MONTHS[periodicity] * 28;
    cycle = Math.max(0, Math.floor(elapsed / days) - 2);
    while (cycleDate(start, periodicity, cycle) < today) cycle += 1;
  }
  const next = cycleDate(start, periodicity, cycle);
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
