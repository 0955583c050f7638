"use client";

import { keepPreviousData, useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useTranslations } from "next-intl";
import { parseAsStringLiteral } from "nuqs";
import { useDateTime } from "@/components/format/date-time";
import { entryHref, StatusBadge } from "@/components/format/entry";
import { useMoney } from "@/components/format/money";
import { truncateId } from "@/components/format/text";
import { amountColumn, dateColumn, RowTitle, Stacked } from "@/components/lists/data-table";
import { ExportLink } from "@/components/lists/export-link";
import { StatusFilter } from "@/components/lists/filter-select";
import { ListRows } from "@/components/lists/list-rows";
import { useListState } from "@/components/lists/list-state";
import { ResourceList } from "@/components/lists/resource-list";
import { useTRPC } from "@/components/providers/trpc-provider";
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
        emptyAction={{ href: "/ledger?type=credit", icon: BookIcon, label: t("empty.cta"), variant: "secondary" }}
      >
        {(data) => <RefundRows refunds={data.refunds} />}
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

/** The original PIX's end-to-end id shortened, as the link to its entry; a dash when unknown. */
function OriginalLink({ refund, head }: { refund: RefundView; head: number }) {
  const t = useTranslations("refunds.list");
  const original = originalHref(refund);
  if (!refund.originalEndToEndId || !original) return "—";
  return (
    <Link
      href={original}
      title={refund.originalEndToEndId}
      aria-label={t("openOriginal", { id: refund.originalEndToEndId })}
      className="text-emerald-800 hover:text-emerald-900 hover:underline"
      data-testid="refund-original-link"
    >
      {truncateId(refund.originalEndToEndId, head, 4)}
    </Link>
  );
}

function RefundRows({ refunds }: { refunds: RefundView[] }) {
  const t = useTranslations("refunds.list");
  const money = useMoney();
  const dateTime = useDateTime();
  const receiverOf = (refund: RefundView) => refund.receiver?.name ?? t("unknownReceiver");
  const amountOf = (refund: RefundView) => `\u2212${money(refund.amountCents)}`;
  return (
    <ListRows
      rows={refunds}
      rowKey={refundKey}
      open={(refund) => ({
        href: entryHref(refund),
        label: t("open", { name: receiverOf(refund), date: dateTime(refund.createdAt) }),
      })}
      caption={t("caption")}
      testId="refund"
      columns={[
        dateColumn(t("columns.date"), (refund: RefundView) => refund.createdAt, "w-[6.5rem]"),
        {
          header: t("columns.to"),
          cell: (refund) => (
            <Stacked
              main={<RowTitle testId="refund-entry-link">{receiverOf(refund)}</RowTitle>}
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
          cell: (refund) => <OriginalLink refund={refund} head={9} />,
        },
        {
          header: t("columns.refund"),
          className: "w-[14.5rem]",
          cellClassName: "font-mono text-xs text-slate-600",
          cell: (refund) => <RefundEndToEnd refund={refund} head={9} testId="refund-e2e" />,
        },
        amountColumn(
          t("columns.amount"),
          (refund: RefundView) => <span data-testid="refund-amount">{amountOf(refund)}</span>,
          "w-[7.5rem]",
        ),
      ]}
      card={(refund) => ({
        title: receiverOf(refund),
        subtitle: dateTime(refund.createdAt),
        amount: amountOf(refund),
        status: <StatusBadge status={refund.status} />,
        children: (
          <dl className="mt-3 space-y-2 border-t border-slate-100 pt-3 text-xs">
            <div className="flex items-center justify-between gap-3">
              <dt className="shrink-0 text-slate-500">{t("columns.original")}</dt>
              <dd className="min-w-0 truncate font-mono">
                <OriginalLink refund={refund} head={10} />
              </dd>
            </div>
            <div className="flex items-center justify-between gap-3">
              <dt className="shrink-0 text-slate-500">{t("columns.refund")}</dt>
              <dd className="min-w-0 font-mono text-slate-600">
                <RefundEndToEnd refund={refund} head={10} />
              </dd>
            </div>
          </dl>
        ),
      })}
    />
  );
}
