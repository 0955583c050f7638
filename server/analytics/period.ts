/** The overview's period: the last N São Paulo days, today included. */
import { saoPauloDate } from "../time";

/** Brasília has had no daylight saving time since 2019: a day there starts at 00:00 UTC−3. */
const SAO_PAULO_OFFSET = "-03:00";

export type Period = { firstDay: string; lastDay: string; startAt: Date; endAt: Date };

export function periodOf(days: number, now: Date): Period {
  const lastDay = saoPauloDate(now);
  const start = new Date(`${lastDay}T00:00:00.000${SAO_PAULO_OFFSET}`);
  start.setUTCDate(start.getUTCDate() - (days - 1));
  return { firstDay: saoPauloDate(start), lastDay, startAt: start, endAt: now };
}
