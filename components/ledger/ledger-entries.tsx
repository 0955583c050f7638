"use client";

import { useTranslations } from "next-intl";
import { useDateTime } from "@/components/format/date-time";
import { counterpartyOf, entryHref, StatusBadge, useReasonLabel } from "@/components/format/entry";
import { SignedAmount, useMoney } from "@/components/format/money";
import { truncateId } from "@/components/format/text";
import { dateColumn, RowTitle } from "@/components/lists/data-table";
import { ListRows } from "@/components/lists/list-rows";
import type { EntryView } from "@/server/trpc/routers/ledger";

const entryKey = (entry: EntryView) => `${entry.accountId}:${entry.id}`;

/** What the entry is for, as its payer or charge said: "Pedido #1001 · pedido-1001". */
function EntryNote({ entry, className }: { entry: EntryView; className?: string }) {
  const note = [entry.description, entry.externalId].filter(Boolean).join(" · ");
  if (!note) return null;
  return (
    <span className={className ?? "mt-0.5 block text-xs break-words text-slate-500"} data-testid="entry-note">
      {note}
    </span>
  );
}

/** The net is what the row moves; a priced entry also says its fee (one given back says so). */
function EntryAmount({ entry }: { entry: EntryView }) {
  const t = useTranslations("ledger");
  const money = useMoney();
  const amount = <SignedAmount type={entry.type} cents={entry.netCents} status={entry.status} />;
  if (entry.feeCents === 0n) return amount;
  const fee =
    entry.feeCents > 0n
      ? t("rowFee", { amount: money(entry.feeCents) })
      : t("rowFeeReturned", { amount: money(-entry.feeCents) });
  return (
    <>
      {amount}
      <span className="mt-0.5 block text-xs whitespace-nowrap text-slate-500 tabular-nums" data-testid="entry-fee">
        {fee}
      </span>
    </>
  );
}

function useEntryLabels() {
  const t = useTranslations("ledger");
  const reasonLabel = useReasonLabel();
  const dateTime = useDateTime();
  return (entry: EntryView) => {
    const reason = reasonLabel(entry.reason);
    const date = dateTime(entry.createdAt);
    return {
      reason,
      date,
      open: t("open", { label: reason, date }),
      counterparty: counterpartyOf(entry)?.name ?? t("noCounterparty"),
    };
  };
}

/** The ledger's rows: a table on wide screens, cards on a phone; each opens the entry's page. */
export function EntryRows({ entries, back }: { entries: EntryView[]; back: string }) {
  const t = useTranslations("ledger");
  const labelsOf = useEntryLabels();
  return (
    <ListRows
      rows={entries}
      rowKey={entryKey}
      open={(entry) => ({ href: entryHref(entry, back), label: labelsOf(entry).open })}
      caption={t("tableCaption")}
      testId="ledger"
      columns={[
        dateColumn(t("columns.date"), (entry: EntryView) => entry.createdAt),
        {
          header: t("columns.type"),
          className: "w-[5rem] text-slate-700",
          testId: "entry-type",
          cell: (entry) => t(`types.${entry.type}`),
        },
        {
          header: t("columns.reason"),
          cellClassName: "break-words",
          cell: (entry) => (
            <>
              <RowTitle wrap>{labelsOf(entry).reason}</RowTitle>
              <EntryNote entry={entry} />
            </>
          ),
        },
        {
          header: t("columns.counterparty"),
          cellClassName: "break-words text-slate-700",
          cell: (entry) => labelsOf(entry).counterparty,
        },
        {
          header: t("columns.status"),
          className: "w-[9.5rem]",
          cell: (entry) => <StatusBadge status={entry.status} className="whitespace-nowrap" />,
        },
        {
          header: t("columns.endToEnd"),
          className: "hidden w-[9rem] xl:table-cell",
          cellClassName: "font-mono text-xs text-slate-500",
          cell: (entry) =>
            entry.endToEndId ? <span title={entry.endToEndId}>{truncateId(entry.endToEndId, 9, 4)}</span> : "—",
        },
        {
          header: t("columns.amount"),
          className: "w-[8.5rem] text-right",
          cell: (entry) => <EntryAmount entry={entry} />,
        },
      ]}
      card={(entry) => {
        const labels = labelsOf(entry);
        return {
          title: labels.reason,
          subtitle: labels.counterparty,
          amount: <EntryAmount entry={entry} />,
          status: (
            <span className="flex items-center gap-2">
              <StatusBadge status={entry.status} />
              <span className="text-slate-500">{t(`types.${entry.type}`)}</span>
            </span>
          ),
          note: labels.date,
          children: (
            <>
              <EntryNote entry={entry} className="mt-2 block truncate text-xs text-slate-600" />
              {entry.endToEndId ? (
                <p className="mt-2 truncate font-mono text-[0.6875rem] text-slate-400">
                  {truncateId(entry.endToEndId, 14, 6)}
                </p>
              ) : null}
            </>
          ),
        };
      }}
    />
  );
}
