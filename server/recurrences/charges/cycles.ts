/**
 * The cycles of a recurrence: the k-th starts k periods after `dataInicial` (a month later on the
 * same day, or the month's last day when it has none). A recurring charge belongs to the cycle its
 * due date falls in; one live charge per cycle.
 */
import { type CalendarDate, calendarDaysBetween, dayNumber, plusDays } from "../../charges/due-date/calendar";
import type { Periodicity } from "../model";

const MONTHS: Record<Exclude<Periodicity, "SEMANAL">, number> = { MENSAL: 1, TRIMESTRAL: 3, SEMESTRAL: 6, ANUAL: 12 };

function addMonths(date: CalendarDate, months: number): CalendarDate {
  const total = Number(date.slice(0, 4)) * 12 + Number(date.slice(5, 7)) - 1 + months;
  const year = Math.floor(total / 12);
  const month = total % 12;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  const day = Math.min(Number(date.slice(8, 10)), lastDay);
  return `${String(year).padStart(4, "0")}-${String(month + 1).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
}

/** The first day of the k-th cycle (k = 0 is the recurrence's start). */
export function cycleStart(start: CalendarDate, periodicity: Periodicity, k: number): CalendarDate {
  return periodicity === "SEMANAL" ? plusDays(start, 7 * k) : addMonths(start, MONTHS[periodicity] * k);
}

/** The index of the cycle a day falls in; -1 before the start. */
export function cycleIndexOf(start: CalendarDate, periodicity: Periodicity, date: CalendarDate): number {
  if (date < start) return -1;
  if (periodicity === "SEMANAL") return Math.floor(calendarDaysBetween(start, date) / 7);
  // A first guess from the day count, then corrected: months are not all the same length.
  let k = Math.floor((dayNumber(date) - dayNumber(start)) / (MONTHS[periodicity] * 31));
  while (cycleStart(start, periodicity, k + 1) <= date) k += 1;
  return k;
}

/** The first day of the cycle a day falls in, or null before the recurrence starts. */
export function cycleStartOf(start: CalendarDate, periodicity: Periodicity, date: CalendarDate): CalendarDate | null {
  const k = cycleIndexOf(start, periodicity, date);
  return k < 0 ? null : cycleStart(start, periodicity, k);
}
