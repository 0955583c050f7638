"use client";

import type { UseQueryResult } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { ButtonLink } from "@/components/ui/button";
import { cn } from "@/components/ui/cn";
import { EmptyState, FilteredEmptyState } from "@/components/ui/empty-state";
import type { Icon } from "@/components/ui/icons";
import { ListSkeleton, ListStates } from "@/components/ui/list-states";
import { Pagination } from "@/components/ui/pagination";
import type { ListState } from "./list-state";

/** What a paged list query answers besides its rows. */
export type Page = { total: number; page: number; totalPages: number };

type CollectionMessageKey = "loading" | "error.title" | "error.body" | "empty.title" | "empty.body";
type ListMessageKey = CollectionMessageKey | "count" | "empty.filteredTitle" | "empty.filteredBody" | "clear";

/** A collection's namespace translator (`useTranslations("webhooks.account")`): it must hold these keys. */
export type CollectionMessages = (key: CollectionMessageKey) => string;
/** A paged list's namespace translator (`useTranslations("charges.list")`): it must hold these keys. */
export type ListMessages = (key: ListMessageKey, values?: { total: number }) => string;

/**
 * A collection's query in the usual order: loading (`skeletonRows` bars), failed with a retry,
 * empty, else the collection. Test ids: `${testId}-loading`, `-error`.
 */
export function CollectionStates<Data, E>({
  testId,
  query,
  messages: t,
  icon,
  isEmpty,
  empty,
  skeleton,
  skeletonRows,
  children,
}: {
  testId: string;
  query: UseQueryResult<Data, E>;
  messages: CollectionMessages;
  icon: Icon;
  /** When the collection counts as empty; an array with no items if not given. */
  isEmpty?: (data: Data) => boolean;
  /** Another empty state than the namespace's `empty`. */
  empty?: ReactNode;
  /** A placeholder shaped like the collection, instead of bars. */
  skeleton?: ReactNode;
  skeletonRows?: number;
  children: (data: Data) => ReactNode;
}) {
  return (
    <ListStates
      query={query}
      loading={skeleton ?? <ListSkeleton label={t("loading")} testId={`${testId}-loading`} rows={skeletonRows} />}
      error={{ title: t("error.title"), body: t("error.body"), testId: `${testId}-error` }}
      isEmpty={isEmpty ?? ((data) => Array.isArray(data) && data.length === 0)}
      empty={empty ?? <EmptyState icon={icon} title={t("empty.title")} description={t("empty.body")} />}
    >
      {children}
    </ListStates>
  );
}

/** A link, with its icon, to where an empty list's rows come from. */
type EmptyAction = { href: string; icon: Icon; label: string; variant?: "secondary" };

/**
 * A paged list in the usual order: loading, failed with a retry, empty (emptied by its filters, with
 * a way to clear them), else the count, the rows (`children`, usually a DataTable for wide screens
 * and a CardList for phones) and the pagination. Its words come from `messages`.
 * Test ids: `${testId}-loading`, `-error`, `-total`, `-pagination`.
 */
export function ResourceList<Data extends Page, E>({
  testId,
  query,
  state,
  messages: t,
  icon,
  emptyAction,
  count,
  skeleton,
  children,
}: {
  testId: string;
  query: UseQueryResult<Data, E>;
  state: Pick<ListState, "limit" | "setPage" | "setLimit" | "filtered" | "clear">;
  messages: ListMessages;
  icon: Icon;
  /** What to do about an unfiltered empty list: a link, with its icon, to where its rows come from. */
  emptyAction?: EmptyAction;
  /** A count other than `count` with the total. */
  count?: (data: Data) => ReactNode;
  /** A placeholder shaped like the list, instead of the usual rows of bars. */
  skeleton?: ReactNode;
  children: (data: Data) => ReactNode;
}) {
  return (
    <CollectionStates
      testId={testId}
      query={query}
      messages={t}
      icon={icon}
      skeleton={skeleton}
      isEmpty={(data) => data.total === 0}
      empty={
        state.filtered ? (
          <FilteredEmptyState
            icon={icon}
            title={t("empty.filteredTitle")}
            description={t("empty.filteredBody")}
            clearLabel={t("clear")}
            onClear={state.clear}
          />
        ) : (
          <EmptyState
            icon={icon}
            title={t("empty.title")}
            description={t("empty.body")}
            action={emptyAction ? <EmptyLink {...emptyAction} /> : undefined}
          />
        )
      }
    >
      {(data) => (
        <div
          className={cn("space-y-4 transition-opacity", query.isPlaceholderData && "opacity-60")}
          aria-busy={query.isFetching || undefined}
        >
          <p className="text-sm text-slate-600" data-testid={`${testId}-total`}>
            {count ? count(data) : t("count", { total: data.total })}
          </p>
          {children(data)}
          <Pagination
            page={data.page}
            pages={data.totalPages}
            limit={state.limit}
            onPage={state.setPage}
            onLimit={state.setLimit}
            testId={`${testId}-pagination`}
          />
        </div>
      )}
    </CollectionStates>
  );
}

function EmptyLink({ href, icon: LinkIcon, label, variant }: EmptyAction) {
  return (
    <ButtonLink href={href} variant={variant}>
      <LinkIcon className="size-4" />
      {label}
    </ButtonLink>
  );
}
