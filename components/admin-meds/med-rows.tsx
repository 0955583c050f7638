"use client";

import { useTranslations } from "next-intl";
import { useNow } from "@/components/charges/status";
import { useDateTime } from "@/components/format/date-time";
import { useMoney } from "@/components/format/money";
import { truncateId } from "@/components/format/text";
import { amountColumn, RowTitle, Stacked } from "@/components/lists/data-table";
import { ListRows } from "@/components/lists/list-rows";
import { withBack } from "@/components/lists/list-state";
import { MedStatusBadge } from "@/components/meds/status";
import type { AdminMedRow } from "@/server/meds/admin";
import { DeadlineLabel } from "./status";

export function medHref(id: string, back?: string): string {
  return withBack(`/admin/meds/${id}`, back);
}

/** The queue's rows: a table on wide screens, cards on narrow ones. */
export function MedRows({ meds, back }: { meds: AdminMedRow[]; back: string }) {
  const t = useTranslations("adminMeds.queue");
  const money = useMoney();
  const dateTime = useDateTime();
  const now = useNow(60_000);
  return (
    <ListRows
      rows={meds}
      rowKey={(med) => med.id}
      open={(med) => ({
        href: medHref(med.id, back),
        label: t("open", { merchant: med.merchantName, date: dateTime(med.createdAt) }),
      })}
      caption={t("caption")}
      testId="med"
      fixed={false}
      columns={[
        {
          header: t("columns.merchant"),
          cell: (med) => <Stacked main={<RowTitle>{med.merchantName}</RowTitle>} sub={med.merchantEmail} />,
        },
        {
          header: t("columns.payer"),
          cell: (med) => (
            <Stacked
              main={<span className="block truncate text-slate-700">{med.payerName ?? "—"}</span>}
              sub={<span title={med.endToEndId}>{truncateId(med.endToEndId, 12, 6)}</span>}
              mono
            />
          ),
        },
        { header: t("columns.status"), cell: (med) => <MedStatusBadge status={med.status} /> },
        {
          header: t("columns.deadline"),
          cellClassName: "text-xs tabular-nums",
          cell: (med) => (
            <>
              <DeadlineLabel deadline={med.defenseDeadline} status={med.status} now={now} />
              <span className="block text-slate-500">{dateTime(med.defenseDeadline)}</span>
            </>
          ),
        },
        {
          header: t("columns.defense"),
          cellClassName: "text-xs text-slate-600",
          cell: (med) => (
            <>
              {med.defenseSubmitted ? t("defenseYes") : t("defenseNo")}
              {med.analysed ? <span className="block text-emerald-700">{t("analysed")}</span> : null}
            </>
          ),
        },
        amountColumn(t("columns.amount"), (med: AdminMedRow) => money(med.disputedCents), ""),
      ]}
      card={(med) => ({
        title: med.merchantName,
        subtitle: med.payerName ?? med.merchantEmail,
        amount: money(med.disputedCents),
        status: <MedStatusBadge status={med.status} />,
        note: <DeadlineLabel deadline={med.defenseDeadline} status={med.status} now={now} />,
      })}
    />
  );
}
