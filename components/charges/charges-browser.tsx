"use client";

import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { parseAsString, parseAsStringLiteral } from "nuqs";
import { useId } from "react";
import { useDateTime } from "@/components/format/date-time";
import { useMoney } from "@/components/format/money";
import { truncateId } from "@/components/format/text";
import { CardList, ListCard } from "@/components/lists/card-list";
import { DataTable, DateCell, RowLink, Stacked } from "@/components/lists/data-table";
import { StatusFilter } from "@/components/lists/filter-select";
import { useListState } from "@/components/lists/list-state";
import { ResourceList } from "@/components/lists/resource-list";
import { SearchBox, searchLabels } from "@/components/lists/search-box";
import { useTRPC } from "@/components/providers/trpc-provider";
import { QrCodeIcon } from "@/components/ui/icons";
import { SectionHeader } from "@/components/ui/section-header";
import type { ChargeView } from "@/server/trpc/routers/charges";
import { CHARGE_STATUSES, type ChargeStatus, ChargeStatusCell, displayStatus, useNow } from "./status";

/** Where a charge's detail lives; `back` keeps the list's filters for the way back. */
export function chargeHref(txId: string, back?: string): string {
  return back ? `/charges/${txId}?${new URLSearchParams({ back }).toString()}` : `/charges/${txId}`;
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
          <StatusFilter
            state={state}
            statuses={CHARGE_STATUSES}
            labelOf={(value) => t(`filter.${value}`)}
            messages={t}
            className="sm:w-56"
          />
        }
      />
      <SearchBox
        value={search}
        onSearch={(q) => state.setFilters({ q: q ?? null })}
        labels={searchLabels((key) => t(`search.${key}`))}
        testId="charges-search"
      />

      <ResourceList testId="charges" query={list} state={state} messages={t} icon={QrCodeIcon}>
        {(data) => (
          <>
            <ChargeTable charges={data.charges} back={state.back} />
            <ChargeCards charges={data.charges} back={state.back} />
          </>
        )}
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

function ChargeTable({ charges, back }: { charges: ChargeView[]; back: string }) {
  const t = useTranslations("charges.list");
  const money = useMoney();
  const labelsOf = useChargeLabels();
  return (
    <DataTable
      caption={t("caption")}
      testId="charges-table"
      rowTestId="charge-row"
      rows={charges}
      rowKey={(charge) => charge.txId}
      rowHref={(charge) => chargeHref(charge.txId, back)}
      columns={[
        {
          header: t("columns.created"),
          className: "w-[7.5rem] text-slate-600 tabular-nums",
          cell: (charge) => <DateCell date={charge.createdAt} />,
        },
        {
          header: t("columns.charge"),
          cell: (charge) => {
            const labels = labelsOf(charge);
            return (
              <Stacked
                main={
                  <RowLink
                    href={chargeHref(charge.txId, back)}
                    label={t("open", { label: labels.title, date: labels.created })}
                  >
                    {labels.title}
                  </RowLink>
                }
                sub={<span title={charge.txId}>{truncateId(charge.txId, 12, 6)}</span>}
                mono
              />
            );
          },
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
        {
          header: t("columns.amount"),
          className: "w-[8.5rem] text-right",
          cellClassName: "font-medium whitespace-nowrap text-slate-900 tabular-nums",
          cell: (charge) => <span data-testid="charge-row-amount">{money(charge.amountCents)}</span>,
        },
      ]}
    />
  );
}

function ChargeCards({ charges, back }: { charges: ChargeView[]; back: string }) {
  const t = useTranslations("charges.list");
  const money = useMoney();
  const labelsOf = useChargeLabels();
  return (
    <CardList rows={charges} rowKey={(charge) => charge.txId} testId="charge-cards">
      {(charge) => {
        const labels = labelsOf(charge);
        return (
          <ListCard
            href={chargeHref(charge.txId, back)}
            label={t("open", { label: labels.title, date: labels.created })}
            testId="charge-card"
            title={labels.title}
            subtitle={
              <span className="font-mono text-[0.6875rem] text-slate-400">{truncateId(charge.txId, 14, 6)}</span>
            }
            amount={money(charge.amountCents)}
            status={<ChargeStatusCell charge={charge} status={labels.status} />}
            note={labels.when}
          />
        );
      }}
    </CardList>
  );
}
