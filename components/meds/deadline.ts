/** The defense deadline as the merchant reads it: time left, rounded up, and when to warn. */
export const DEADLINE_WARNING_MS = 2 * 24 * 60 * 60 * 1000;

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

export type DeadlineLeft =
  | { unit: "days"; count: number; warning: boolean }
  | { unit: "hours"; count: number; warning: true }
  | { unit: "minutes"; count: number; warning: true }
  | { unit: "expired"; warning: true };

/** "7 days" right after opening, "23 hours" on the last day, then minutes; warning within 2 days. */
export function deadlineLeft(deadline: Date, now: number): DeadlineLeft {
  const left = deadline.getTime() - now;
  if (left <= 0) return { unit: "expired", warning: true };
  if (left > DAY) return { unit: "days", count: Math.ceil(left / DAY), warning: left <= DEADLINE_WARNING_MS };
  if (left > HOUR) return { unit: "hours", count: Math.ceil(left / HOUR), warning: true };
  return { unit: "minutes", count: Math.max(1, Math.ceil(left / 60_000)), warning: true };
}
