"use client";

import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { useTRPC } from "@/components/providers/trpc-provider";
import { ExportLink, LedgerSearch } from "@/components/reconciliation/ledger-search";
import { Alert } from "@/components/ui/alert";
import { ButtonLink } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { cn } from "@/components/ui/cn";
import { EmptyState, FilteredEmptyState } from "@/components/ui/empty-state";
import { BookIcon, SendIcon } from "@/components/ui/icons";
import { ListStates, LoadingState } from "@/components/ui/list-states";
import { DEFAULT_LIMIT, Pagination } from "@/components/ui/pagination";
import { Skeleton } from "@/components/ui/skeleton";
import { useUrlState } from "@/components/ui/url-state";
import { EntryCards, EntryTable } from "./ledger-entries";
import { endOfDay, FILTER_KEYS, FilterBar, readFilters, startOfDay } from "./ledger-filters";

export function LedgerBrowser() {
  const t = useTranslations("ledger");
  const trpc = useTRPC();
  // The query a filter change asked for is used until the navigation lands: the controls and the
  // list follow it at once, and a second quick change (both dates, say) builds on the first.
  const { query: effective, update } = useUrlState();
  const filters = readFilters(new URLSearchParams(effective));
  const hasFilters = FILTER_KEYS.some((key) => filters[key] !== undefined);
  const invalidRange = filters.from !== undefined && filters.to !== undefined && filters.from > filters.to;

  const current = {
    type: filters.type,
    reason: filters.reason,
    status: filters.status,
    startDate: filters.from ? startOfDay(filters.from) : undefined,
    endDate: filters.to ? endOfDay(filters.to) : undefined,
    search: filters.q,
  };
  const list = useQuery({
    ...trpc.ledger.list.queryOptions(
      {
        ...current,
        page: filters.page,
        limit: filters.limit,
      },
      { placeholderData: keepPreviousData },
    ),
    enabled: !invalidRange,
  });

  /** Drops every filter (and the page), keeping the page size. */
  function clearFilters() {
    update(Object.fromEntries(FILTER_KEYS.map((key) => [key, undefined])));
  }

  const back = effective;

  return (
    <div className="space-y-4">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start">
        <LedgerSearch value={filters.q} onSearch={(q) => update({ q })} />
        <ExportLink params={invalidRange ? {} : current} />
      </div>
      <FilterBar filters={filters} onChange={update} onClear={clearFilters} hasFilters={hasFilters} />

      {invalidRange ? (
        <Alert data-testid="ledger-range-error">{t("filters.invalidRange")}</Alert>
      ) : (
        <ListStates
          query={list}
          loading={<LoadingList />}
          error={{ title: t("error.title"), body: t("error.body"), testId: "ledger-error" }}
          isEmpty={(data) => data.total === 0}
          empty={
            hasFilters ? (
              <FilteredEmptyState
                icon={BookIcon}
                title={t("empty.filteredTitle")}
                description={t("empty.filteredBody")}
                clearLabel={t("filters.clear")}
                onClear={clearFilters}
              />
            ) : (
              <EmptyState
                icon={BookIcon}
                title={t("empty.title")}
                description={t("empty.body")}
                action={
                  <ButtonLink href="/send">
                    <SendIcon className="size-4" />
                    {t("empty.cta")}
                  </ButtonLink>
                }
              />
            )
          }
        >
          {(data) => (
            <div
              className={cn("space-y-4 transition-opacity", list.isPlaceholderData && "opacity-60")}
              aria-busy={list.isFetching || undefined}
            >
              <p className="text-sm text-slate-600" data-testid="ledger-total">
                <span className="font-medium text-slate-900">
                  {t(data.totalExact ? "count" : "countAbout", { total: data.total })}
                </span>
                {data.total > 0 ? (
                  <span>
                    {" · "}
                    {t(data.totalExact ? "range" : "rangeAbout", {
                      from: (data.page - 1) * data.limit + 1,
                      to: Math.min(data.page * data.limit, data.total),
                      total: data.total,
                    })}
                  </span>
                ) : null}
              </p>
              <EntryTable entries={data.entries} back={back} />
              <EntryCards entries={data.entries} back={back} />
              <Pagination
                page={data.page}
                pages={data.totalPages}
                limit={filters.limit}
                onPage={(page) => update({ page: page > 1 ? String(page) : undefined }, "push")}
                onLimit={(limit) => update({ limit: limit === DEFAULT_LIMIT ? undefined : String(limit) })}
                testId="ledger-pagination"
              />
            </div>
          )}
        </ListStates>
      )}
    </div>
  );
}

function LoadingList() {
  const t = useTranslations("ledger");
  return (
    <LoadingState label={t("loading")} testId="ledger-loading" className="space-y-4">
      <Skeleton className="h-4 w-48" />
      <Card className="hidden overflow-hidden lg:block">
        <div className="border-b border-slate-200 bg-slate-50 px-4 py-3">
          <Skeleton className="h-3 w-full max-w-xl" />
        </div>
        <div className="divide-y divide-slate-100">
          {Array.from({ length: 6 }, (_, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: placeholders with no identity
            <div key={index} className="flex items-center gap-4 px-4 py-3.5">
              <Skeleton className="h-4 w-28" />
              <Skeleton className="h-4 w-14" />
              <Skeleton className="h-4 flex-1" />
              <Skeleton className="h-4 w-32" />
              <Skeleton rounded="full" className="h-5 w-20" />
              <Skeleton className="h-4 w-24" />
            </div>
          ))}
        </div>
      </Card>
      <div className="space-y-2 lg:hidden">
        {Array.from({ length: 4 }, (_, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders with no identity
          <Card key={index} className="space-y-3 p-4">
            <div className="flex justify-between gap-3">
              <Skeleton className="h-4 w-40" />
              <Skeleton className="h-4 w-20" />
            </div>
            <Skeleton className="h-3 w-32" />
            <div className="flex justify-between gap-3">
              <Skeleton rounded="full" className="h-5 w-20" />
              <Skeleton className="h-3 w-24" />
            </div>
          </Card>
        ))}
      </div>
    </LoadingState>
  );
}

export function LedgerLoading() {
  return <LoadingList />;
}
