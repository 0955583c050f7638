"use client";

import { keepPreviousData, useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useTranslations } from "next-intl";
import { parseAsStringLiteral } from "nuqs";
import { useDateTime } from "@/components/format/date-time";
import { entryHref, StatusBadge } from "@/components/format/entry";
import { useMoney } from "@/components/format/money";
import { truncateId } from "@/components/format/text";
import { CardList, ListCard } from "@/components/lists/card-list";
import { DataTable, DateCell, Stacked } from "@/components/lists/data-table";
import { ExportLink } from "@/components/lists/export-link";
import { StatusFilter } from "@/components/lists/filter-select";
import { useListState } from "@/components/lists/list-state";
import { ResourceList } from "@/components/lists/resource-list";
import { useTRPC } from "@/components/providers/trpc-provider";
import { ButtonLink } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { CopyButton } from "@/components/ui/copy-button";
import { BookIcon, UndoIcon } from "@/components/ui/icons";
import { ENTRY_STATUSES } from "@/server/ledger/schema";
import type { RefundView } from "@/server/trpc/routers/refunds";

/** The original PIX's entry: received entries are keyed by their end-to-end id. */
function originalHref(refund: RefundView): string | null {
  return refund.originalEndToEndId ? entryHref({ id: refund.originalEndToEndId, accountId: refund.accountId }) : null;
}

const FILTERS = { status: parseAsStringLiteral(ENTRY_STATUSES) };

/** Refunds of received PIX, newest first, with a status filter and pages kept in the URL. */
export function RefundsBrowser() {
  const t = useTranslations("refunds.list");
  const trpc = useTRPC();
  const state = useListState(FILTERS);
  const status = state.filters.status ?? undefined;
  const statusLabels = useTranslations("ledger.statuses");

  const list = useQuery(
    trpc.refunds.list.queryOptions({ status, ...state.paging }, { placeholderData: keepPreviousData }),
  );

  return (
    <div className="space-y-4" data-testid="refunds-list">
      <Card className="p-4 sm:p-5">
        <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
          <StatusFilter
            state={state}
            statuses={ENTRY_STATUSES}
            labelOf={statusLabels}
            messages={t}
            className="sm:w-56"
          />
          <div className="flex flex-col gap-2 sm:items-end">
            <p className="text-xs text-slate-500 sm:max-w-sm sm:text-right">{t("howTo")}</p>
            <ExportLink path="/api/refunds/export" params={{ status }} testId="refunds-export" />
          </div>
        </div>
      </Card>

      <ResourceList
        testId="refunds"
        query={list}
        state={state}
        messages={t}
        icon={UndoIcon}
        emptyAction={
          <ButtonLink href="/ledger?type=credit" variant="secondary">
            <BookIcon className="size-4" />
            {t("empty.cta")}
          </ButtonLink>
        }
      >
        {(data) => (
          <>
            <RefundTable refunds={data.refunds} />
            <RefundCards refunds={data.refunds} />
          </>
        )}
      </ResourceList>
    </div>
  );
}

const refundKey = (refund: RefundView) => `${refund.accountId}:${refund.id}`;

/** An end-to-end id shortened, with a copy button; a dash when there is none yet. */
function RefundEndToEnd({ refund, head, testId }: { refund: RefundView; head: number; testId?: string }) {
  const t = useTranslations("refunds.list");
  if (!refund.endToEndId) return "—";
  return (
    <span className="flex min-w-0 items-center gap-2 whitespace-nowrap">
      <span className="truncate" title={refund.endToEndId} data-testid={testId}>
        {truncateId(refund.endToEndId, head, 4)}
      </span>
      <CopyButton value={refund.endToEndId} label={t("refundEndToEnd")} />
    </span>
  );
}

function RefundTable({ refunds }: { refunds: RefundView[] }) {
  const t = useTranslations("refunds.list");
  const money = useMoney();
  return (
    <DataTable
      caption={t("caption")}
      testId="refunds-table"
      rowTestId="refund-row"
      rows={refunds}
      rowKey={refundKey}
      columns={[
        {
          header: t("columns.date"),
          className: "w-[6.5rem] text-slate-600 tabular-nums",
          cell: (refund) => <DateCell date={refund.createdAt} />,
        },
        {
          header: t("columns.to"),
          cell: (refund) => (
            <Stacked
              main={
                <Link
                  href={entryHref(refund)}
                  className="block truncate font-medium text-slate-900 hover:text-emerald-800 hover:underline"
                  data-testid="refund-entry-link"
                >
                  {refund.receiver?.name ?? t("unknownReceiver")}
                </Link>
              }
              sub={refund.description}
            />
          ),
        },
        {
          header: t("columns.status"),
          className: "w-[9.5rem]",
          cell: (refund) => <StatusBadge status={refund.status} className="whitespace-nowrap" />,
        },
        {
          header: t("columns.original"),
          className: "w-[9.5rem]",
          cellClassName: "font-mono text-xs",
          cell: (refund) => {
            const original = originalHref(refund);
            return refund.originalEndToEndId && original ? (
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
            );
          },
        },
        {
          header: t("columns.refund"),
          className: "w-[14.5rem]",
          cellClassName: "font-mono text-xs text-slate-600",
          cell: (refund) => <RefundEndToEnd refund={refund} head={9} testId="refund-e2e" />,
        },
        {
          header: t("columns.amount"),
          className: "w-[7.5rem] text-right",
          cellClassName: "font-medium whitespace-nowrap text-slate-900 tabular-nums",
          cell: (refund) => (
            <span data-testid="refund-amount">
              {"\u2212"}
              {money(refund.amountCents)}
            </span>
          ),
        },
      ]}
    />
  );
}

function RefundCards({ refunds }: { refunds: RefundView[] }) {
  const t = useTranslations("refunds.list");
  const money = useMoney();
  const dateTime = useDateTime();
  return (
    <CardList rows={refunds} rowKey={refundKey} testId="refund-cards">
      {(refund) => {
        const original = originalHref(refund);
        return (
          <ListCard
            testId="refund-card"
            title={
              <Link href={entryHref(refund)} className="hover:text-emerald-800 hover:underline">
                {refund.receiver?.name ?? t("unknownReceiver")}
              </Link>
            }
            subtitle={dateTime(refund.createdAt)}
            amount={`\u2212${money(refund.amountCents)}`}
            status={<StatusBadge status={refund.status} />}
          >
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
                <dd className="min-w-0 font-mono text-slate-600">
                  <RefundEndToEnd refund={refund} head={10} />
                </dd>
              </div>
            </dl>
          </ListCard>
        );
      }}
    </CardList>
  );
}
