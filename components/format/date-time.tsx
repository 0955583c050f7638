"use client";

import { useFormatter } from "next-intl";
import type { ReactNode } from "react";
import { DetailRow } from "@/components/ui/detail-list";

/** Date and time in the locale, Brasília time (the request config's time zone). */
export function useDateTime(): (date: Date, style?: "short" | "medium") => string {
  const format = useFormatter();
  return (date, style = "short") => format.dateTime(date, { dateStyle: style, timeStyle: style });
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
