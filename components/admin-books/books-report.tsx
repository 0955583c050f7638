"use client";

import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { useQueryStates } from "nuqs";
import { useCalendarDate } from "@/components/format/date-time";
import { useMoney } from "@/components/format/money";
import { amountColumn } from "@/components/lists/data-table";
import { ExportLink } from "@/components/lists/export-link";
import { ListRows } from "@/components/lists/list-rows";
import { parseAsDay } from "@/components/lists/list-state";
import { PeriodForm } from "@/components/lists/period-form";
import { CollectionStates } from "@/components/lists/resource-list";
import { useTRPC } from "@/components/providers/trpc-provider";
import { BookIcon } from "@/components/ui/icons";
import type { BooksReport as Books } from "@/server/books/daily";
import type { FeeRevenue } from "@/server/books/fees";
import { isCalendarDay } from "@/server/time";

/** The period in the URL, so a chosen one can be shared or reloaded; none is the last 30 days. */
const PERIOD = { from: parseAsDay, to: parseAsDay };
const day = (value: string | null) => (value && isCalendarDay(value) ? value : undefined);

/** One row of the daily table: a type's line of a day, or the day's tie-out to the settlement account. */
type DailyRow = {
  key: string;
  day: string;
  label: string;
  amounts: bigint[] | null;
  tie?: { text: string; differenceCents: bigint };
};

/**
 * The institution's books (server/books): each São Paulo day's lines per account type, the
 * day's tie-out to the settlement account, the fee revenue by product and by customer, and the
 * month's trial balance to download as CSV or PDF.
 */
export function BooksReport() {
  const t = useTranslations("adminBooks");
  const trpc = useTRPC();
  const [period, setPeriod] = useQueryStates(PERIOD, { history: "replace", scroll: false });
  const report = useQuery(
    trpc.adminBooks.report.queryOptions(
      { from: day(period.from), to: day(period.to) },
      { placeholderData: keepPreviousData },
    ),
  );
  const chosen = period.from !== null || period.to !== null;
  return (
    <section className="space-y-4" data-testid="books">
      <PeriodForm
        key={`${report.data?.books.from}:${report.data?.books.to}`}
        from={report.data?.books.from ?? period.from ?? ""}
        to={report.data?.books.to ?? period.to ?? ""}
        onApply={setPeriod}
        onClear={chosen ? () => setPeriod({ from: null, to: null }) : undefined}
        namespace="adminBooks.filters"
        testId="books-period"
      />
      <CollectionStates testId="books" query={report} messages={t} icon={BookIcon} isEmpty={() => false}>
        {(data) => (
          <div className="space-y-6">
            <Downloads books={data.books} />
            <DailyTable books={data.books} />
            <Fees fees={data.fees} />
          </div>
        )}
      </CollectionStates>
    </section>
  );
}

function Downloads({ books }: { books: Books }) {
  const t = useTranslations("adminBooks");
  const calendarDate = useCalendarDate();
  const month = books.to.slice(0, 7);
  return (
    <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
      <div className="space-y-1">
        <p className="text-sm text-slate-600" data-testid="books-period-shown">
          {t("period", { from: calendarDate(books.from), to: calendarDate(books.to) })}
        </p>
        <p
          className={books.tiesOut ? "text-sm text-emerald-700" : "text-sm font-medium text-red-700"}
          data-testid="books-ties-out"
        >
          {books.tiesOut ? t("tieOut.allOk") : t("tieOut.someDiffer")}
        </p>
      </div>
      <div className="flex gap-2">
        <ExportLink
          path="/api/admin/books/export"
          params={{ month, format: "csv" }}
          testId="books-export-csv"
          label={t("download.csv")}
          hint={t("download.month", { month: `${month.slice(5)}/${month.slice(0, 4)}` })}
        />
        <ExportLink
          path="/api/admin/books/export"
          params={{ month, format: "pdf" }}
          testId="books-export-pdf"
          label={t("download.pdf")}
          hint={t("download.month", { month: `${month.slice(5)}/${month.slice(0, 4)}` })}
        />
      </div>
    </div>
  );
}

function DailyTable({ books }: { books: Books }) {
  const t = useTranslations("adminBooks");
  const calendarDate = useCalendarDate();
  const money = useMoney();
  const rows: DailyRow[] = books.days.flatMap((d) => [
    ...d.lines.map((l) => ({
      key: `${d.day}:${l.type}`,
      day: d.day,
      label: t(`types.${l.type}`),
      amounts: [l.openingCents, l.creditsCents, l.debitsCents, l.feesCents, l.closingCents],
    })),
    {
      key: `${d.day}:tie`,
      day: d.day,
      label: t("tieOut.label"),
      amounts: null,
      tie: {
        text: t("tieOut.value", {
          customers: money(d.tieOut.customersCents),
          fees: money(d.tieOut.feesCents),
          reserve: money(d.tieOut.reserveCents),
        }),
        differenceCents: d.tieOut.differenceCents + d.tieOut.closingDifferenceCents,
      },
    },
  ]);
  const amount = (index: number) => (row: DailyRow) => (row.amounts ? money(row.amounts[index] ?? 0n) : "");
  const keys = ["opening", "credits", "debits", "fees", "closing"] as const;
  return (
    <section className="space-y-2" aria-label={t("daily.title")}>
      <h2 className="text-base font-semibold text-slate-900">{t("daily.title")}</h2>
      <ListRows
        rows={rows}
        rowKey={(row) => row.key}
        caption={t("daily.caption")}
        testId="books-line"
        columns={[
          {
            header: t("columns.day"),
            className: "w-[7rem]",
            cellClassName: "whitespace-nowrap tabular-nums",
            cell: (row) => calendarDate(row.day),
          },
          {
            header: t("columns.type"),
            cell: (row) => (row.tie ? <TieOut label={row.label} tie={row.tie} /> : row.label),
          },
          ...keys.map((key, index) => amountColumn(t(`columns.${key}`), amount(index), "w-[9rem]")),
        ]}
        card={(row) => ({
          title: `${calendarDate(row.day)} · ${row.label}`,
          amount: row.amounts ? money(row.amounts[4] ?? 0n) : "",
          subtitle: row.tie ? row.tie.text : keys.map((k, i) => `${t(`columns.${k}`)} ${amount(i)(row)}`).join(" · "),
        })}
      />
    </section>
  );
}

function TieOut({ label, tie }: { label: string; tie: NonNullable<DailyRow["tie"]> }) {
  const t = useTranslations("adminBooks.tieOut");
  const money = useMoney();
  const ok = tie.differenceCents === 0n;
  return (
    <span className="block text-xs" data-testid="books-tie-out">
      <span className="font-medium">{label}</span> — {tie.text}{" "}
      <span className={ok ? "text-emerald-700" : "font-semibold text-red-700"} data-testid="books-tie-out-result">
        {ok ? t("ok") : t("difference", { amount: money(tie.differenceCents) })}
      </span>
    </span>
  );
}

function Fees({ fees }: { fees: FeeRevenue }) {
  const t = useTranslations("adminBooks");
  const money = useMoney();
  return (
    <section className="grid gap-6 lg:grid-cols-2" aria-label={t("fees.total")}>
      <div className="space-y-2">
        <h2 className="text-base font-semibold text-slate-900">{t("fees.byProduct")}</h2>
        <p className="text-sm text-slate-600" data-testid="books-fees-total">
          {t("fees.total")}: {money(fees.totalCents)}
        </p>
        <ListRows
          rows={fees.byProduct}
          rowKey={(row) => row.product}
          caption={t("fees.byProduct")}
          testId="books-product"
          columns={[
            { header: t("columns.product"), cell: (row) => t(`products.${row.product}` as "products.other") },
            {
              header: t("columns.entries"),
              className: "w-[7rem] text-right",
              cellClassName: "text-right",
              cell: (row) => row.entries,
            },
            amountColumn(t("columns.fees"), (row: { feesCents: bigint }) => money(row.feesCents)),
          ]}
          card={(row) => ({ title: t(`products.${row.product}` as "products.other"), amount: money(row.feesCents) })}
        />
      </div>
      <div className="space-y-2">
        <h2 className="text-base font-semibold text-slate-900">{t("fees.byMerchant")}</h2>
        {fees.byMerchant.length === 0 && <p className="text-sm text-slate-600">{t("fees.none")}</p>}
        <ListRows
          rows={fees.byMerchant}
          rowKey={(row) => row.accountId}
          caption={t("fees.byMerchant")}
          testId="books-merchant"
          columns={[
            { header: t("columns.merchant"), cell: (row) => row.name },
            {
              header: t("columns.account"),
              className: "w-[9rem]",
              cellClassName: "tabular-nums",
              cell: (row) => row.accountId,
            },
            {
              header: t("columns.entries"),
              className: "w-[7rem] text-right",
              cellClassName: "text-right",
              cell: (row) => row.entries,
            },
            amountColumn(t("columns.fees"), (row: { feesCents: bigint }) => money(row.feesCents)),
          ]}
          card={(row) => ({ title: row.name, subtitle: row.accountId, amount: money(row.feesCents) })}
        />
      </div>
    </section>
  );
}
