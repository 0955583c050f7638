"use client";

import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { useQueryStates } from "nuqs";
import { Stat } from "@/components/admin/overview";
import { useCalendarDate } from "@/components/format/date-time";
import { Money, useMoney } from "@/components/format/money";
import { amountColumn } from "@/components/lists/data-table";
import { ExportLink } from "@/components/lists/export-link";
import { ListRows } from "@/components/lists/list-rows";
import { parseAsDay } from "@/components/lists/list-state";
import { PeriodForm } from "@/components/lists/period-form";
import { CollectionStates } from "@/components/lists/resource-list";
import { useTRPC } from "@/components/providers/trpc-provider";
import { WalletIcon } from "@/components/ui/icons";
import type { ReserveReport as Report, ReserveDay } from "@/server/ledger/reserve";
import { isCalendarDay } from "@/server/time";

/** The period in the URL, so a chosen one can be shared or reloaded; none is the last 30 days. */
const PERIOD = { from: parseAsDay, to: parseAsDay };
const day = (value: string | null) => (value && isCalendarDay(value) ? value : undefined);

/**
 * The platform's settlement account at the Central Bank (the ledger's `spi` bucket), one row a
 * São Paulo day: opening, money in, money out, closing (server/ledger/reserve.ts).
 */
export function ReserveReport() {
  const t = useTranslations("adminReserve");
  const trpc = useTRPC();
  const [period, setPeriod] = useQueryStates(PERIOD, { history: "replace", scroll: false });
  const report = useQuery(
    trpc.adminReserve.days.queryOptions(
      { from: day(period.from), to: day(period.to) },
      { placeholderData: keepPreviousData },
    ),
  );
  const chosen = period.from !== null || period.to !== null;

  return (
    <section className="space-y-4" data-testid="reserve">
      {/* Filled once the report says which period it shows (the last 30 days when none is chosen). */}
      <PeriodForm
        key={`${report.data?.from}:${report.data?.to}`}
        from={report.data?.from ?? period.from ?? ""}
        to={report.data?.to ?? period.to ?? ""}
        onApply={setPeriod}
        onClear={chosen ? () => setPeriod({ from: null, to: null }) : undefined}
      />
      <CollectionStates
        testId="reserve"
        query={report}
        messages={t}
        icon={WalletIcon}
        isEmpty={(data) =>
          data.days.every((d) => d.openingCents === 0n && d.creditsCents === 0n && d.debitsCents === 0n)
        }
      >
        {(data) => <ReserveDays report={data} />}
      </CollectionStates>
    </section>
  );
}

function ReserveDays({ report }: { report: Report }) {
  const t = useTranslations("adminReserve");
  const calendarDate = useCalendarDate();
  const money = useMoney();
  const first = report.days[0] as ReserveDay;
  const last = report.days.at(-1) as ReserveDay;
  const sum = (pick: (d: ReserveDay) => bigint) => report.days.reduce((total, d) => total + pick(d), 0n);
  // the balances on the period's first and last day, the money in and out between them
  const totals = [
    { key: "opening", cents: first.openingCents, day: first.day },
    { key: "in", cents: sum((d) => d.creditsCents) },
    { key: "out", cents: sum((d) => d.debitsCents) },
    { key: "closing", cents: last.closingCents, day: last.day },
  ] as const;

  return (
    <div className="space-y-4">
      <section aria-label={t("totals.title")} className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
        {totals.map((total) => (
          <Stat
            key={total.key}
            label={t(`totals.${total.key}`)}
            hint={"day" in total ? t(`totals.${total.key}Hint`, { day: calendarDate(total.day) }) : undefined}
            testId={`reserve-${total.key}`}
          >
            <Money cents={total.cents} testId={`reserve-${total.key}-amount`} />
          </Stat>
        ))}
      </section>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-sm text-slate-600" data-testid="reserve-period-shown">
          {t("period", { from: calendarDate(report.from), to: calendarDate(report.to) })}
        </p>
        <ExportLink
          path="/api/admin/reserve/export"
          params={{ from: report.from, to: report.to }}
          testId="reserve-export"
        />
      </div>
      <ListRows
        rows={report.days}
        rowKey={(d) => d.day}
        caption={t("caption")}
        testId="reserve-day"
        columns={[
          {
            header: t("columns.day"),
            className: "w-[8rem]",
            cellClassName: "font-medium whitespace-nowrap text-slate-900 tabular-nums",
            cell: (d) => calendarDate(d.day),
            testId: "reserve-day-date",
          },
          amountColumn(t("columns.opening"), (d: ReserveDay) => money(d.openingCents), "w-[10rem]"),
          amountColumn(t("columns.in"), (d: ReserveDay) => money(d.creditsCents), "w-[10rem]"),
          amountColumn(t("columns.out"), (d: ReserveDay) => money(d.debitsCents), "w-[10rem]"),
          amountColumn(t("columns.closing"), (d: ReserveDay) => money(d.closingCents), "w-[10rem]"),
        ]}
        card={(d) => ({
          title: calendarDate(d.day),
          amount: money(d.closingCents),
          subtitle: t("card.movements", { in: money(d.creditsCents), out: money(d.debitsCents) }),
          note: t("card.opening", { amount: money(d.openingCents) }),
        })}
      />
    </div>
  );
}
