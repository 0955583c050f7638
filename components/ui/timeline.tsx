"use client";

import { useDateTime } from "@/components/format/date-time";
import { TitledCard } from "./card";

export type TimelineEvent = { key: string; title: string; at: Date };

/** A resource's history as a titled card: each event's words and when, oldest first. */
export function Timeline({ title, events, testId }: { title: string; events: TimelineEvent[]; testId: string }) {
  const dateTime = useDateTime();
  return (
    <TitledCard title={title} data-testid={`${testId}-timeline`}>
      <ol className="space-y-3 border-l border-slate-200 pl-4 text-sm">
        {events.map((event) => (
          <li key={event.key} className="relative" data-testid={`${testId}-event`}>
            <span aria-hidden="true" className="absolute top-1.5 -left-[1.3rem] size-2 rounded-full bg-emerald-500" />
            <span className="block font-medium text-slate-900">{event.title}</span>
            <span className="block text-xs text-slate-500 tabular-nums">{dateTime(event.at, "medium")}</span>
          </li>
        ))}
      </ol>
    </TitledCard>
  );
}
