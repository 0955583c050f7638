/** The overview's period: the last N São Paulo days, today included. */
import { addDays, saoPauloDate, saoPauloDayStart } from "../time";

export type Period = { firstDay: string; lastDay: string; startAt: Date; endAt: Date };

export function periodOf(days: number, now: Date): Period {
  const lastDay = saoPauloDate(now);
  const firstDay = addDays(lastDay, -(days - 1));
  return { firstDay, lastDay, startAt: new Date(saoPauloDayStart(firstDay) as number), endAt: now };
}
