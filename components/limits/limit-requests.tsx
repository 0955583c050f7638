"use client";

import { useTranslations } from "next-intl";
import { useDateTime } from "@/components/format/date-time";
import { useMoney } from "@/components/format/money";
import { amountColumn } from "@/components/lists/data-table";
import { ListRows } from "@/components/lists/list-rows";
import { Badge } from "@/components/ui/badge";
import { TitledCard } from "@/components/ui/card";
import type { LimitChangeRow } from "./types";

const TONES = {
  applied: "success",
  scheduled: "accent",
  pending: "warning",
  approved: "success",
  refused: "danger",
  cancelled: "neutral",
} as const;

/** The raises not yet in force: when each takes effect, and whether it waits for an operator. */
export function PendingRaises({ rows }: { rows: LimitChangeRow[] }) {
  const t = useTranslations("limits");
  const money = useMoney();
  const dateTime = useDateTime();
  const state = (row: LimitChangeRow) => (
    <Badge tone={TONES[row.status]} data-testid="limit-request-status">
      {row.status === "pending"
        ? t("pending.waitsOperator")
        : row.status === "approved"
          ? t("pending.approved")
          : t("pending.scheduled")}
    </Badge>
  );
  return (
    <TitledCard title={t("pending.title")} data-testid="limit-requests">
      {rows.length === 0 ? (
        <p className="text-sm text-slate-600">{t("pending.empty")}</p>
      ) : (
        <ListRows
          rows={rows}
          rowKey={(row) => row.id}
          caption={t("pending.caption")}
          testId="limit-request"
          columns={[
            {
              header: t("table.limit"),
              cellClassName: "font-medium text-slate-900",
              cell: (row: LimitChangeRow) => t(`kinds.${row.kind}`),
              testId: "limit-request-kind",
            },
            amountColumn(t("pending.from"), (row: LimitChangeRow) => money(row.previousCents)),
            {
              ...amountColumn(t("pending.to"), (row: LimitChangeRow) => money(row.amountCents)),
              testId: "limit-request-amount",
            },
            { header: t("pending.requestedAt"), cell: (row: LimitChangeRow) => dateTime(row.requestedAt) },
            {
              header: t("pending.effectiveAt"),
              cell: (row: LimitChangeRow) => dateTime(row.effectiveAt),
              testId: "limit-request-effective",
            },
            { header: t("history.status"), cell: state },
          ]}
          card={(row) => ({
            title: t(`kinds.${row.kind}`),
            amount: money(row.amountCents),
            status: state(row),
            subtitle: `${t("pending.from")} ${money(row.previousCents)}`,
            note: `${t("pending.effectiveAt")} ${dateTime(row.effectiveAt)}`,
          })}
        />
      )}
    </TitledCard>
  );
}

/** Every change of the account's limits, newest first: from what to what, its state and who asked. */
export function LimitHistory({ rows }: { rows: LimitChangeRow[] }) {
  const t = useTranslations("limits");
  const money = useMoney();
  const dateTime = useDateTime();
  const by = (row: LimitChangeRow) =>
    row.requestedBy === null ? t("history.platform") : row.requestedBy === "api:" ? t("history.api") : row.requestedBy;
  const status = (row: LimitChangeRow) => <Badge tone={TONES[row.status]}>{t(`history.statuses.${row.status}`)}</Badge>;
  return (
    <TitledCard title={t("history.title")} data-testid="limit-history">
      {rows.length === 0 ? (
        <p className="text-sm text-slate-600">{t("history.empty")}</p>
      ) : (
        <ListRows
          rows={rows}
          rowKey={(row) => row.id}
          caption={t("history.caption")}
          testId="limit-change-entry"
          columns={[
            { header: t("history.when"), cell: (row: LimitChangeRow) => dateTime(row.requestedAt) },
            {
              header: t("table.limit"),
              cellClassName: "font-medium text-slate-900",
              cell: (row: LimitChangeRow) => t(`kinds.${row.kind}`),
            },
            amountColumn(t("pending.from"), (row: LimitChangeRow) => money(row.previousCents)),
            amountColumn(t("pending.to"), (row: LimitChangeRow) => money(row.amountCents)),
            { header: t("history.status"), cell: status },
            { header: t("history.by"), cellClassName: "break-all text-slate-600", cell: by },
          ]}
          card={(row) => ({
            title: t(`kinds.${row.kind}`),
            amount: money(row.amountCents),
            status: status(row),
            subtitle: `${t("pending.from")} ${money(row.previousCents)} · ${dateTime(row.requestedAt)}`,
            note: by(row),
          })}
        />
      )}
    </TitledCard>
  );
}
