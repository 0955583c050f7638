"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { useFormatter, useTranslations } from "next-intl";
import { useDateTime } from "@/components/format/date-time";
import { counterpartyOf, entryHref, StatusBadge, useReasonLabel } from "@/components/format/entry";
import { SignedAmount } from "@/components/format/money";
import { truncateId } from "@/components/format/text";
import { Card } from "@/components/ui/card";
import type { EntryView } from "@/server/trpc/routers/ledger";

function useEntryLabels() {
  const t = useTranslations("ledger");
  const reasonLabel = useReasonLabel();
  const dateTime = useDateTime();
  const format = useFormatter();
  return (entry: EntryView) => {
    const counterparty = counterpartyOf(entry);
    return {
      reason: reasonLabel(entry.reason),
      date: dateTime(entry.createdAt),
      day: format.dateTime(entry.createdAt, { dateStyle: "short" }),
      time: format.dateTime(entry.createdAt, { timeStyle: "short" }),
      counterparty: counterparty?.name ?? t("noCounterparty"),
    };
  };
}

export function EntryTable({ entries, back }: { entries: EntryView[]; back: string }) {
  const t = useTranslations("ledger");
  const router = useRouter();
  const labelsOf = useEntryLabels();
  return (
    <Card className="hidden overflow-hidden lg:block">
      <table className="w-full table-fixed text-left text-sm" data-testid="ledger-table">
        <caption className="sr-only">{t("tableCaption")}</caption>
        <thead className="border-b border-slate-200 bg-slate-50 text-xs font-medium text-slate-600">
          <tr>
            <th scope="col" className="w-[7.5rem] px-4 py-3 font-medium">
              {t("columns.date")}
            </th>
            <th scope="col" className="w-[5rem] px-3 py-3 font-medium">
              {t("columns.type")}
            </th>
            <th scope="col" className="px-3 py-3 font-medium">
              {t("columns.reason")}
            </th>
            <th scope="col" className="px-3 py-3 font-medium">
              {t("columns.counterparty")}
            </th>
            <th scope="col" className="w-[9.5rem] px-3 py-3 font-medium">
              {t("columns.status")}
            </th>
            <th scope="col" className="hidden w-[9rem] px-3 py-3 font-medium xl:table-cell">
              {t("columns.endToEnd")}
            </th>
            <th scope="col" className="w-[8.5rem] px-4 py-3 text-right font-medium">
              {t("columns.amount")}
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {entries.map((entry) => {
            const labels = labelsOf(entry);
            const href = entryHref(entry, back);
            return (
              // The row's link carries keyboard access; the click on the row only widens its target.
              <tr
                key={`${entry.accountId}:${entry.id}`}
                data-testid="ledger-row"
                onClick={() => router.push(href)}
                className="cursor-pointer align-middle transition-colors hover:bg-slate-50"
              >
                <td className="px-4 py-3 text-slate-600 tabular-nums">
                  <span className="block whitespace-nowrap">{labels.day}</span>
                  <span className="block text-xs text-slate-500">{labels.time}</span>
                </td>
                <td className="px-3 py-3 text-slate-700" data-testid="entry-type">
                  {t(`types.${entry.type}`)}
                </td>
                <td className="px-3 py-3 break-words">
                  <Link
                    href={href}
                    onClick={(event) => event.stopPropagation()}
                    aria-label={t("open", { label: labels.reason, date: labels.date })}
                    className="font-medium text-slate-900 hover:text-emerald-800 hover:underline"
                  >
                    {labels.reason}
                  </Link>
                </td>
                <td className="px-3 py-3 break-words text-slate-700">{labels.counterparty}</td>
                <td className="px-3 py-3">
                  <StatusBadge status={entry.status} className="whitespace-nowrap" />
                </td>
                <td className="hidden px-3 py-3 font-mono text-xs text-slate-500 xl:table-cell">
                  {entry.endToEndId ? <span title={entry.endToEndId}>{truncateId(entry.endToEndId, 9, 4)}</span> : "—"}
                </td>
                <td className="px-4 py-3 text-right">
                  <SignedAmount type={entry.type} cents={entry.netCents} status={entry.status} />
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </Card>
  );
}

export function EntryCards({ entries, back }: { entries: EntryView[]; back: string }) {
  const t = useTranslations("ledger");
  const labelsOf = useEntryLabels();
  return (
    <ul className="space-y-2 lg:hidden" data-testid="ledger-cards">
      {entries.map((entry) => {
        const labels = labelsOf(entry);
        return (
          <li key={`${entry.accountId}:${entry.id}`}>
            <Link
              href={entryHref(entry, back)}
              aria-label={t("open", { label: labels.reason, date: labels.date })}
              data-testid="ledger-card"
              className="block rounded-xl border border-slate-200 bg-white p-4 shadow-[0_1px_2px_rgb(15_23_42/0.04)] transition-colors hover:border-slate-300 hover:bg-slate-50"
            >
              <div className="flex items-start justify-between gap-3">
                <div className="min-w-0">
                  <p className="truncate text-sm font-medium text-slate-900">{labels.reason}</p>
                  <p className="mt-0.5 truncate text-sm text-slate-600">{labels.counterparty}</p>
                </div>
                <SignedAmount type={entry.type} cents={entry.netCents} status={entry.status} className="text-sm" />
              </div>
              <div className="mt-3 flex flex-wrap items-center justify-between gap-x-3 gap-y-2">
                <div className="flex items-center gap-2">
                  <StatusBadge status={entry.status} />
                  <span className="text-xs text-slate-500">{t(`types.${entry.type}`)}</span>
                </div>
                <span className="text-xs text-slate-500 tabular-nums">{labels.date}</span>
              </div>
              {entry.endToEndId ? (
                <p className="mt-2 truncate font-mono text-[0.6875rem] text-slate-400">
                  {truncateId(entry.endToEndId, 14, 6)}
                </p>
              ) : null}
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
