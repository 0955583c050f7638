"use client";

import type { UseQueryResult } from "@tanstack/react-query";
import { type ReactNode, useId } from "react";
import { type CollectionMessages, CollectionStates } from "@/components/lists/resource-list";
import { Card } from "@/components/ui/card";
import { ZapIcon } from "@/components/ui/icons";
import { SectionHeader } from "@/components/ui/section-header";

type SectionMessages = CollectionMessages & ((key: "title" | "description") => string);

/** One surface's webhook registrations: the section's header and action, the cards, and its dialogs. */
export function RegistrationSection<Data, Item>({
  testId,
  messages: t,
  action,
  query,
  items,
  itemKey,
  children,
  dialogs,
}: {
  testId: string;
  messages: SectionMessages;
  action: ReactNode;
  query: UseQueryResult<Data, unknown>;
  items: (data: Data) => Item[];
  itemKey: (item: Item) => string;
  children: (item: Item) => ReactNode;
  dialogs: ReactNode;
}) {
  const id = useId();
  return (
    <section aria-labelledby={`${id}-title`} className="space-y-4" data-testid={testId}>
      <SectionHeader titleId={`${id}-title`} title={t("title")} description={t("description")} action={action} />
      <CollectionStates
        testId={testId}
        query={query}
        messages={t}
        icon={ZapIcon}
        skeletonRows={2}
        isEmpty={(data) => items(data).length === 0}
      >
        {(data) => (
          <ul className="space-y-4">
            {items(data).map((item) => (
              <li key={itemKey(item)}>{children(item)}</li>
            ))}
          </ul>
        )}
      </CollectionStates>
      {dialogs}
    </section>
  );
}

/**
 * One registration: its target URL, a line of badges, its events and its actions, then any notice
 * about it, then its delivery log.
 */
export function RegistrationCard({
  attributes,
  url,
  urlTestId,
  badges,
  events,
  actions,
  notices,
  log,
}: {
  attributes: Record<`data-${string}`, string>;
  url: string;
  urlTestId: string;
  badges: ReactNode;
  events: ReactNode;
  actions: ReactNode;
  notices?: ReactNode;
  log: ReactNode;
}) {
  return (
    <Card className="overflow-hidden" {...attributes}>
      <div className="px-5 py-5 sm:px-6">
        <div className="flex flex-col gap-4 lg:flex-row lg:items-start lg:justify-between">
          <div className="min-w-0 space-y-2">
            <p className="font-mono text-sm font-medium break-all text-slate-900" data-testid={urlTestId}>
              {url}
            </p>
            <div className="flex flex-wrap items-center gap-2">{badges}</div>
            {events}
          </div>
          <div className="flex shrink-0 items-center gap-2">{actions}</div>
        </div>
        {notices}
      </div>
      {log}
    </Card>
  );
}
