"use client";

import { keepPreviousData, useQuery } from "@tanstack/react-query";
import type { inferRouterOutputs } from "@trpc/server";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useFormatter, useTranslations } from "next-intl";
import { useId } from "react";
import { useDateTime } from "@/components/format/date-time";
import { useMoney } from "@/components/format/money";
import { endOfDay, startOfDay } from "@/components/ledger/ledger-filters";
import { useTRPC } from "@/components/providers/trpc-provider";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { EmptyState, FilteredEmptyState } from "@/components/ui/empty-state";
import { DateInput, FieldLabel, Select } from "@/components/ui/fields";
import { CloseIcon, ShieldAlertIcon } from "@/components/ui/icons";
import { ListSkeleton, ListStates } from "@/components/ui/list-states";
import { DEFAULT_LIMIT, Pagination, readLimit, readPage } from "@/components/ui/pagination";
import { useUrlState } from "@/components/ui/url-state";
import type { AppRouter } from "@/server/trpc/routers";
import { DeadlineCountdown, MED_STATUSES, MedStatusBadge, useNow } from "./status";

type MedRow = inferRouterOutputs<AppRouter>["meds"]["list"]["meds"][number];
const DATE = /^\d{4}-\d{2}-\d{2}$/;
const FILTERS = ["status", "from", "to"] as const;

/** Where a MED's detail lives; `back` keeps the list's filters for the way back. */
export function medHref(endToEndId: string, back?: string): string {
  return back ? `/meds/${endToEndId}?${new URLSearchParams({ back }).toString()}` : `/meds/${endToEndId}`;
}

/** The merchant's MEDs with status and period filters and pages, all kept in the URL. */
export function MedsBrowser() {
  const t = useTranslations("meds.list");
  const trpc = useTRPC();
  const id = useId();
  const { params, query, update } = useUrlState();
  const requestedStatus = params.get("status");
  const status = MED_STATUSES.find((value) => value === requestedStatus);
  const from = DATE.test(params.get("from") ?? "") ? (params.get("from") as string) : undefined;
  const to = DATE.test(params.get("to") ?? "") ? (params.get("to") as string) : undefined;
  const page = readPage(params.get("page"));
  const limit = readLimit(params.get("limit"));
  const filtered = Boolean(status || from || to);

  const list = useQuery(
    trpc.meds.list.queryOptions(
      {
        status,
        startDate: from ? startOfDay(from) : undefined,
        endDate: to ? endOfDay(to) : undefined,
        page,
        limit,
      },
      { placeholderData: keepPreviousData },
    ),
  );
  const clear = () => update(Object.fromEntries(FILTERS.map((key) => [key, undefined])));

  return (
    <section aria-labelledby={`${id}-heading`} className="space-y-4" data-testid="meds-list">
      <h2 id={`${id}-heading`} className="sr-only">
        {t("title")}
      </h2>
      <Card className="p-4 sm:p-5" data-testid="meds-filters">
        <div className="grid gap-3 sm:grid-cols-[repeat(3,minmax(0,1fr))_auto] sm:items-end">
          <div>
            <FieldLabel htmlFor={`${id}-status`}>{t("status")}</FieldLabel>
            <Select
              id={`${id}-status`}
              value={status ?? ""}
              onChange={(event) => update({ status: event.target.value || undefined })}
            >
              <option value="">{t("all")}</option>
              {MED_STATUSES.map((value) => (
                <MedStatusOption key={value} status={value} />
              ))}
            </Select>
          </div>
          <div>
            <FieldLabel htmlFor={`${id}-from`}>{t("from")}</FieldLabel>
            <DateInput
              id={`${id}-from`}
              value={from ?? ""}
              max={to}
              onChange={(date) => update({ from: date || undefined })}
            />
          </div>
          <div>
            <FieldLabel htmlFor={`${id}-to`}>{t("to")}</FieldLabel>
            <DateInput
              id={`${id}-to`}
              value={to ?? ""}
              min={from}
              onChange={(date) => update({ to: date || undefined })}
            />
          </div>
          {filtered ? (
            <Button variant="ghost" onClick={clear}>
              <CloseIcon className="size-4" />
              {t("clear")}
            </Button>
          ) : null}
        </div>
      </Card>

      <ListStates
        query={list}
        loading={<ListSkeleton label={t("loading")} testId="meds-loading" />}
        error={{ title: t("error.title"), body: t("error.body"), testId: "meds-error" }}
        isEmpty={(data) => data.total === 0}
        empty={
          filtered ? (
            <FilteredEmptyState
              icon={ShieldAlertIcon}
              title={t("empty.filteredTitle")}
              description={t("empty.filteredBody")}
              clearLabel={t("clear")}
              onClear={clear}
            />
          ) : (
            <EmptyState icon={ShieldAlertIcon} title={t("empty.title")} description={t("empty.body")} />
          )
        }
      >
        {(data) => (
          <div className="space-y-4">
            <p className="text-sm text-slate-600" data-testid="meds-total">
              {t("count", { total: data.total })}
            </p>
            <MedTable meds={data.meds} back={query} />
            <MedCards meds={data.meds} back={query} />
            <Pagination
              page={data.page}
              pages={data.totalPages}
              limit={limit}
              onPage={(next) => update({ page: next > 1 ? String(next) : undefined }, "push")}
              onLimit={(next) => update({ limit: next === DEFAULT_LIMIT ? undefined : String(next) })}
              testId="meds-pagination"
            />
          </div>
        )}
      </ListStates>
    </section>
  );
}

function MedStatusOption({ status }: { status: (typeof MED_STATUSES)[number] }) {
  const t = useTranslations("meds.statuses");
  return <option value={status}>{t(status)}</option>;
}

function useMedLabels() {
  const t = useTranslations("meds.list");
  const format = useFormatter();
  const dateTime = useDateTime();
  return (med: MedRow) => ({
    payer: med.payer?.name || t("unknownPayer"),
    day: format.dateTime(med.createdAt, { dateStyle: "short" }),
    time: format.dateTime(med.createdAt, { timeStyle: "short" }),
    created: dateTime(med.createdAt),
  });
}

function MedTable({ meds, back }: { meds: MedRow[]; back: string }) {
  const t = useTranslations("meds.list");
  const router = useRouter();
  const money = useMoney();
  const labelsOf = useMedLabels();
  const now = useNow(30_000);
  return (
    <Card className="hidden overflow-hidden lg:block">
      <table className="w-full table-fixed text-left text-sm" data-testid="meds-table">
        <caption className="sr-only">{t("caption")}</caption>
        <thead className="border-b border-slate-200 bg-slate-50 text-xs font-medium text-slate-600">
          <tr>
            <th scope="col" className="w-[7.5rem] px-4 py-3 font-medium">
              {t("columns.opened")}
            </th>
            <th scope="col" className="px-3 py-3 font-medium">
              {t("columns.payer")}
            </th>
            <th scope="col" className="w-[12rem] px-3 py-3 font-medium">
              {t("columns.status")}
            </th>
            <th scope="col" className="w-[11rem] px-3 py-3 font-medium">
              {t("columns.deadline")}
            </th>
            <th scope="col" className="w-[10rem] px-4 py-3 text-right font-medium">
              {t("columns.amount")}
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {meds.map((med) => {
            const labels = labelsOf(med);
            const href = medHref(med.endToEndId, back);
            return (
              // The row's link carries keyboard access; the click on the row only widens its target.
              <tr
                key={med.medId}
                data-testid="med-row"
                onClick={() => router.push(href)}
                className="cursor-pointer align-middle transition-colors hover:bg-slate-50"
              >
                <td className="px-4 py-3 text-slate-600 tabular-nums">
                  <span className="block whitespace-nowrap">{labels.day}</span>
                  <span className="block text-xs text-slate-500">{labels.time}</span>
                </td>
                <td className="px-3 py-3">
                  <Link
                    href={href}
                    onClick={(event) => event.stopPropagation()}
                    aria-label={t("open", { payer: labels.payer, date: labels.created })}
                    className="block truncate font-medium text-slate-900 hover:text-emerald-800 hover:underline"
                  >
                    {labels.payer}
                  </Link>
                  <span className="block truncate font-mono text-xs text-slate-500" title={med.endToEndId}>
                    {med.endToEndId}
                  </span>
                </td>
                <td className="px-3 py-3">
                  <MedStatusBadge status={med.status} />
                </td>
                <td className="px-3 py-3">
                  <DeadlineCountdown med={med} now={now} />
                </td>
                <td className="px-4 py-3 text-right whitespace-nowrap tabular-nums">
                  <span className="block font-medium text-slate-900" data-testid="med-row-amount">
                    {money(med.disputedCents)}
                  </span>
                  {med.blockedCents > 0n ? (
                    <span className="block text-xs text-slate-500">
                      {t("blockedOf", { blocked: money(med.blockedCents) })}
                    </span>
                  ) : null}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </Card>
  );
}

function MedCards({ meds, back }: { meds: MedRow[]; back: string }) {
  const t = useTranslations("meds.list");
  const money = useMoney();
  const labelsOf = useMedLabels();
  const now = useNow(30_000);
  return (
    <ul className="space-y-2 lg:hidden" data-testid="med-cards">
      {meds.map((med) => {
        const labels = labelsOf(med);
        return (
          <li key={med.medId}>
            <Link
              href={medHref(med.endToEndId, back)}
              aria-label={t("open", { payer: labels.payer, date: labels.created })}
              data-testid="med-card"
              className="block rounded-xl border border-slate-200 bg-white p-4 shadow-[0_1px_2px_rgb(15_23_42/0.04)] transition-colors hover:border-slate-300 hover:bg-slate-50"
            >
              <div className="flex items-start justify-between gap-3">
                <div className="min-w-0">
                  <p className="truncate text-sm font-medium text-slate-900">{labels.payer}</p>
                  <p className="mt-0.5 text-xs text-slate-500 tabular-nums">{labels.created}</p>
                </div>
                <span className="text-sm font-medium whitespace-nowrap text-slate-900 tabular-nums">
                  {money(med.disputedCents)}
                </span>
              </div>
              <div className="mt-3 flex flex-wrap items-center justify-between gap-x-3 gap-y-2">
                <MedStatusBadge status={med.status} />
                <DeadlineCountdown med={med} now={now} />
              </div>
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
