"use client";

import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { useListState } from "@/components/lists/list-state";
import { ResourceList } from "@/components/lists/resource-list";
import { useTRPC } from "@/components/providers/trpc-provider";
import { ExportLink, LedgerSearch } from "@/components/reconciliation/ledger-search";
import { Alert } from "@/components/ui/alert";
import { Card } from "@/components/ui/card";
import { BookIcon, SendIcon } from "@/components/ui/icons";
import { LoadingState } from "@/components/ui/list-states";
import { Placeholders, Skeleton, SkeletonRow } from "@/components/ui/skeleton";
import { EntryRows } from "./ledger-entries";
import { endOfDay, FilterBar, LEDGER_FILTERS, startOfDay } from "./ledger-filters";

/** `canSend`: the member's role may send money (the empty list then offers to). */
export function LedgerBrowser({ canSend = true }: { canSend?: boolean }) {
  const t = useTranslations("ledger");
  const trpc = useTRPC();
  const state = useListState(LEDGER_FILTERS);
  const { filters } = state;
  const invalidRange = filters.from !== null && filters.to !== null && filters.from > filters.to;

  const current = {
    type: filters.type ?? undefined,
    reason: filters.reason ?? undefined,
    status: filters.status ?? undefined,
    startDate: filters.from ? startOfDay(filters.from) : undefined,
    endDate: filters.to ? endOfDay(filters.to) : undefined,
    search: filters.q?.trim().slice(0, 100) || undefined,
  };
  const list = useQuery({
    ...trpc.ledger.list.queryOptions({ ...current, ...state.paging }, { placeholderData: keepPreviousData }),
    enabled: !invalidRange,
  });
  const back = state.back;

  return (
    <div className="space-y-4">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start">
        <LedgerSearch value={current.search} onSearch={(q) => state.setFilters({ q: q ?? null })} />
        <ExportLink params={invalidRange ? {} : current} />
      </div>
      <FilterBar filters={filters} onChange={state.setFilters} onClear={state.clear} hasFilters={state.filtered} />

      {invalidRange ? (
        <Alert data-testid="ledger-range-error">{t("filters.invalidRange")}</Alert>
      ) : (
        <ResourceList
          testId="ledger"
          query={list}
          state={state}
          messages={t}
          icon={BookIcon}
          emptyAction={canSend ? { href: "/send", icon: SendIcon, label: t("empty.cta") } : undefined}
          skeleton={<LoadingList />}
          count={(data) => (
            <>
              <span className="font-medium text-slate-900">
                {t(data.totalExact ? "count" : "countAbout", { total: data.total })}
              </span>
              {" · "}
              {t(data.totalExact ? "range" : "rangeAbout", {
                from: (data.page - 1) * data.limit + 1,
                to: Math.min(data.page * data.limit, data.total),
                total: data.total,
              })}
            </>
          )}
        >
          {(data) => <EntryRows entries={data.entries} back={back} />}
        </ResourceList>
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
          <Placeholders count={6}>
            <SkeletonRow bars={["h-4 w-28", "h-4 w-14", "h-4 flex-1", "h-4 w-32", { pill: "h-5 w-20" }, "h-4 w-24"]} />
          </Placeholders>
        </div>
      </Card>
      <div className="space-y-2 lg:hidden">
        <Placeholders count={4}>
          <Card className="space-y-3 p-4">
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
        </Placeholders>
      </div>
    </LoadingState>
  );
}

export function LedgerLoading() {
  return <LoadingList />;
}
