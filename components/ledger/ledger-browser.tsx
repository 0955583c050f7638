"use client";

import { keepPreviousData, useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useFormatter, useTranslations } from "next-intl";
import { useId, useState } from "react";
import { useTRPC } from "@/components/providers/trpc-provider";
import { Alert } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Button, ButtonLink } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { cn } from "@/components/ui/cn";
import { EmptyState } from "@/components/ui/empty-state";
import { DateInput, FieldLabel, Select } from "@/components/ui/fields";
import { BookIcon, ChevronDownIcon, CloseIcon, SendIcon } from "@/components/ui/icons";
import { ListStates, LoadingState } from "@/components/ui/list-states";
import { DEFAULT_LIMIT, Pagination, readLimit, readPage } from "@/components/ui/pagination";
import { Skeleton } from "@/components/ui/skeleton";
import { useUrlState } from "@/components/ui/url-state";
import type { EntryView } from "@/server/trpc/routers/ledger";
import {
  counterpartyOf,
  type EntryStatus,
  type EntryType,
  entryHref,
  isKnownReason,
  KNOWN_REASONS,
  type KnownReason,
  SignedAmount,
  StatusBadge,
  truncateId,
  useDateTime,
  useReasonLabel,
} from "./format";

const TYPES: EntryType[] = ["credit", "debit"];
const STATUSES: EntryStatus[] = ["processing", "succeeded", "failed"];
const DATE = /^\d{4}-\d{2}-\d{2}$/;
/** Brasília has had no daylight saving time since 2019: a day there runs from 00:00 at UTC−3. */
const BRASILIA_OFFSET = "-03:00";

type Filters = {
  type?: EntryType;
  reason?: KnownReason;
  status?: EntryStatus;
  from?: string;
  to?: string;
  page: number;
  limit: number;
};

const FILTER_KEYS = ["type", "reason", "status", "from", "to"] as const;

/** The filters as the URL holds them; anything malformed is ignored rather than sent. */
function readFilters(params: URLSearchParams): Filters {
  const type = params.get("type");
  const reason = params.get("reason");
  const status = params.get("status");
  const from = params.get("from");
  const to = params.get("to");
  return {
    type: TYPES.find((value) => value === type),
    reason: reason && isKnownReason(reason) ? reason : undefined,
    status: STATUSES.find((value) => value === status),
    from: from && DATE.test(from) ? from : undefined,
    to: to && DATE.test(to) ? to : undefined,
    page: readPage(params.get("page")),
    limit: readLimit(params.get("limit")),
  };
}

function startOfDay(date: string): number {
  return Date.parse(`${date}T00:00:00.000${BRASILIA_OFFSET}`);
}

function endOfDay(date: string): number {
  return Date.parse(`${date}T23:59:59.999${BRASILIA_OFFSET}`);
}

export function LedgerBrowser() {
  const t = useTranslations("ledger");
  const trpc = useTRPC();
  // The query a filter change asked for is used until the navigation lands: the controls and the
  // list follow it at once, and a second quick change (both dates, say) builds on the first.
  const { query: effective, update } = useUrlState();
  const filters = readFilters(new URLSearchParams(effective));
  const hasFilters = FILTER_KEYS.some((key) => filters[key] !== undefined);
  const invalidRange = filters.from !== undefined && filters.to !== undefined && filters.from > filters.to;

  const list = useQuery({
    ...trpc.ledger.list.queryOptions(
      {
        type: filters.type,
        reason: filters.reason,
        status: filters.status,
        startDate: filters.from ? startOfDay(filters.from) : undefined,
        endDate: filters.to ? endOfDay(filters.to) : undefined,
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
              <EmptyState
                icon={BookIcon}
                title={t("empty.filteredTitle")}
                description={t("empty.filteredBody")}
                action={
                  <Button variant="secondary" onClick={clearFilters}>
                    <CloseIcon className="size-4" />
                    {t("filters.clear")}
                  </Button>
                }
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
                <span className="font-medium text-slate-900">{t("count", { total: data.total })}</span>
                {data.total > 0 ? (
                  <span>
                    {" · "}
                    {t("range", {
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

function FilterBar({
  filters,
  onChange,
  onClear,
  hasFilters,
}: {
  filters: Filters;
  onChange: (patch: Partial<Record<keyof Filters, string | undefined>>) => void;
  onClear: () => void;
  hasFilters: boolean;
}) {
  const t = useTranslations("ledger");
  const reasonLabel = useReasonLabel();
  const id = useId();
  // On a phone the filters fold behind a button, so the entries come first.
  const [open, setOpen] = useState(false);
  const active = FILTER_KEYS.filter((key) => filters[key] !== undefined).length;
  return (
    <Card className="p-4 sm:p-5" data-testid="ledger-filters">
      <div className="flex items-center justify-between gap-3 sm:hidden">
        <button
          type="button"
          onClick={() => setOpen((value) => !value)}
          aria-expanded={open}
          aria-controls={`${id}-form`}
          className="-m-1 inline-flex items-center gap-2 rounded-md p-1 text-sm font-medium text-slate-800"
        >
          <ChevronDownIcon className={cn("size-4 text-slate-500 transition-transform", open && "rotate-180")} />
          {t("filters.title")}
          {active > 0 ? <Badge tone="accent">{t("filters.active", { count: active })}</Badge> : null}
        </button>
        {hasFilters && !open ? (
          <Button variant="ghost" size="sm" onClick={onClear}>
            <CloseIcon className="size-4" />
            {t("filters.clear")}
          </Button>
        ) : null}
      </div>
      <form
        id={`${id}-form`}
        aria-label={t("filters.title")}
        onSubmit={(event) => event.preventDefault()}
        className={cn(
          "grid-cols-2 gap-3 sm:grid sm:grid-cols-3 lg:grid-cols-[repeat(5,minmax(0,1fr))_auto] lg:items-end",
          open ? "mt-4 grid sm:mt-0" : "hidden",
        )}
      >
        <div>
          <FieldLabel htmlFor={`${id}-type`}>{t("filters.type")}</FieldLabel>
          <Select
            id={`${id}-type`}
            value={filters.type ?? ""}
            onChange={(event) => onChange({ type: event.target.value || undefined })}
          >
            <option value="">{t("filters.all")}</option>
            {TYPES.map((type) => (
              <option key={type} value={type}>
                {t(`types.${type}`)}
              </option>
            ))}
          </Select>
        </div>
        <div>
          <FieldLabel htmlFor={`${id}-status`}>{t("filters.status")}</FieldLabel>
          <Select
            id={`${id}-status`}
            value={filters.status ?? ""}
            onChange={(event) => onChange({ status: event.target.value || undefined })}
          >
            <option value="">{t("filters.all")}</option>
            {STATUSES.map((status) => (
              <option key={status} value={status}>
                {t(`statuses.${status}`)}
              </option>
            ))}
          </Select>
        </div>
        <div className="col-span-2 sm:col-span-1">
          <FieldLabel htmlFor={`${id}-reason`}>{t("filters.reason")}</FieldLabel>
          <Select
            id={`${id}-reason`}
            value={filters.reason ?? ""}
            onChange={(event) => onChange({ reason: event.target.value || undefined })}
          >
            <option value="">{t("filters.all")}</option>
            {KNOWN_REASONS.map((reason) => (
              <option key={reason} value={reason}>
                {reasonLabel(reason)}
              </option>
            ))}
          </Select>
        </div>
        <div>
          <FieldLabel htmlFor={`${id}-from`}>{t("filters.from")}</FieldLabel>
          <DateInput
            id={`${id}-from`}
            value={filters.from ?? ""}
            max={filters.to}
            onChange={(event) => onChange({ from: event.target.value || undefined })}
          />
        </div>
        <div>
          <FieldLabel htmlFor={`${id}-to`}>{t("filters.to")}</FieldLabel>
          <DateInput
            id={`${id}-to`}
            value={filters.to ?? ""}
            min={filters.from}
            onChange={(event) => onChange({ to: event.target.value || undefined })}
          />
        </div>
        <div
          className={cn(
            "col-span-2 justify-end sm:col-span-1 sm:items-end lg:col-span-1",
            hasFilters ? "flex" : "hidden lg:invisible lg:flex",
          )}
        >
          <Button variant="ghost" onClick={onClear} disabled={!hasFilters} className="w-full sm:w-auto">
            <CloseIcon className="size-4" />
            {t("filters.clear")}
          </Button>
        </div>
      </form>
    </Card>
  );
}

function useEntryLabels() {
  const t = useTranslations("ledger");
  const reasonLabel = useReasonLabel();
  const dateTime = useDateTime();
  const format = useFormatter();
  return (entry: EntryView) => {
    const counterparty = counterpartyOf(entry);
    return {
      reason: reasonLabel(entry.reason),
      date: dateTime(entry.createdAt),
      day: format.dateTime(entry.createdAt, { dateStyle: "short" }),
      time: format.dateTime(entry.createdAt, { timeStyle: "short" }),
      counterparty: counterparty?.name ?? t("noCounterparty"),
    };
  };
}

function EntryTable({ entries, back }: { entries: EntryView[]; back: string }) {
  const t = useTranslations("ledger");
  const router = useRouter();
  const labelsOf = useEntryLabels();
  return (
    <Card className="hidden overflow-hidden lg:block">
      <table className="w-full table-fixed text-left text-sm" data-testid="ledger-table">
        <caption className="sr-only">{t("tableCaption")}</caption>
        <thead className="border-b border-slate-200 bg-slate-50 text-xs font-medium text-slate-600">
          <tr>
            <th scope="col" className="w-[7.5rem] px-4 py-3 font-medium">
              {t("columns.date")}
            </th>
            <th scope="col" className="w-[5rem] px-3 py-3 font-medium">
              {t("columns.type")}
            </th>
            <th scope="col" className="px-3 py-3 font-medium">
              {t("columns.reason")}
            </th>
            <th scope="col" className="px-3 py-3 font-medium">
              {t("columns.counterparty")}
            </th>
            <th scope="col" className="w-[9.5rem] px-3 py-3 font-medium">
              {t("columns.status")}
            </th>
            <th scope="col" className="hidden w-[9rem] px-3 py-3 font-medium xl:table-cell">
              {t("columns.endToEnd")}
            </th>
            <th scope="col" className="w-[8.5rem] px-4 py-3 text-right font-medium">
              {t("columns.amount")}
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {entries.map((entry) => {
            const labels = labelsOf(entry);
            const href = entryHref(entry, back);
            return (
              // The row's link carries keyboard access; the click on the row only widens its target.
              <tr
                key={`${entry.accountId}:${entry.id}`}
                data-testid="ledger-row"
                onClick={() => router.push(href)}
                className="cursor-pointer align-middle transition-colors hover:bg-slate-50"
              >
                <td className="px-4 py-3 text-slate-600 tabular-nums">
                  <span className="block whitespace-nowrap">{labels.day}</span>
                  <span className="block text-xs text-slate-500">{labels.time}</span>
                </td>
                <td className="px-3 py-3 text-slate-700" data-testid="entry-type">
                  {t(`types.${entry.type}`)}
                </td>
                <td className="px-3 py-3 break-words">
                  <Link
                    href={href}
                    onClick={(event) => event.stopPropagation()}
                    aria-label={t("open", { label: labels.reason, date: labels.date })}
                    className="font-medium text-slate-900 hover:text-emerald-800 hover:underline"
                  >
                    {labels.reason}
                  </Link>
                </td>
                <td className="px-3 py-3 break-words text-slate-700">{labels.counterparty}</td>
                <td className="px-3 py-3">
                  <StatusBadge status={entry.status} className="whitespace-nowrap" />
                </td>
                <td className="hidden px-3 py-3 font-mono text-xs text-slate-500 xl:table-cell">
                  {entry.endToEndId ? <span title={entry.endToEndId}>{truncateId(entry.endToEndId, 9, 4)}</span> : "—"}
                </td>
                <td className="px-4 py-3 text-right">
                  <SignedAmount type={entry.type} cents={entry.netCents} status={entry.status} />
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </Card>
  );
}

function EntryCards({ entries, back }: { entries: EntryView[]; back: string }) {
  const t = useTranslations("ledger");
  const labelsOf = useEntryLabels();
  return (
    <ul className="space-y-2 lg:hidden" data-testid="ledger-cards">
      {entries.map((entry) => {
        const labels = labelsOf(entry);
        return (
          <li key={`${entry.accountId}:${entry.id}`}>
            <Link
              href={entryHref(entry, back)}
              aria-label={t("open", { label: labels.reason, date: labels.date })}
              data-testid="ledger-card"
              className="block rounded-xl border border-slate-200 bg-white p-4 shadow-[0_1px_2px_rgb(15_23_42/0.04)] transition-colors hover:border-slate-300 hover:bg-slate-50"
            >
              <div className="flex items-start justify-between gap-3">
                <div className="min-w-0">
                  <p className="truncate text-sm font-medium text-slate-900">{labels.reason}</p>
                  <p className="mt-0.5 truncate text-sm text-slate-600">{labels.counterparty}</p>
                </div>
                <SignedAmount type={entry.type} cents={entry.netCents} status={entry.status} className="text-sm" />
              </div>
              <div className="mt-3 flex flex-wrap items-center justify-between gap-x-3 gap-y-2">
                <div className="flex items-center gap-2">
                  <StatusBadge status={entry.status} />
                  <span className="text-xs text-slate-500">{t(`types.${entry.type}`)}</span>
                </div>
                <span className="text-xs text-slate-500 tabular-nums">{labels.date}</span>
              </div>
              {entry.endToEndId ? (
                <p className="mt-2 truncate font-mono text-[0.6875rem] text-slate-400">
                  {truncateId(entry.endToEndId, 14, 6)}
                </p>
              ) : null}
            </Link>
          </li>
        );
      })}
    </ul>
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
