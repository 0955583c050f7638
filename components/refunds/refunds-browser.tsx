"use client";

import { keepPreviousData, useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useFormatter, useTranslations } from "next-intl";
import { useId } from "react";
import { DEFAULT_LIMIT, Pagination, readLimit, readPage } from "@/components/charges/pagination";
import { useUrlState } from "@/components/charges/url-state";
import { CopyButton } from "@/components/ledger/copy-button";
import { FieldLabel, Select } from "@/components/ledger/fields";
import {
  type EntryStatus,
  entryHref,
  StatusBadge,
  truncateId,
  useDateTime,
  useMoney,
} from "@/components/ledger/format";
import { useTRPC } from "@/components/providers/trpc-provider";
import { Button, ButtonLink } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { AlertCircleIcon, BookIcon, CloseIcon, UndoIcon } from "@/components/ui/icons";
import { Skeleton } from "@/components/ui/skeleton";
import type { RefundView } from "@/server/trpc/routers/refunds";

const STATUSES: EntryStatus[] = ["processing", "succeeded", "failed"];

/** The original PIX's entry: received entries are keyed by their end-to-end id. */
function originalHref(refund: RefundView): string | null {
  return refund.originalEndToEndId ? entryHref({ id: refund.originalEndToEndId, accountId: refund.accountId }) : null;
}

/** Refunds of received PIX, newest first, with a status filter and pages kept in the URL. */
export function RefundsBrowser() {
  const t = useTranslations("refunds.list");
  const common = useTranslations("common");
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

      {list.isPending ? (
        <ListSkeleton />
      ) : list.isError ? (
        <Card className="p-6" data-testid="refunds-error">
          <div className="flex flex-col items-start gap-4 sm:flex-row sm:items-center sm:justify-between">
            <div className="flex items-start gap-3">
              <span className="flex size-9 shrink-0 items-center justify-center rounded-full bg-red-50 text-red-600">
                <AlertCircleIcon className="size-5" />
              </span>
              <div role="alert">
                <p className="text-sm font-semibold text-slate-900">{t("error.title")}</p>
                <p className="mt-1 text-sm text-slate-600">{t("error.body")}</p>
              </div>
            </div>
            <Button variant="secondary" onClick={() => list.refetch()} loading={list.isFetching}>
              {common("retry")}
            </Button>
          </div>
        </Card>
      ) : list.data.total === 0 ? (
        status ? (
          <EmptyState
            icon={UndoIcon}
            title={t("empty.filteredTitle")}
            description={t("empty.filteredBody")}
            action={
              <Button variant="secondary" onClick={() => update({ status: undefined })}>
                <CloseIcon className="size-4" />
                {t("clear")}
              </Button>
            }
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
      ) : (
        <div className="space-y-4">
          <p className="text-sm text-slate-600" data-testid="refunds-total">
            {t("count", { total: list.data.total })}
          </p>
          <RefundTable refunds={list.data.refunds} />
          <RefundCards refunds={list.data.refunds} />
          <Pagination
            page={list.data.page}
            pages={list.data.totalPages}
            limit={limit}
            onPage={(next) => update({ page: next > 1 ? String(next) : undefined }, "push")}
            onLimit={(next) => update({ limit: next === DEFAULT_LIMIT ? undefined : String(next) })}
            testId="refunds-pagination"
          />
        </div>
      )}
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

function ListSkeleton() {
  const t = useTranslations("refunds.list");
  return (
    <div role="status" aria-live="polite" className="space-y-4" data-testid="refunds-loading">
      <span className="sr-only">{t("loading")}</span>
      <Skeleton className="h-4 w-40" />
      <Card className="divide-y divide-slate-100 overflow-hidden">
        {Array.from({ length: 4 }, (_, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders with no identity
          <div key={index} className="flex items-center gap-4 px-4 py-3.5">
            <Skeleton className="h-4 w-24" />
            <Skeleton className="h-4 flex-1" />
            <Skeleton className="h-5 w-24 rounded-full" />
            <Skeleton className="h-4 w-20" />
          </div>
        ))}
      </Card>
    </div>
  );
}
