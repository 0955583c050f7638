"use client";

import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { parseAsString, parseAsStringLiteral } from "nuqs";
import { useId } from "react";
import { useDateTime } from "@/components/format/date-time";
import { useMoney } from "@/components/format/money";
import { truncateId } from "@/components/format/text";
import { amountColumn, dateColumn, RowTitle, Stacked } from "@/components/lists/data-table";
import { ExportLink } from "@/components/lists/export-link";
import { StatusFilter } from "@/components/lists/filter-select";
import { ListRows } from "@/components/lists/list-rows";
import { useListState, withBack } from "@/components/lists/list-state";
import { ResourceList } from "@/components/lists/resource-list";
import { SearchBox, searchLabels } from "@/components/lists/search-box";
import { useTRPC } from "@/components/providers/trpc-provider";
import { QrCodeIcon } from "@/components/ui/icons";
import { SectionHeader } from "@/components/ui/section-header";
import type { ChargeView } from "@/server/trpc/routers/charges";
import { CHARGE_STATUSES, type ChargeStatus, ChargeStatusCell, displayStatus, useNow } from "./status";

/** Where a charge's detail lives; `back` keeps the list's filters for the way back. */
export function chargeHref(txId: string, back?: string): string {
  return withBack(`/charges/${txId}`, back);
}

const FILTERS = { status: parseAsStringLiteral(CHARGE_STATUSES), q: parseAsString };

/** The list of charges with a status filter, a search box and pages, all kept in the URL. */
export function ChargesBrowser() {
  const t = useTranslations("charges.list");
  const trpc = useTRPC();
  const id = useId();
  const state = useListState(FILTERS);
  const status = state.filters.status ?? undefined;
  const search = state.filters.q ?? undefined;

  const list = useQuery(
    trpc.charges.list.queryOptions({ status, search, ...state.paging }, { placeholderData: keepPreviousData }),
  );

  return (
    <section aria-labelledby={`${id}-heading`} className="space-y-4" data-testid="charges-list">
      <SectionHeader
        titleId={`${id}-heading`}
        title={t("title")}
        action={
          <div className="flex flex-col gap-2 sm:flex-row sm:items-end">
            <StatusFilter
              state={state}
              statuses={CHARGE_STATUSES}
              labelOf={(value) => t(`filter.${value}`)}
              messages={t}
              className="sm:w-56"
            />
            <ExportLink path="/api/charges/export" params={{ status, search }} testId="charges-export" />
          </div>
        }
      />
      <SearchBox
        value={search}
        onSearch={(q) => state.setFilters({ q: q ?? null })}
        labels={searchLabels((key) => t(`search.${key}`))}
        testId="charges-search"
      />

      <ResourceList testId="charges" query={list} state={state} messages={t} icon={QrCodeIcon}>
        {(data) => <ChargeRows charges={data.charges} back={state.back} />}
      </ResourceList>
    </section>
  );
}

function useChargeLabels() {
  const t = useTranslations("charges.list");
  const dateTime = useDateTime();
  const now = useNow(15_000);
  return (charge: ChargeView) => {
    const status: ChargeStatus = displayStatus(charge, now);
    return {
      status,
      title: charge.description || t("noDescription"),
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

function ChargeRows({ charges, back }: { charges: ChargeView[]; back: string }) {
  const t = useTranslations("charges.list");
  const money = useMoney();
  const labelsOf = useChargeLabels();
  return (
    <ListRows
      rows={charges}
      rowKey={(charge) => charge.txId}
      open={(charge) => {
        const labels = labelsOf(charge);
        return { href: chargeHref(charge.txId, back), label: t("open", { label: labels.title, date: labels.created }) };
      }}
      caption={t("caption")}
      testId="charge"
      columns={[
        dateColumn(t("columns.created"), (charge: ChargeView) => charge.createdAt),
        {
          header: t("columns.charge"),
          cell: (charge) => (
            <Stacked
              main={<RowTitle>{labelsOf(charge).title}</RowTitle>}
              sub={<span title={charge.txId}>{truncateId(charge.txId, 12, 6)}</span>}
              mono
            />
          ),
        },
        {
          header: t("columns.status"),
          className: "w-[13rem]",
          cell: (charge) => <ChargeStatusCell charge={charge} status={labelsOf(charge).status} />,
        },
        {
          header: t("columns.when"),
          className: "w-[13rem]",
          cellClassName: "text-xs text-slate-600 tabular-nums",
          cell: (charge) => labelsOf(charge).when,
        },
        amountColumn(t("columns.amount"), (charge: ChargeView) => (
          <span data-testid="charge-row-amount">{money(charge.amountCents)}</span>
        )),
      ]}
      card={(charge) => {
        const labels = labelsOf(charge);
        return {
          title: labels.title,
          subtitle: <span className="font-mono text-[0.6875rem] text-slate-400">{truncateId(charge.txId, 14, 6)}</span>,
          amount: money(charge.amountCents),
          status: <ChargeStatusCell charge={charge} status={labels.status} />,
          note: labels.when,
        };
      }}
    />
  );
}
