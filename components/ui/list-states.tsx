"use client";

import type { UseQueryResult } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import type { ReactNode } from "react";
import { Button } from "./button";
import { Card } from "./card";
import { EmptyState } from "./empty-state";
import { AlertCircleIcon } from "./icons";
import { Placeholders, Skeleton, SkeletonRow } from "./skeleton";

/**
 * The states a list (or a page's data) goes through besides showing it: loading, failed with a
 * retry, and empty (EmptyState). Every page shows them alike.
 */

/** A loading region: its label announced to screen readers, the placeholders hidden from them. */
export function LoadingState({
  label,
  testId,
  className,
  children,
}: {
  label: string;
  testId?: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div role="status" aria-live="polite" className={className} data-testid={testId}>
      <span className="sr-only">{label}</span>
      {children}
    </div>
  );
}

/** The usual list placeholder: a count line over a card of `rows` rows. */
export function ListSkeleton({ label, testId, rows = 4 }: { label: string; testId?: string; rows?: number }) {
  return (
    <LoadingState label={label} testId={testId} className="space-y-4">
      <Skeleton className="h-4 w-40" />
      <Card className="divide-y divide-slate-100 overflow-hidden">
        <Placeholders count={rows}>
          <SkeletonRow bars={["h-4 w-24", "h-4 flex-1", { pill: "h-5 w-24" }, "h-4 w-20"]} />
        </Placeholders>
      </Card>
    </LoadingState>
  );
}

type RetryProps = { onRetry: () => void; retrying: boolean };

function RetryButton({ onRetry, retrying }: RetryProps) {
  const t = useTranslations("common");
  return (
    <Button variant="secondary" onClick={onRetry} loading={retrying}>
      {t("retry")}
    </Button>
  );
}

/** A list that could not be loaded, in a compact card: what happened, and a retry. */
export function ListError({
  title,
  body,
  testId,
  ...retry
}: RetryProps & { title: ReactNode; body: ReactNode; testId?: string }) {
  return (
    <Card className="p-6" data-testid={testId}>
      <div className="flex flex-col items-start gap-4 sm:flex-row sm:items-center sm:justify-between">
        <div className="flex items-start gap-3">
          <span className="flex size-9 shrink-0 items-center justify-center rounded-full bg-red-50 text-red-600">
            <AlertCircleIcon className="size-5" />
          </span>
          <div role="alert">
            <p className="text-sm font-semibold text-slate-900">{title}</p>
            <p className="mt-1 text-sm text-slate-600">{body}</p>
          </div>
        </div>
        <RetryButton {...retry} />
      </div>
    </Card>
  );
}

/** A page's data that could not be loaded, in the empty-state look, with a retry. */
export function ErrorState({
  title,
  description,
  ...retry
}: Partial<RetryProps> & { title: ReactNode; description: ReactNode }) {
  return (
    <EmptyState
      icon={AlertCircleIcon}
      title={title}
      description={description}
      action={retry.onRetry ? <RetryButton onRetry={retry.onRetry} retrying={retry.retrying ?? false} /> : null}
    />
  );
}

/**
 * A list query's states in the usual order: `loading` while pending, a ListError with a retry when
 * it failed, `empty` when `isEmpty(data)`, else the list itself.
 */
export function ListStates<T, E>({
  query,
  loading,
  error,
  isEmpty,
  empty,
  children,
}: {
  query: UseQueryResult<T, E>;
  loading: ReactNode;
  error: { title: ReactNode; body: ReactNode; testId?: string };
  isEmpty: (data: T) => boolean;
  empty: ReactNode;
  children: (data: T) => ReactNode;
}) {
  if (query.isPending) return loading;
  if (query.isError) {
    return <ListError {...error} onRetry={() => query.refetch()} retrying={query.isFetching} />;
  }
  return isEmpty(query.data) ? empty : children(query.data);
}

/** A panel's namespace translator (`useTranslations("members")`): it must hold these keys. */
type PanelMessages = (key: "loading" | "error" | "errorBody") => string;

/**
 * A panel's query besides showing it, in the page look: a block placeholder while pending
 * (`${testId}-loading`), an ErrorState with a retry when it failed, else `children(data)`.
 */
export function PanelStates<T, E>({
  query,
  messages: t,
  testId,
  children,
}: {
  query: UseQueryResult<T, E>;
  messages: PanelMessages;
  testId: string;
  children: (data: T) => ReactNode;
}) {
  if (query.isPending) {
    return (
      <LoadingState label={t("loading")} testId={`${testId}-loading`}>
        <Skeleton className="h-40 w-full" />
      </LoadingState>
    );
  }
  if (query.isError) {
    return (
      <ErrorState
        title={t("error")}
        description={t("errorBody")}
        onRetry={() => query.refetch()}
        retrying={query.isFetching}
      />
    );
  }
  return children(query.data);
}
