/** Period presets on the São Paulo calendar (the statement's days are São Paulo days). */
import { addDays, saoPauloDate } from "@/server/time";

export const PRESETS = ["thisMonth", "lastMonth", "last30", "last90", "custom"] as const;
export type Preset = (typeof PRESETS)[number];

/** [startDate, endDate] as YYYY-MM-DD for a preset, relative to `now`. */
export function presetPeriod(preset: Exclude<Preset, "custom">, now = new Date()): [string, string] {
  const today = saoPauloDate(now);
  const monthStart = `${today.slice(0, 8)}01`;
  switch (preset) {
    case "thisMonth":
      return [monthStart, today];
    case "lastMonth": {
      const lastDay = addDays(monthStart, -1);
      return [`${lastDay.slice(0, 8)}01`, lastDay];
    }
    case "last30":
      return [addDays(today, -29), today];
    case "last90":
      return [addDays(today, -89), today];
  }
}
