"use client";

import { keepPreviousData, useQuery } from "@tanstack/react-query";
import type { inferRouterOutputs } from "@trpc/server";
import { useTranslations } from "next-intl";
import { parseAsStringLiteral } from "nuqs";
import { useId } from "react";
import { useDateTime } from "@/components/format/date-time";
import { useMoney } from "@/components/format/money";
import { endOfDay, startOfDay } from "@/components/ledger/ledger-filters";
import { amountColumn, dateColumn, RowTitle, Stacked } from "@/components/lists/data-table";
import { ExportLink } from "@/components/lists/export-link";
import { StatusFilter } from "@/components/lists/filter-select";
import { ListRows } from "@/components/lists/list-rows";
import { parseAsDay, useListState, withBack } from "@/components/lists/list-state";
import { ResourceList } from "@/components/lists/resource-list";
import { useTRPC } from "@/components/providers/trpc-provider";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { DateInput, FieldLabel } from "@/components/ui/fields";
import { CloseIcon, ShieldAlertIcon } from "@/components/ui/icons";
import type { AppRouter } from "@/server/trpc/routers";
import { DeadlineCountdown, MED_STATUSES, MedStatusBadge, useNow } from "./status";

type MedRow = inferRouterOutputs<AppRouter>["meds"]["list"]["meds"][number];
const FILTERS = { status: parseAsStringLiteral(MED_STATUSES), from: parseAsDay, to: parseAsDay };

/** Where a MED's detail lives; `back` keeps the list's filters for the way back. */
export function medHref(endToEndId: string, back?: string): string {
  return withBack(`/meds/${endToEndId}`, back);
}

/** The merchant's MEDs with status and period filters and pages, all kept in the URL. */
export function MedsBrowser() {
  const t = useTranslations("meds.list");
  const trpc = useTRPC();
  const id = useId();
  const statusLabels = useTranslations("meds.statuses");
  const state = useListState(FILTERS);
  const { status, from, to } = state.filters;

  const filter = {
    status: status ?? undefined,
    startDate: from ? startOfDay(from) : undefined,
    endDate: to ? endOfDay(to) : undefined,
  };
  const list = useQuery(
    trpc.meds.list.queryOptions({ ...filter, ...state.paging }, { placeholderData: keepPreviousData }),
  );

  return (
    <section aria-labelledby={`${id}-heading`} className="space-y-4" data-testid="meds-list">
      <h2 id={`${id}-heading`} className="sr-only">
        {t("title")}
      </h2>
      <Card className="p-4 sm:p-5" data-testid="meds-filters">
        <div className="grid gap-3 sm:grid-cols-[repeat(3,minmax(0,1fr))_auto_auto] sm:items-end">
          <StatusFilter state={state} statuses={MED_STATUSES} labelOf={statusLabels} messages={t} />
          <div>
            <FieldLabel htmlFor={`${id}-from`}>{t("from")}</FieldLabel>
            <DateInput
              id={`${id}-from`}
              value={from ?? ""}
              max={to ?? undefined}
              onChange={(date) => state.setFilters({ from: date || null })}
            />
          </div>
          <div>
            <FieldLabel htmlFor={`${id}-to`}>{t("to")}</FieldLabel>
            <DateInput
              id={`${id}-to`}
              value={to ?? ""}
              min={from ?? undefined}
              onChange={(date) => state.setFilters({ to: date || null })}
            />
          </div>
          {state.filtered ? (
            <Button variant="ghost" onClick={state.clear}>
              <CloseIcon className="size-4" />
              {t("clear")}
            </Button>
          ) : (
            <span aria-hidden="true" />
          )}
          <ExportLink path="/api/meds/export" params={filter} testId="meds-export" />
        </div>
      </Card>

      <ResourceList testId="meds" query={list} state={state} messages={t} icon={ShieldAlertIcon}>
        {(data) => <MedRows meds={data.meds} back={state.back} />}
      </ResourceList>
    </section>
  );
}

function MedRows({ meds, back }: { meds: MedRow[]; back: string }) {
  const t = useTranslations("meds.list");
  const money = useMoney();
  const dateTime = useDateTime();
  const now = useNow(30_000);
  const payerOf = (med: MedRow) => med.payer?.name || t("unknownPayer");
  return (
    <ListRows
      rows={meds}
      rowKey={(med) => med.medId}
      open={(med) => ({
        href: medHref(med.endToEndId, back),
        label: t("open", { payer: payerOf(med), date: dateTime(med.createdAt) }),
      })}
      caption={t("caption")}
      testId="med"
      columns={[
        dateColumn(t("columns.opened"), (med: MedRow) => med.createdAt),
        {
          header: t("columns.payer"),
          cell: (med) => (
            <Stacked
              main={<RowTitle>{payerOf(med)}</RowTitle>}
              sub={<span title={med.endToEndId}>{med.endToEndId}</span>}
              mono
            />
          ),
        },
        {
          header: t("columns.status"),
          className: "w-[12rem]",
          cell: (med) => <MedStatusBadge status={med.status} />,
        },
        {
          header: t("columns.deadline"),
          className: "w-[11rem]",
          cell: (med) => <DeadlineCountdown med={med} now={now} />,
        },
        amountColumn(
          t("columns.amount"),
          (med: MedRow) => (
            <>
              <span className="block" data-testid="med-row-amount">
                {money(med.disputedCents)}
              </span>
              {med.blockedCents > 0n ? (
                <span className="block text-xs font-normal text-slate-500">
                  {t("blockedOf", { blocked: money(med.blockedCents) })}
                </span>
              ) : null}
            </>
          ),
          "w-[10rem]",
        ),
      ]}
      card={(med) => ({
        title: payerOf(med),
        subtitle: dateTime(med.createdAt),
        amount: money(med.disputedCents),
        status: <MedStatusBadge status={med.status} />,
        note: <DeadlineCountdown med={med} now={now} />,
      })}
    />
  );
}
