"use client";

import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { parseAsString, parseAsStringLiteral } from "nuqs";
import { useId } from "react";
import { useCalendarDate } from "@/components/format/date-time";
import { useMoney } from "@/components/format/money";
import { truncateId } from "@/components/format/text";
import { amountColumn, RowTitle, Stacked } from "@/components/lists/data-table";
import { StatusFilter } from "@/components/lists/filter-select";
import { ListRows } from "@/components/lists/list-rows";
import { parseAsDay, useListState, withBack } from "@/components/lists/list-state";
import { ResourceList } from "@/components/lists/resource-list";
import { SearchBox, searchLabels } from "@/components/lists/search-box";
import { useTRPC } from "@/components/providers/trpc-provider";
import { Card } from "@/components/ui/card";
import { DateInput, FieldLabel } from "@/components/ui/fields";
import { CalendarIcon } from "@/components/ui/icons";
import { SectionHeader } from "@/components/ui/section-header";
import { CHARGE_STATUSES } from "@/server/charges/schema";
import type { DueDateChargeRow } from "@/server/trpc/routers/due-date-charges";
import { DueDateStatusBadge } from "./status";

/** Where a due-date charge's page lives; `back` keeps the list's filters for the way back. */
export function dueDateChargeHref(txId: string, back?: string): string {
  return withBack(`/charges/due-date/${txId}`, back);
}

const FILTERS = {
  status: parseAsStringLiteral(CHARGE_STATUSES),
  dueFrom: parseAsDay,
  dueTo: parseAsDay,
  payer: parseAsString,
};

/** The merchant's due-date charges: status, due window and payer filters, pages, all in the URL. */
export function DueDateBrowser() {
  const t = useTranslations("dueDateCharges.list");
  const trpc = useTRPC();
  const id = useId();
  const state = useListState(FILTERS);
  const { status, dueFrom, dueTo, payer } = state.filters;
  const list = useQuery(
    trpc.dueDateCharges.list.queryOptions(
      {
        status: status ?? undefined,
        dueFrom: dueFrom ?? undefined,
        dueTo: dueTo ?? undefined,
        payer: payer ?? undefined,
        ...state.paging,
      },
      { placeholderData: keepPreviousData },
    ),
  );

  return (
    <section aria-labelledby={`${id}-heading`} className="space-y-4" data-testid="due-date-list">
      <SectionHeader titleId={`${id}-heading`} title={t("title")} />
      <Card className="grid gap-3 p-4 sm:grid-cols-3 sm:p-5" data-testid="due-date-filters">
        <StatusFilter state={state} statuses={CHARGE_STATUSES} labelOf={(value) => t(`filter.${value}`)} messages={t} />
        <div>
          <FieldLabel htmlFor={`${id}-from`}>{t("dueFrom")}</FieldLabel>
          <DateInput
            id={`${id}-from`}
            value={dueFrom ?? ""}
            max={dueTo ?? undefined}
            onChange={(value) => state.setFilters({ dueFrom: value || null })}
          />
        </div>
        <div>
          <FieldLabel htmlFor={`${id}-to`}>{t("dueTo")}</FieldLabel>
          <DateInput
            id={`${id}-to`}
            value={dueTo ?? ""}
            min={dueFrom ?? undefined}
            onChange={(value) => state.setFilters({ dueTo: value || null })}
          />
        </div>
      </Card>
      <SearchBox
        value={payer ?? undefined}
        onSearch={(q) => state.setFilters({ payer: q ?? null })}
        labels={searchLabels((key) => t(`search.${key}`))}
        testId="due-date-search"
        maxLength={200}
      />
      <ResourceList testId="due-date-charges" query={list} state={state} messages={t} icon={CalendarIcon}>
        {(data) => <DueDateRows rows={data.charges} back={state.back} />}
      </ResourceList>
    </section>
  );
}

function DueDateRows({ rows, back }: { rows: DueDateChargeRow[]; back: string }) {
  const t = useTranslations("dueDateCharges.list");
  const money = useMoney();
  const day = useCalendarDate();
  /** What the payer owes today, or what was paid. */
  const dueToday = (row: DueDateChargeRow) =>
    row.dueTodayCents !== null
      ? money(row.dueTodayCents)
      : row.paidCents !== null
        ? t("paid", { amount: money(row.paidCents) })
        : t("notPayable");
  return (
    <ListRows
      rows={rows}
      rowKey={(row) => row.txId}
      open={(row) => ({
        href: dueDateChargeHref(row.txId, back),
        label: t("open", { label: row.payerName, date: day(row.dueDate) }),
      })}
      caption={t("caption")}
      testId="due-date"
      columns={[
        {
          header: t("columns.due"),
          className: "w-[7.5rem] text-slate-600 tabular-nums",
          cell: (row) => day(row.dueDate),
        },
        {
          header: t("columns.payer"),
          cell: (row) => (
            <Stacked
              main={<RowTitle>{row.payerName}</RowTitle>}
              sub={<span title={row.txId}>{row.description || truncateId(row.txId, 12, 6)}</span>}
            />
          ),
        },
        { header: t("columns.status"), className: "w-[8rem]", cell: (row) => <DueDateStatusBadge row={row} /> },
        amountColumn(t("columns.amount"), (row: DueDateChargeRow) => money(row.amountCents)),
        amountColumn(
          t("columns.dueToday"),
          (row: DueDateChargeRow) => <span data-testid="due-date-row-today">{dueToday(row)}</span>,
          "w-[10rem]",
        ),
      ]}
      card={(row) => ({
        title: row.payerName,
        subtitle: day(row.dueDate),
        amount: dueToday(row),
        status: <DueDateStatusBadge row={row} />,
        note: row.description ?? undefined,
      })}
    />
  );
}
