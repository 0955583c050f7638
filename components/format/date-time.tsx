"use client";

import { useFormatter } from "next-intl";
import type { ReactNode } from "react";
import { DetailRow } from "@/components/ui/detail-list";

/** Date and time in the locale, Brasília time (the request config's time zone). */
export function useDateTime(): (date: Date, style?: "short" | "medium") => string {
  const format = useFormatter();
  return (date, style = "short") => format.dateTime(date, { dateStyle: style, timeStyle: style });
}

/**
 * A calendar date stored as YYYY-MM-DD (a birth date) in the reader's format: 15/03/1990,
 * 03/15/1990. It names a day, not an instant, so no time zone moves it.
 */
export function useCalendarDate(): (isoDate: string) => string {
  const format = useFormatter();
  return (isoDate) => {
    const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(isoDate);
    if (!match) return isoDate;
    const day = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
    return format.dateTime(day, { day: "2-digit", month: "2-digit", year: "numeric", timeZone: "UTC" });
  };
}

/** A detail list's row holding a moment, to the second; `children` add to it (a countdown...). */
export function DateRow({ label, date, children }: { label: string; date: Date; children?: ReactNode }) {
  const dateTime = useDateTime();
  return (
    <DetailRow label={label}>
      <span className="block tabular-nums">{dateTime(date, "medium")}</span>
      {children}
    </DetailRow>
  );
}
