"use client";

import { useFormatter } from "next-intl";

/** Date and time in the locale, Brasília time (the request config's time zone). */
export function useDateTime(): (date: Date, style?: "short" | "medium") => string {
  const format = useFormatter();
  return (date, style = "short") => format.dateTime(date, { dateStyle: style, timeStyle: style });
}
