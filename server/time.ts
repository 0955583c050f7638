/**
 * São Paulo calendar time: the one place that turns instants into São Paulo days and back
 * (docs/contract.md, "Time"). Pure `Intl`, so the dashboard imports it too; offsets come from the
 * time-zone database, so days from the daylight-saving years (until 2019) come out right.
 */
const TIME_ZONE = "America/Sao_Paulo";
const CALENDAR_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

const SAO_PAULO_DATE = new Intl.DateTimeFormat("en-CA", {
  timeZone: TIME_ZONE,
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
});

const SAO_PAULO_WALL_CLOCK = new Intl.DateTimeFormat("en-CA", {
  timeZone: TIME_ZONE,
  hourCycle: "h23",
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  second: "2-digit",
});

/** `...Date` fields: YYYY-MM-DD in America/Sao_Paulo. */
export function saoPauloDate(date: Date): string {
  return SAO_PAULO_DATE.format(date);
}

/** The São Paulo wall clock at an instant, each part as written (two digits, four for the year). */
export function saoPauloWallClock(date: Date): Record<"year" | "month" | "day" | "hour" | "minute" | "second", string> {
  const parts = Object.fromEntries(SAO_PAULO_WALL_CLOCK.formatToParts(date).map((p) => [p.type, p.value]));
  return {
    year: parts.year ?? "",
    month: parts.month ?? "",
    day: parts.day ?? "",
    hour: parts.hour ?? "",
    minute: parts.minute ?? "",
    second: parts.second ?? "",
  };
}

/** "2026-11-22 14:03:05", São Paulo wall time. */
export function saoPauloDateTime(date: Date): string {
  const p = saoPauloWallClock(date);
  return `${p.year}-${p.month}-${p.day} ${p.hour}:${p.minute}:${p.second}`;
}

/** Offset of America/Sao_Paulo from UTC at an instant, in ms (negative: behind UTC). */
function saoPauloOffsetMs(at: number): number {
  const p = saoPauloWallClock(new Date(at));
  const local = Date.UTC(+p.year, +p.month - 1, +p.day, +p.hour, +p.minute, +p.second);
  return local - Math.floor(at / 1000) * 1000;
}

/** Midnight UTC of a YYYY-MM-DD calendar day, or null when the text names no such day. */
function utcMidnightOf(day: string): number | null {
  const match = CALENDAR_DAY.exec(day);
  if (!match) return null;
  const [y, m, d] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const midnight = Date.UTC(y, m - 1, d);
  const check = new Date(midnight);
  if (check.getUTCFullYear() !== y || check.getUTCMonth() !== m - 1 || check.getUTCDate() !== d) return null;
  return midnight;
}

/** Whether the text is a real calendar day written YYYY-MM-DD. */
export function isCalendarDay(day: string): boolean {
  return utcMidnightOf(day) !== null;
}

/** The calendar day `days` after (or before, when negative) a YYYY-MM-DD day. */
export function addDays(day: string, days: number): string {
  const midnight = utcMidnightOf(day);
  if (midnight === null) throw new RangeError(`not a calendar day: ${day}`);
  const shifted = new Date(midnight);
  shifted.setUTCDate(shifted.getUTCDate() + days);
  return shifted.toISOString().slice(0, 10);
}

/** The first instant (epoch ms) of a São Paulo calendar day given as YYYY-MM-DD, or null if no such day. */
export function saoPauloDayStart(day: string): number | null {
  const utcMidnight = utcMidnightOf(day);
  if (utcMidnight === null) return null;
  const guess = utcMidnight - saoPauloOffsetMs(utcMidnight);
  const start = utcMidnight - saoPauloOffsetMs(guess);
  // On a day that began with a daylight-saving jump, midnight did not exist: the day began at 01:00.
  return saoPauloDate(new Date(start)) === day ? start : guess;
}

/** The last millisecond of a São Paulo calendar day given as YYYY-MM-DD, or null if no such day. */
export function saoPauloDayEnd(day: string): number | null {
  if (!isCalendarDay(day)) return null;
  return (saoPauloDayStart(addDays(day, 1)) as number) - 1;
}
