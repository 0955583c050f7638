"use client";

import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { parseAsString, parseAsStringLiteral } from "nuqs";
import { useId } from "react";
import { useCalendarDate } from "@/components/format/date-time";
import { useMoney } from "@/components/format/money";
import { amountColumn, RowTitle, Stacked } from "@/components/lists/data-table";
import { StatusFilter } from "@/components/lists/filter-select";
import { ListRows } from "@/components/lists/list-rows";
import { parseAsDay, useListState, withBack } from "@/components/lists/list-state";
import { ResourceList } from "@/components/lists/resource-list";
import { SearchBox, searchLabels } from "@/components/lists/search-box";
import { useTRPC } from "@/components/providers/trpc-provider";
import { Card } from "@/components/ui/card";
import { DateInput, FieldLabel } from "@/components/ui/fields";
import { RefreshIcon } from "@/components/ui/icons";
import { SectionHeader } from "@/components/ui/section-header";
import { REC_STATUSES } from "@/server/recurrences/status";
import type { RecurrenceRow } from "@/server/trpc/routers/recurrences";
import { RecurrenceStatusBadge } from "./status";

/** Where a recurrence's page lives; `back` keeps the list's filters for the way back. */
export function recurrenceHref(idRec: string, back?: string): string {
  return withBack(`/recurrences/${idRec}`, back);
}

const FILTERS = {
  status: parseAsStringLiteral(REC_STATUSES),
  createdFrom: parseAsDay,
  createdTo: parseAsDay,
  search: parseAsString,
};

/** The merchant's recurrences: status, creation period and search filters, pages, all in the URL. */
export function RecurrencesBrowser() {
  const t = useTranslations("recurrences.list");
  const statuses = useTranslations("recurrences.statuses");
  const trpc = useTRPC();
  const id = useId();
  const state = useListState(FILTERS);
  const { status, createdFrom, createdTo, search } = state.filters;
  const list = useQuery(
    trpc.recurrences.list.queryOptions(
      {
        status: status ?? undefined,
        createdFrom: createdFrom ?? undefined,
        createdTo: createdTo ?? undefined,
        search: search ?? undefined,
        ...state.paging,
      },
      { placeholderData: keepPreviousData },
    ),
  );

  return (
    <section aria-labelledby={`${id}-heading`} className="space-y-4" data-testid="recurrence-list">
      <SectionHeader titleId={`${id}-heading`} title={t("title")} />
      <Card className="grid gap-3 p-4 sm:grid-cols-3 sm:p-5" data-testid="recurrence-filters">
        <StatusFilter state={state} statuses={REC_STATUSES} labelOf={(value) => statuses(value)} messages={t} />
        <div>
          <FieldLabel htmlFor={`${id}-from`}>{t("createdFrom")}</FieldLabel>
          <DateInput
            id={`${id}-from`}
            value={createdFrom ?? ""}
            max={createdTo ?? undefined}
            onChange={(value) => state.setFilters({ createdFrom: value || null })}
          />
        </div>
        <div>
          <FieldLabel htmlFor={`${id}-to`}>{t("createdTo")}</FieldLabel>
          <DateInput
            id={`${id}-to`}
            value={createdTo ?? ""}
            min={createdFrom ?? undefined}
            onChange={(value) => state.setFilters({ createdTo: value || null })}
          />
        </div>
      </Card>
      <SearchBox
        value={search ?? undefined}
        onSearch={(q) => state.setFilters({ search: q ?? null })}
        labels={searchLabels((key) => t(`search.${key}`))}
        testId="recurrence-search"
        maxLength={200}
      />
      <ResourceList testId="recurrences" query={list} state={state} messages={t} icon={RefreshIcon}>
        {(data) => <RecurrenceRows rows={data.recurrences} back={state.back} />}
      </ResourceList>
    </section>
  );
}

/** A recurrence's amount: the fixed one, or a variable one's floor. */
export function useRecurrenceAmount() {
  const t = useTranslations("recurrences.list");
  const money = useMoney();
  return (row: Pick<RecurrenceRow, "amountCents" | "minimumCents">) =>
    row.amountCents !== null ? money(row.amountCents) : t("minimum", { amount: money(row.minimumCents ?? 0n) });
}

function RecurrenceRows({ rows, back }: { rows: RecurrenceRow[]; back: string }) {
  const t = useTranslations("recurrences.list");
  const periodicities = useTranslations("recurrences.periodicities");
  const day = useCalendarDate();
  const amount = useRecurrenceAmount();
  const next = (row: RecurrenceRow) => (row.nextChargeDate ? day(row.nextChargeDate) : t("noNext"));
  return (
    <ListRows
      rows={rows}
      rowKey={(row) => row.idRec}
      open={(row) => ({ href: recurrenceHref(row.idRec, back), label: t("open", { label: row.debtorName }) })}
      caption={t("caption")}
      testId="recurrence"
      columns={[
        {
          header: t("columns.debtor"),
          cell: (row) => (
            <Stacked main={<RowTitle>{row.debtorName}</RowTitle>} sub={<span title={row.idRec}>{row.contract}</span>} />
          ),
        },
        {
          header: t("columns.status"),
          className: "w-[10rem]",
          cell: (row) => <RecurrenceStatusBadge status={row.status} />,
        },
        {
          header: t("columns.periodicity"),
          className: "w-[8rem] text-slate-600",
          cell: (row) => periodicities(row.periodicity as never),
        },
        {
          header: t("columns.next"),
          className: "w-[8.5rem] text-slate-600 tabular-nums",
          cell: (row) => <span data-testid="recurrence-row-next">{next(row)}</span>,
        },
        amountColumn(t("columns.amount"), (row: RecurrenceRow) => amount(row), "w-[11rem]"),
      ]}
      card={(row) => ({
        title: row.debtorName,
        subtitle: `${periodicities(row.periodicity as never)} · ${next(row)}`,
        amount: amount(row),
        status: <RecurrenceStatusBadge status={row.status} />,
        note: row.contract,
      })}
    />
  );
}
