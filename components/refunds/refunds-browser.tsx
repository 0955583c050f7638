"use client";

import { keepPreviousData, useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useFormatter, useTranslations } from "next-intl";
import { useId } from "react";
import { useDateTime } from "@/components/format/date-time";
import { entryHref, StatusBadge } from "@/components/format/entry";
import { useMoney } from "@/components/format/money";
import { truncateId } from "@/components/format/text";
import { useTRPC } from "@/components/providers/trpc-provider";
import { ButtonLink } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { CopyButton } from "@/components/ui/copy-button";
import { EmptyState, FilteredEmptyState } from "@/components/ui/empty-state";
import { FieldLabel, Select } from "@/components/ui/fields";
import { BookIcon, UndoIcon } from "@/components/ui/icons";
import { ListSkeleton, ListStates } from "@/components/ui/list-states";
import { DEFAULT_LIMIT, Pagination, readLimit, readPage } from "@/components/ui/pagination";
import { useUrlState } from "@/components/ui/url-state";
import { ENTRY_STATUSES } from "@/server/ledger/schema";
import type { RefundView } from "@/server/trpc/routers/refunds";

const STATUSES = ENTRY_STATUSES;

/** The original PIX's entry: received entries are keyed by their end-to-end id. */
function originalHref(refund: RefundView): string | null {
  return refund.originalEndToEndId ? entryHref({ id: refund.originalEndToEndId, accountId: refund.accountId }) : null;
}

/** Refunds of received PIX, newest first, with a status filter and pages kept in the URL. */
export function RefundsBrowser() {
  const t = useTranslations("refunds.list");
  const trpc = useTRPC();
  const id = useId();
  const { params, update } = useUrlState();
  const requestedStatus = params.get("status");
  const status = STATUSES.find((value) => value === requestedStatus);
  const page = readPage(params.get("page"));
  const limit = readLimit(params.get("limit"));
  const statusLabels = useTranslations("ledger.statuses");

  const list = useQuery(trpc.refunds.list.queryOptions({ status, page, limit }, { placeholderData: keepPreviousData }));

  return (
    <div className="space-y-4" data-testid="refunds-list">
      <Card className="p-4 sm:p-5">
        <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
          <div className="w-full sm:w-56">
            <FieldLabel htmlFor={`${id}-status`}>{t("status")}</FieldLabel>
            <Select
              id={`${id}-status`}
              value={status ?? ""}
              onChange={(event) => update({ status: event.target.value || undefined })}
            >
              <option value="">{t("all")}</option>
              {STATUSES.map((value) => (
                <option key={value} value={value}>
                  {statusLabels(value)}
                </option>
              ))}
            </Select>
          </div>
          <p className="text-xs text-slate-500 sm:max-w-sm sm:text-right">{t("howTo")}</p>
        </div>
      </Card>

      <ListStates
        query={list}
        loading={<ListSkeleton label={t("loading")} testId="refunds-loading" />}
        error={{ title: t("error.title"), body: t("error.body"), testId: "refunds-error" }}
        isEmpty={(data) => data.total === 0}
        empty={
          status ? (
            <FilteredEmptyState
              icon={UndoIcon}
              title={t("empty.filteredTitle")}
              description={t("empty.filteredBody")}
              clearLabel={t("clear")}
              onClear={() => update({ status: undefined })}
            />
          ) : (
            <EmptyState
              icon={UndoIcon}
              title={t("empty.title")}
              description={t("empty.body")}
              action={
                <ButtonLink href="/ledger?type=credit" variant="secondary">
                  <BookIcon className="size-4" />
                  {t("empty.cta")}
                </ButtonLink>
              }
            />
          )
        }
      >
        {(data) => (
          <div className="space-y-4">
            <p className="text-sm text-slate-600" data-testid="refunds-total">
              {t("count", { total: data.total })}
            </p>
            <RefundTable refunds={data.refunds} />
            <RefundCards refunds={data.refunds} />
            <Pagination
              page={data.page}
              pages={data.totalPages}
              limit={limit}
              onPage={(next) => update({ page: next > 1 ? String(next) : undefined }, "push")}
              onLimit={(next) => update({ limit: next === DEFAULT_LIMIT ? undefined : String(next) })}
              testId="refunds-pagination"
            />
          </div>
        )}
      </ListStates>
    </div>
  );
}

function RefundTable({ refunds }: { refunds: RefundView[] }) {
  const t = useTranslations("refunds.list");
  const money = useMoney();
  const format = useFormatter();
  return (
    <Card className="hidden overflow-hidden lg:block">
      <table className="w-full table-fixed text-left text-sm" data-testid="refunds-table">
        <caption className="sr-only">{t("caption")}</caption>
        <thead className="border-b border-slate-200 bg-slate-50 text-xs font-medium text-slate-600">
          <tr>
            <th scope="col" className="w-[6.5rem] px-4 py-3 font-medium">
              {t("columns.date")}
            </th>
            <th scope="col" className="px-3 py-3 font-medium">
              {t("columns.to")}
            </th>
            <th scope="col" className="w-[9.5rem] px-3 py-3 font-medium">
              {t("columns.status")}
            </th>
            <th scope="col" className="w-[9.5rem] px-3 py-3 font-medium">
              {t("columns.original")}
            </th>
            <th scope="col" className="w-[14.5rem] px-3 py-3 font-medium">
              {t("columns.refund")}
            </th>
            <th scope="col" className="w-[7.5rem] px-4 py-3 text-right font-medium">
              {t("columns.amount")}
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {refunds.map((refund) => {
            const original = originalHref(refund);
            return (
              <tr key={`${refund.accountId}:${refund.id}`} data-testid="refund-row" className="align-middle">
                <td className="px-4 py-3 text-slate-600 tabular-nums">
                  <span className="block whitespace-nowrap">
                    {format.dateTime(refund.createdAt, { dateStyle: "short" })}
                  </span>
                  <span className="block text-xs text-slate-500">
                    {format.dateTime(refund.createdAt, { timeStyle: "short" })}
                  </span>
                </td>
                <td className="px-3 py-3">
                  <Link
                    href={entryHref(refund)}
                    className="block truncate font-medium text-slate-900 hover:text-emerald-800 hover:underline"
                    data-testid="refund-entry-link"
                  >
                    {refund.receiver?.name ?? t("unknownReceiver")}
                  </Link>
                  {refund.description ? (
                    <span className="block truncate text-xs text-slate-500">{refund.description}</span>
                  ) : null}
                </td>
                <td className="px-3 py-3">
                  <StatusBadge status={refund.status} className="whitespace-nowrap" />
                </td>
                <td className="px-3 py-3 font-mono text-xs">
                  {refund.originalEndToEndId && original ? (
                    <Link
                      href={original}
                      title={refund.originalEndToEndId}
                      aria-label={t("openOriginal", { id: refund.originalEndToEndId })}
                      className="text-emerald-800 hover:text-emerald-900 hover:underline"
                      data-testid="refund-original-link"
                    >
                      {truncateId(refund.originalEndToEndId, 9, 4)}
                    </Link>
                  ) : (
                    "—"
                  )}
                </td>
                <td className="px-3 py-3 font-mono text-xs text-slate-600">
                  {refund.endToEndId ? (
                    <span className="flex items-center gap-2 whitespace-nowrap">
                      <span title={refund.endToEndId} data-testid="refund-e2e">
                        {truncateId(refund.endToEndId, 9, 4)}
                      </span>
                      <CopyButton value={refund.endToEndId} label={t("refundEndToEnd")} />
                    </span>
                  ) : (
                    "—"
                  )}
                </td>
                <td className="px-4 py-3 text-right font-medium whitespace-nowrap text-slate-900 tabular-nums">
                  <span data-testid="refund-amount">
                    {"\u2212"}
                    {money(refund.amountCents)}
                  </span>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </Card>
  );
}

function RefundCards({ refunds }: { refunds: RefundView[] }) {
  const t = useTranslations("refunds.list");
  const money = useMoney();
  const dateTime = useDateTime();
  return (
    <ul className="space-y-2 lg:hidden" data-testid="refund-cards">
      {refunds.map((refund) => {
        const original = originalHref(refund);
        return (
          <li
            key={`${refund.accountId}:${refund.id}`}
            className="rounded-xl border border-slate-200 bg-white p-4 shadow-[0_1px_2px_rgb(15_23_42/0.04)]"
            data-testid="refund-card"
          >
            <div className="flex items-start justify-between gap-3">
              <div className="min-w-0">
                <Link
                  href={entryHref(refund)}
                  className="block truncate text-sm font-medium text-slate-900 hover:text-emerald-800 hover:underline"
                >
                  {refund.receiver?.name ?? t("unknownReceiver")}
                </Link>
                <p className="mt-0.5 text-xs text-slate-500 tabular-nums">{dateTime(refund.createdAt)}</p>
              </div>
              <span className="text-sm font-medium whitespace-nowrap text-slate-900 tabular-nums">
                {"\u2212"}
                {money(refund.amountCents)}
              </span>
            </div>
            <div className="mt-3">
              <StatusBadge status={refund.status} />
            </div>
            <dl className="mt-3 space-y-2 border-t border-slate-100 pt-3 text-xs">
              <div className="flex items-center justify-between gap-3">
                <dt className="shrink-0 text-slate-500">{t("columns.original")}</dt>
                <dd className="min-w-0 truncate font-mono">
                  {refund.originalEndToEndId && original ? (
                    <Link href={original} className="text-emerald-800 hover:underline">
                      {truncateId(refund.originalEndToEndId, 10, 4)}
                    </Link>
                  ) : (
                    "—"
                  )}
                </dd>
              </div>
              <div className="flex items-center justify-between gap-3">
                <dt className="shrink-0 text-slate-500">{t("columns.refund")}</dt>
                <dd className="flex min-w-0 items-center gap-2 font-mono text-slate-600">
                  {refund.endToEndId ? (
                    <>
                      <span className="truncate">{truncateId(refund.endToEndId, 10, 4)}</span>
                      <CopyButton value={refund.endToEndId} label={t("refundEndToEnd")} />
                    </>
                  ) : (
                    "—"
                  )}
                </dd>
              </div>
            </dl>
          </li>
        );
      })}
    </ul>
  );
}
