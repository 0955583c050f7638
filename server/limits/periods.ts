/**
 * The periods PIX limits count in, São Paulo time (docs/decisions/0059-pix-limits.md): the day,
 * the month, and the night, 20:00 to 06:00. Pure, with the instant given (an injected clock).
 */
import { addDays, saoPauloDate, saoPauloDayStart, saoPauloWallClock } from "../time";

export const NIGHT_STARTS_AT_HOUR = 20;
export const NIGHT_ENDS_AT_HOUR = 6;
const HOUR_MS = 3_600_000;

/** The instant a São Paulo wall-clock hour begins on a day (São Paulo keeps no summer time since 2019). */
function hourOf(day: string, hour: number): Date {
  return new Date((saoPauloDayStart(day) as number) + hour * HOUR_MS);
}

export type Periods = {
  /** start of the São Paulo day holding `at` */
  dayStart: Date;
  /** start of the São Paulo month holding `at` */
  monthStart: Date;
  /** the night period holding `at`, or null in the day period */
  night: { start: Date; end: Date } | null;
  /** the start of the next day and, by day, of the next night */
  nextDayStart: Date;
  nextNightStart: Date | null;
};

export function periodsAt(at: Date): Periods {
  const day = saoPauloDate(at);
  const hour = Number(saoPauloWallClock(at).hour);
  let night: Periods["night"] = null;
  if (hour >= NIGHT_STARTS_AT_HOUR) {
    night = { start: hourOf(day, NIGHT_STARTS_AT_HOUR), end: hourOf(addDays(day, 1), NIGHT_ENDS_AT_HOUR) };
  } else if (hour < NIGHT_ENDS_AT_HOUR) {
    night = { start: hourOf(addDays(day, -1), NIGHT_STARTS_AT_HOUR), end: hourOf(day, NIGHT_ENDS_AT_HOUR) };
  }
  return {
    dayStart: new Date(saoPauloDayStart(day) as number),
    monthStart: new Date(saoPauloDayStart(`${day.slice(0, 7)}-01`) as number),
    night,
    nextDayStart: new Date(saoPauloDayStart(addDays(day, 1)) as number),
    nextNightStart: night ? null : hourOf(day, NIGHT_STARTS_AT_HOUR),
  };
}

/** Whether `at` falls in the night period. */
export const isNight = (at: Date): boolean => periodsAt(at).night !== null;
