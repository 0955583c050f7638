/**
 * The Brazilian national business-day calendar, computed for any year (no table to keep up to date).
 *
 * Dates are plain calendar days written "YYYY-MM-DD": no instant, no time zone. Arithmetic runs on
 * day numbers (days since 1970-01-01, from Date.UTC), so no offset or daylight-saving rule can move
 * a day. The only place an instant becomes a day is `todayInSaoPaulo`, through server/time.ts.
 *
 * Holidays (docs/decisions/0032-due-date-maths.md): the fixed national ones, Consciência Negra from
 * 2024 on (Lei 14.759/2023), and the movable days on which the banking system does not open —
 * Carnival Monday and Tuesday, Good Friday and Corpus Christi — from Easter. Municipal and state
 * holidays (the payload location's `codMun`) are not known here.
 */
import { isCalendarDay, saoPauloDate } from "../../time";

/** A calendar day written YYYY-MM-DD. */
export type CalendarDate = string;

const MS_PER_DAY = 86_400_000;

/** Days since 1970-01-01 of a YYYY-MM-DD day; throws on text that names no real day. */
export function dayNumber(date: CalendarDate): number {
  if (!isCalendarDay(date)) throw new RangeError(`not a calendar day: ${date}`);
  return Date.UTC(Number(date.slice(0, 4)), Number(date.slice(5, 7)) - 1, Number(date.slice(8, 10))) / MS_PER_DAY;
}

/** The YYYY-MM-DD day of a day number. */
export function fromDayNumber(day: number): CalendarDate {
  return new Date(day * MS_PER_DAY).toISOString().slice(0, 10);
}

/** `days` calendar days after (before, when negative) a date. */
export function plusDays(date: CalendarDate, days: number): CalendarDate {
  return fromDayNumber(dayNumber(date) + days);
}

/** b − a in calendar days (negative when b is before a). */
export function calendarDaysBetween(a: CalendarDate, b: CalendarDate): number {
  return dayNumber(b) - dayNumber(a);
}

/** 0 = Sunday … 6 = Saturday. */
export function weekday(date: CalendarDate): number {
  // 1970-01-01 was a Thursday (4).
  return (((dayNumber(date) + 4) % 7) + 7) % 7;
}

/** Easter Sunday of a Gregorian year (the anonymous Gregorian computus, Meeus/Jones/Butcher). */
export function easterSunday(year: number): CalendarDate {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return `${String(year).padStart(4, "0")}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
}

const FIXED_HOLIDAYS: ReadonlyArray<{ monthDay: string; name: string; since?: number }> = [
  { monthDay: "01-01", name: "Confraternização Universal" },
  { monthDay: "04-21", name: "Tiradentes" },
  { monthDay: "05-01", name: "Dia do Trabalho" },
  { monthDay: "09-07", name: "Independência do Brasil" },
  { monthDay: "10-12", name: "Nossa Senhora Aparecida" },
  { monthDay: "11-02", name: "Finados" },
  { monthDay: "11-15", name: "Proclamação da República" },
  { monthDay: "11-20", name: "Dia Nacional de Zumbi e da Consciência Negra", since: 2024 },
  { monthDay: "12-25", name: "Natal" },
];

/** Offsets from Easter Sunday of the movable days the banking system keeps closed. */
const EASTER_HOLIDAYS: ReadonlyArray<{ offset: number; name: string }> = [
  { offset: -48, name: "Carnaval (segunda-feira)" },
  { offset: -47, name: "Carnaval (terça-feira)" },
  { offset: -2, name: "Sexta-feira Santa" },
  { offset: 60, name: "Corpus Christi" },
];

const holidaysByYear = new Map<number, ReadonlyMap<CalendarDate, string>>();

/** The national holidays of a year, date → name. */
export function nationalHolidays(year: number): ReadonlyMap<CalendarDate, string> {
  const cached = holidaysByYear.get(year);
  if (cached) return cached;
  const yyyy = String(year).padStart(4, "0");
  const holidays = new Map<CalendarDate, string>();
  for (const { monthDay, name, since } of FIXED_HOLIDAYS) {
    if (since === undefined || year >= since) holidays.set(`${yyyy}-${monthDay}`, name);
  }
  const easter = easterSunday(year);
  for (const { offset, name } of EASTER_HOLIDAYS) holidays.set(plusDays(easter, offset), name);
  holidaysByYear.set(year, holidays);
  return holidays;
}

/** The holiday's name, or undefined on an ordinary day. */
export function holidayName(date: CalendarDate): string | undefined {
  return nationalHolidays(Number(date.slice(0, 4))).get(date);
}

/** Monday to Friday and not a national holiday. */
export function isBusinessDay(date: CalendarDate): boolean {
  const day = weekday(date);
  return day !== 0 && day !== 6 && holidayName(date) === undefined;
}

/** The date itself when it is a business day, else the first business day after it (the roll-forward). */
export function rollToBusinessDay(date: CalendarDate): CalendarDate {
  let day = dayNumber(date);
  while (!isBusinessDay(fromDayNumber(day))) day += 1;
  return fromDayNumber(day);
}

/** The first business day strictly after a date. */
export function nextBusinessDay(date: CalendarDate): CalendarDate {
  return rollToBusinessDay(plusDays(date, 1));
}

/** Monday-to-Friday days among the day numbers (from, to]. */
function weekdaysAfterUpTo(from: number, to: number): number {
  const length = to - from;
  let count = Math.floor(length / 7) * 5;
  for (let day = from + Math.floor(length / 7) * 7 + 1; day <= to; day += 1) {
    const dow = (((day + 4) % 7) + 7) % 7;
    if (dow !== 0 && dow !== 6) count += 1;
  }
  return count;
}

/**
 * Business days d with a < d ≤ b (the start excluded, the end included), negated when b is before a.
 * Days late after a due date, or days of anticipation before it, are counted this way. Weekdays are
 * counted by arithmetic, then the weekday holidays in the range taken off, so long ranges cost nothing.
 */
export function businessDaysBetween(a: CalendarDate, b: CalendarDate): number {
  const [from, to] = dayNumber(a) <= dayNumber(b) ? [dayNumber(a), dayNumber(b)] : [dayNumber(b), dayNumber(a)];
  let count = weekdaysAfterUpTo(from, to);
  const lastYear = Number(fromDayNumber(to).slice(0, 4));
  for (let year = Number(fromDayNumber(from).slice(0, 4)); year <= lastYear; year += 1) {
    for (const holiday of nationalHolidays(year).keys()) {
      const day = dayNumber(holiday);
      const dow = weekday(holiday);
      if (day > from && day <= to && dow !== 0 && dow !== 6) count -= 1;
    }
  }
  return dayNumber(a) <= dayNumber(b) ? count : 0 - count;
}

/** Today's calendar day in São Paulo (the platform's business day), at an instant (default now). */
export function todayInSaoPaulo(now: Date = new Date()): CalendarDate {
  return saoPauloDate(now);
}
