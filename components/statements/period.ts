/** Period presets on the São Paulo calendar (the statement's days are São Paulo days). */
import { saoPauloDate } from "@/server/time";

export const PRESETS = ["thisMonth", "lastMonth", "last30", "last90", "custom"] as const;
export type Preset = (typeof PRESETS)[number];

function shift(day: string, days: number): string {
  const [y, m, d] = day.split("-").map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/** [startDate, endDate] as YYYY-MM-DD for a preset, relative to `now`. */
export function presetPeriod(preset: Exclude<Preset, "custom">, now = new Date()): [string, string] {
  const today = saoPauloDate(now);
  const monthStart = `${today.slice(0, 8)}01`;
  switch (preset) {
    case "thisMonth":
      return [monthStart, today];
    case "lastMonth": {
      const lastDay = shift(monthStart, -1);
      return [`${lastDay.slice(0, 8)}01`, lastDay];
    }
    case "last30":
      return [shift(today, -29), today];
    case "last90":
      return [shift(today, -89), today];
  }
}
