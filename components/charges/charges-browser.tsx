"use client";

import { keepPreviousData, useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useFormatter, useTranslations } from "next-intl";
import { useId } from "react";
import { useDateTime } from "@/components/format/date-time";
import { useMoney } from "@/components/format/money";
import { truncateId } from "@/components/format/text";
import { useTRPC } from "@/components/providers/trpc-provider";
import { Card } from "@/components/ui/card";
import { EmptyState, FilteredEmptyState } from "@/components/ui/empty-state";
import { FieldLabel, Select } from "@/components/ui/fields";
import { QrCodeIcon } from "@/components/ui/icons";
import { ListSkeleton, ListStates } from "@/components/ui/list-states";
import { DEFAULT_LIMIT, Pagination, readLimit, readPage } from "@/components/ui/pagination";
import { useUrlState } from "@/components/ui/url-state";
import type { ChargeView } from "@/server/trpc/routers/charges";
import { CHARGE_STATUSES, type ChargeStatus, ChargeStatusBadge, displayStatus, useNow } from "./status";

/** Where a charge's detail lives; `back` keeps the list's filters for the way back. */
export function chargeHref(txId: string, back?: string): string {
  return back ? `/charges/${txId}?${new URLSearchParams({ back }).toString()}` : `/charges/${txId}`;
}

/** The list of charges with a status filter and pages, all kept in the URL. */
export function ChargesBrowser() {
  const t = useTranslations("charges.list");
  const trpc = useTRPC();
  const id = useId();
  const { params, query, update } = useUrlState();
  const requestedStatus = params.get("status");
  const status = CHARGE_STATUSES.find((value) => value === requestedStatus);
  const page = readPage(params.get("page"));
  const limit = readLimit(params.get("limit"));

  const list = useQuery(trpc.charges.list.queryOptions({ status, page, limit }, { placeholderData: keepPreviousData }));

  return (
    <section aria-labelledby={`${id}-heading`} className="space-y-4" data-testid="charges-list">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <h2 id={`${id}-heading`} className="text-lg font-semibold text-slate-900">
          {t("title")}
        </h2>
        <div className="flex items-end gap-2">
          <div className="w-full sm:w-56">
            <FieldLabel htmlFor={`${id}-status`}>{t("status")}</FieldLabel>
            <Select
              id={`${id}-status`}
              value={status ?? ""}
              onChange={(event) => update({ status: event.target.value || undefined })}
            >
              <option value="">{t("all")}</option>
              {CHARGE_STATUSES.map((value) => (
                <option key={value} value={value}>
                  {t(`filter.${value}`)}
                </option>
              ))}
            </Select>
          </div>
        </div>
      </div>

      <ListStates
        query={list}
        loading={<ListSkeleton label={t("loading")} testId="charges-loading" />}
        error={{ title: t("error.title"), body: t("error.body"), testId: "charges-error" }}
        isEmpty={(data) => data.total === 0}
        empty={
          status ? (
            <FilteredEmptyState
              icon={QrCodeIcon}
              title={t("empty.filteredTitle")}
              description={t("empty.filteredBody")}
              clearLabel={t("clear")}
              onClear={() => update({ status: undefined })}
            />
          ) : (
            <EmptyState icon={QrCodeIcon} title={t("empty.title")} description={t("empty.body")} />
          )
        }
      >
        {(data) => (
          <div className="space-y-4">
            <p className="text-sm text-slate-600" data-testid="charges-total">
              {t("count", { total: data.total })}
            </p>
            <ChargeTable charges={data.charges} back={query} />
            <ChargeCards charges={data.charges} back={query} />
            <Pagination
              page={data.page}
              pages={data.totalPages}
              limit={limit}
              onPage={(next) => update({ page: next > 1 ? String(next) : undefined }, "push")}
              onLimit={(next) => update({ limit: next === DEFAULT_LIMIT ? undefined : String(next) })}
              testId="charges-pagination"
            />
          </div>
        )}
      </ListStates>
    </section>
  );
}

function useChargeLabels() {
  const t = useTranslations("charges.list");
  const format = useFormatter();
  const dateTime = useDateTime();
  const now = useNow(15_000);
  return (charge: ChargeView) => {
    const status: ChargeStatus = displayStatus(charge, now);
    return {
      status,
      title: charge.description || t("noDescription"),
      day: format.dateTime(charge.createdAt, { dateStyle: "short" }),
      time: format.dateTime(charge.createdAt, { timeStyle: "short" }),
      created: dateTime(charge.createdAt),
      /** When it was paid, when it expires, or when it expired. */
      when:
        status === "paid" && charge.paidAt
          ? t("paidOn", { date: dateTime(charge.paidAt) })
          : status === "created"
            ? t("expiresOn", { date: dateTime(charge.expiresAt) })
            : status === "expired"
              ? t("expiredOn", { date: dateTime(charge.expiresAt) })
              : "—",
    };
  };
}

function ChargeTable({ charges, back }: { charges: ChargeView[]; back: string }) {
  const t = useTranslations("charges.list");
  const router = useRouter();
  const money = useMoney();
  const labelsOf = useChargeLabels();
  return (
    <Card className="hidden overflow-hidden lg:block">
      <table className="w-full table-fixed text-left text-sm" data-testid="charges-table">
        <caption className="sr-only">{t("caption")}</caption>
        <thead className="border-b border-slate-200 bg-slate-50 text-xs font-medium text-slate-600">
          <tr>
            <th scope="col" className="w-[7.5rem] px-4 py-3 font-medium">
              {t("columns.created")}
            </th>
            <th scope="col" className="px-3 py-3 font-medium">
              {t("columns.charge")}
            </th>
            <th scope="col" className="w-[11rem] px-3 py-3 font-medium">
              {t("columns.status")}
            </th>
            <th scope="col" className="w-[13rem] px-3 py-3 font-medium">
              {t("columns.when")}
            </th>
            <th scope="col" className="w-[8.5rem] px-4 py-3 text-right font-medium">
              {t("columns.amount")}
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {charges.map((charge) => {
            const labels = labelsOf(charge);
            const href = chargeHref(charge.txId, back);
            return (
              // The row's link carries keyboard access; the click on the row only widens its target.
              <tr
                key={charge.txId}
                data-testid="charge-row"
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
                    aria-label={t("open", { label: labels.title, date: labels.created })}
                    className="block truncate font-medium text-slate-900 hover:text-emerald-800 hover:underline"
                  >
                    {labels.title}
                  </Link>
                  <span className="block truncate font-mono text-xs text-slate-500" title={charge.txId}>
                    {truncateId(charge.txId, 12, 6)}
                  </span>
                </td>
                <td className="px-3 py-3">
                  <ChargeStatusBadge status={labels.status} />
                </td>
                <td className="px-3 py-3 text-xs text-slate-600 tabular-nums">{labels.when}</td>
                <td className="px-4 py-3 text-right font-medium whitespace-nowrap text-slate-900 tabular-nums">
                  <span data-testid="charge-row-amount">{money(charge.amountCents)}</span>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </Card>
  );
}

function ChargeCards({ charges, back }: { charges: ChargeView[]; back: string }) {
  const t = useTranslations("charges.list");
  const money = useMoney();
  const labelsOf = useChargeLabels();
  return (
    <ul className="space-y-2 lg:hidden" data-testid="charge-cards">
      {charges.map((charge) => {
        const labels = labelsOf(charge);
        return (
          <li key={charge.txId}>
            <Link
              href={chargeHref(charge.txId, back)}
              aria-label={t("open", { label: labels.title, date: labels.created })}
              data-testid="charge-card"
              className="block rounded-xl border border-slate-200 bg-white p-4 shadow-[0_1px_2px_rgb(15_23_42/0.04)] transition-colors hover:border-slate-300 hover:bg-slate-50"
            >
              <div className="flex items-start justify-between gap-3">
                <div className="min-w-0">
                  <p className="truncate text-sm font-medium text-slate-900">{labels.title}</p>
                  <p className="mt-0.5 truncate font-mono text-[0.6875rem] text-slate-400">
                    {truncateId(charge.txId, 14, 6)}
                  </p>
                </div>
                <span className="text-sm font-medium whitespace-nowrap text-slate-900 tabular-nums">
                  {money(charge.amountCents)}
                </span>
              </div>
              <div className="mt-3 flex flex-wrap items-center justify-between gap-x-3 gap-y-2">
                <ChargeStatusBadge status={labels.status} />
                <span className="text-xs text-slate-500 tabular-nums">{labels.when}</span>
              </div>
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
