"use client";

import { useTranslations } from "next-intl";
import { useNow } from "@/components/charges/status";
import { useDateTime } from "@/components/format/date-time";
import { useMoney } from "@/components/format/money";
import { truncateId } from "@/components/format/text";
import { CardList, ListCard } from "@/components/lists/card-list";
import { DataTable, RowLink, Stacked } from "@/components/lists/data-table";
import { MedStatusBadge } from "@/components/meds/status";
import type { AdminMedRow } from "@/server/meds/admin";
import { DeadlineLabel } from "./status";

export function medHref(id: string, back?: string): string {
  return back ? `/admin/meds/${id}?${new URLSearchParams({ back }).toString()}` : `/admin/meds/${id}`;
}

/** The queue as a table on wide screens. */
/** The queue's rows: a table on wide screens, cards on narrow ones. */
export function MedRows({ meds, back }: { meds: AdminMedRow[]; back: string }) {
  return (
    <>
      <MedTable meds={meds} back={back} />
      <MedCards meds={meds} back={back} />
    </>
  );
}

function MedTable({ meds, back }: { meds: AdminMedRow[]; back: string }) {
  const t = useTranslations("adminMeds.queue");
  const money = useMoney();
  const dateTime = useDateTime();
  const now = useNow(60_000);
  return (
    <DataTable
      caption={t("caption")}
      testId="meds-table"
      rowTestId="med-row"
      fixed={false}
      rows={meds}
      rowKey={(med) => med.id}
      rowHref={(med) => medHref(med.id, back)}
      columns={[
        {
          header: t("columns.merchant"),
          cell: (med) => (
            <Stacked
              main={
                <RowLink
                  href={medHref(med.id, back)}
                  label={t("open", { merchant: med.merchantName, date: dateTime(med.createdAt) })}
                >
                  {med.merchantName}
                </RowLink>
              }
              sub={med.merchantEmail}
            />
          ),
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
        {
          header: t("columns.amount"),
          className: "text-right",
          cellClassName: "font-medium whitespace-nowrap text-slate-900 tabular-nums",
          cell: (med) => money(med.disputedCents),
        },
      ]}
    />
  );
}

/** The queue as cards on a phone. */
function MedCards({ meds, back }: { meds: AdminMedRow[]; back: string }) {
  const t = useTranslations("adminMeds.queue");
  const money = useMoney();
  const dateTime = useDateTime();
  const now = useNow(60_000);
  return (
    <CardList rows={meds} rowKey={(med) => med.id} testId="med-cards">
      {(med) => (
        <ListCard
          href={medHref(med.id, back)}
          label={t("open", { merchant: med.merchantName, date: dateTime(med.createdAt) })}
          testId="med-card"
          title={med.merchantName}
          subtitle={med.payerName ?? med.merchantEmail}
          amount={money(med.disputedCents)}
          status={<MedStatusBadge status={med.status} />}
          note={<DeadlineLabel deadline={med.defenseDeadline} status={med.status} now={now} />}
        />
      )}
    </CardList>
  );
}
