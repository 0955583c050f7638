"use client";

import type { UseQueryResult } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { isMissing } from "@/components/forms/service-error";
import { EmptyState } from "./empty-state";
import type { Icon } from "./icons";
import { ErrorState } from "./list-states";

/**
 * One record's query in the usual order (the detail pages' ListStates): `loading` while pending,
 * the not-found state when the service answered that the record does not exist (or is another
 * merchant's), a failure with a retry otherwise, else the record.
 */
export function DetailStates<T, E>({
  query,
  loading,
  notFound,
  error,
  children,
}: {
  query: UseQueryResult<T, E>;
  loading: ReactNode;
  notFound: { icon?: Icon; title: ReactNode; body: ReactNode };
  error: { title: ReactNode; body: ReactNode };
  children: (data: T) => ReactNode;
}) {
  if (query.data !== undefined) return children(query.data);
  if (query.isPending) return loading;
  if (isMissing(query.error)) {
    return notFound.icon ? (
      <EmptyState icon={notFound.icon} title={notFound.title} description={notFound.body} />
    ) : (
      <ErrorState title={notFound.title} description={notFound.body} />
    );
  }
  return (
    <ErrorState
      title={error.title}
      description={error.body}
      onRetry={() => query.refetch()}
      retrying={query.isFetching}
    />
  );
}
