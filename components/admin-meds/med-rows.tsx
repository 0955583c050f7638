"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useNow } from "@/components/charges/status";
import { useDateTime } from "@/components/format/date-time";
import { useMoney } from "@/components/format/money";
import { truncateId } from "@/components/format/text";
import { Card } from "@/components/ui/card";
import type { AdminMedRow } from "@/server/meds/admin";
import { DeadlineLabel, MedStatusBadge } from "./status";

export function medHref(id: string, back?: string): string {
  return back ? `/admin/meds/${id}?${new URLSearchParams({ back }).toString()}` : `/admin/meds/${id}`;
}

/** The queue as a table on wide screens. */
export function MedTable({ meds, back }: { meds: AdminMedRow[]; back: string }) {
  const t = useTranslations("adminMeds.queue");
  const router = useRouter();
  const money = useMoney();
  const dateTime = useDateTime();
  const now = useNow(60_000);
  return (
    <Card className="hidden overflow-x-auto lg:block">
      <table className="w-full text-left text-sm" data-testid="meds-table">
        <caption className="sr-only">{t("caption")}</caption>
        <thead className="border-b border-slate-200 bg-slate-50 text-xs font-medium text-slate-600">
          <tr>
            <th scope="col" className="px-4 py-3 font-medium">
              {t("columns.merchant")}
            </th>
            <th scope="col" className="px-3 py-3 font-medium">
              {t("columns.payer")}
            </th>
            <th scope="col" className="px-3 py-3 font-medium">
              {t("columns.status")}
            </th>
            <th scope="col" className="px-3 py-3 font-medium">
              {t("columns.deadline")}
            </th>
            <th scope="col" className="px-3 py-3 font-medium">
              {t("columns.defense")}
            </th>
            <th scope="col" className="px-4 py-3 text-right font-medium">
              {t("columns.amount")}
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {meds.map((med) => {
            const href = medHref(med.id, back);
            return (
              <tr
                key={med.id}
                data-testid="med-row"
                onClick={() => router.push(href)}
                className="cursor-pointer align-middle transition-colors hover:bg-slate-50"
              >
                <td className="px-4 py-3">
                  <Link
                    href={href}
                    onClick={(event) => event.stopPropagation()}
                    aria-label={t("open", { merchant: med.merchantName, date: dateTime(med.createdAt) })}
                    className="block truncate font-medium text-slate-900 hover:text-emerald-800 hover:underline"
                  >
                    {med.merchantName}
                  </Link>
                  <span className="block truncate text-xs text-slate-500">{med.merchantEmail}</span>
                </td>
                <td className="px-3 py-3">
                  <span className="block truncate text-slate-700">{med.payerName ?? "—"}</span>
                  <span className="block truncate font-mono text-xs text-slate-500" title={med.endToEndId}>
                    {truncateId(med.endToEndId, 12, 6)}
                  </span>
                </td>
                <td className="px-3 py-3">
                  <MedStatusBadge status={med.status} />
                </td>
                <td className="px-3 py-3 text-xs tabular-nums">
                  <DeadlineLabel deadline={med.defenseDeadline} status={med.status} now={now} />
                  <span className="block text-slate-500">{dateTime(med.defenseDeadline)}</span>
                </td>
                <td className="px-3 py-3 text-xs text-slate-600">
                  {med.defenseSubmitted ? t("defenseYes") : t("defenseNo")}
                  {med.analysed ? <span className="block text-emerald-700">{t("analysed")}</span> : null}
                </td>
                <td className="px-4 py-3 text-right font-medium whitespace-nowrap text-slate-900 tabular-nums">
                  {money(med.disputedCents)}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </Card>
  );
}

/** The queue as cards on a phone. */
export function MedCards({ meds, back }: { meds: AdminMedRow[]; back: string }) {
  const t = useTranslations("adminMeds.queue");
  const money = useMoney();
  const dateTime = useDateTime();
  const now = useNow(60_000);
  return (
    <ul className="space-y-2 lg:hidden" data-testid="med-cards">
      {meds.map((med) => (
        <li key={med.id}>
          <Link
            href={medHref(med.id, back)}
            aria-label={t("open", { merchant: med.merchantName, date: dateTime(med.createdAt) })}
            data-testid="med-card"
            className="block rounded-xl border border-slate-200 bg-white p-4 shadow-[0_1px_2px_rgb(15_23_42/0.04)] transition-colors hover:border-slate-300 hover:bg-slate-50"
          >
            <div className="flex items-start justify-between gap-3">
              <div className="min-w-0">
                <p className="truncate text-sm font-medium text-slate-900">{med.merchantName}</p>
                <p className="mt-0.5 truncate text-xs text-slate-500">{med.payerName ?? med.merchantEmail}</p>
              </div>
              <span className="text-sm font-medium whitespace-nowrap text-slate-900 tabular-nums">
                {money(med.disputedCents)}
              </span>
            </div>
            <div className="mt-3 flex flex-wrap items-center justify-between gap-x-3 gap-y-2 text-xs">
              <MedStatusBadge status={med.status} />
              <DeadlineLabel deadline={med.defenseDeadline} status={med.status} now={now} />
            </div>
          </Link>
        </li>
      ))}
    </ul>
  );
}
