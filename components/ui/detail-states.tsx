"use client";

import type { UseQueryResult } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { isMissing } from "@/components/forms/service-error";
import { BackLink } from "./detail-list";
import { EmptyState } from "./empty-state";
import type { Icon } from "./icons";
import { ErrorState } from "./list-states";
import { PageHeader } from "./page-header";

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

type DetailMessageKey = "back" | "notFound.title" | "notFound.body" | "error.title" | "error.body";
/** A detail page's namespace translator (`useTranslations("meds.detail")`): it must hold these keys. */
export type DetailMessages = (key: DetailMessageKey) => string;

/**
 * A record's page: the way back to its list, its header (a PageHeader of `title`, with what else
 * `header` gives it), then the record's states (DetailStates).
 */
export function DetailPage<T, E>({
  back,
  messages: t,
  title,
  header,
  query,
  icon,
  loading,
  children,
}: {
  back: string;
  messages: DetailMessages;
  title?: ReactNode;
  header?: { description?: ReactNode; actions?: ReactNode };
  query: UseQueryResult<T, E>;
  icon: Icon;
  loading: ReactNode;
  children: (data: T) => ReactNode;
}) {
  return (
    <div className="space-y-6">
      <BackLink href={back}>{t("back")}</BackLink>
      {title === undefined ? null : <PageHeader title={title} {...header} />}
      <DetailStates
        query={query}
        loading={loading}
        notFound={{ icon, title: t("notFound.title"), body: t("notFound.body") }}
        error={{ title: t("error.title"), body: t("error.body") }}
      >
        {children}
      </DetailStates>
    </div>
  );
}
