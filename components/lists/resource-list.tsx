"use client";

import type { UseQueryResult } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { cn } from "@/components/ui/cn";
import { EmptyState, FilteredEmptyState } from "@/components/ui/empty-state";
import type { Icon } from "@/components/ui/icons";
import { ListSkeleton, ListStates } from "@/components/ui/list-states";
import { Pagination } from "@/components/ui/pagination";
import type { ListState } from "./list-state";

/** What a paged list query answers besides its rows. */
export type Page = { total: number; page: number; totalPages: number };

/**
 * A paged list in the usual order: loading, failed with a retry, empty, else the count, the rows
 * (`children`, usually a DataTable for wide screens and a CardList for phones) and the pagination.
 * Test ids: `${testId}-loading`, `-error`, `-total`, `-pagination`.
 */
export function ResourceList<Data extends Page, E>({
  testId,
  query,
  state,
  loading,
  error,
  count,
  empty,
  skeleton,
  children,
}: {
  testId: string;
  query: UseQueryResult<Data, E>;
  state: Pick<ListState, "limit" | "setPage" | "setLimit">;
  loading: string;
  error: { title: ReactNode; body: ReactNode };
  count: (data: Data) => ReactNode;
  empty: ReactNode;
  /** A placeholder shaped like the list, instead of the usual rows of bars. */
  skeleton?: ReactNode;
  children: (data: Data) => ReactNode;
}) {
  return (
    <ListStates
      query={query}
      loading={skeleton ?? <ListSkeleton label={loading} testId={`${testId}-loading`} />}
      error={{ ...error, testId: `${testId}-error` }}
      isEmpty={(data) => data.total === 0}
      empty={empty}
    >
      {(data) => (
        <div
          className={cn("space-y-4 transition-opacity", query.isPlaceholderData && "opacity-60")}
          aria-busy={query.isFetching || undefined}
        >
          <p className="text-sm text-slate-600" data-testid={`${testId}-total`}>
            {count(data)}
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
    </ListStates>
  );
}

/** A list with nothing to show: emptied by its filters (offering to clear them), or empty outright. */
export function ListEmpty({
  icon,
  title,
  body,
  action,
  filtered,
}: {
  icon?: Icon;
  title: ReactNode;
  body: ReactNode;
  action?: ReactNode;
  filtered?: { title: ReactNode; body: ReactNode; clearLabel: ReactNode; onClear: () => void } | false;
}) {
  return filtered ? (
    <FilteredEmptyState
      icon={icon}
      title={filtered.title}
      description={filtered.body}
      clearLabel={filtered.clearLabel}
      onClear={filtered.onClear}
    />
  ) : (
    <EmptyState icon={icon} title={title} description={body} action={action} />
  );
}
