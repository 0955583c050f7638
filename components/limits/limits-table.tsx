"use client";

import { useTranslations } from "next-intl";
import { useMoney } from "@/components/format/money";
import { amountColumn } from "@/components/lists/data-table";
import { ListRows } from "@/components/lists/list-rows";
import { Badge } from "@/components/ui/badge";
import { TitledCard } from "@/components/ui/card";
import { LIMIT_KINDS, type LimitsData, type PixLimitKind } from "./types";

type Row = {
  kind: PixLimitKind;
  inForce: bigint;
  used: bigint | null;
  usedIn: string;
  left: bigint | null;
  leftIn: string;
};

/** What each limit has used and left in its period: the per-payment ones have no period. */
function rowsOf(data: LimitsData, t: (key: string) => string): Row[] {
  const { limits, used, remaining } = data;
  const perPayment = { used: null, usedIn: "", left: null, leftIn: t("table.perPayment") };
  const periods: Record<PixLimitKind, Omit<Row, "kind" | "inForce">> = {
    per_transaction: perPayment,
    nightly_per_transaction: perPayment,
    daily: { used: used.day, usedIn: t("table.usedToday"), left: remaining.day, leftIn: t("table.usedToday") },
    monthly: { used: used.month, usedIn: t("table.usedMonth"), left: remaining.month, leftIn: t("table.usedMonth") },
    // by day the night has not begun: all of it is left for tonight
    nightly: data.night
      ? { used: used.night, usedIn: t("table.usedNight"), left: remaining.night, leftIn: t("table.usedNight") }
      : { used: 0n, usedIn: t("table.usedNight"), left: limits.nightly, leftIn: t("table.leftTonight") },
  };
  return LIMIT_KINDS.map((kind) => ({ kind, inForce: limits[kind], ...periods[kind] }));
}

/** The five PIX limits: in force, used in their period and left, and what one PIX may move now. */
export function LimitsTable({ data }: { data: LimitsData }) {
  const t = useTranslations("limits");
  const money = useMoney();
  const rows = rowsOf(data, (key) => t(key as never));
  const amount = (cents: bigint | null, note: string) =>
    cents === null ? (
      <span className="text-slate-500">{note}</span>
    ) : (
      <span>
        {money(cents)} <span className="text-xs font-normal text-slate-500">{note}</span>
      </span>
    );
  return (
    <TitledCard
      title={t("table.title")}
      description={t("table.description")}
      data-testid="limits-card"
      contentClassName="space-y-4"
    >
      <div className="flex flex-wrap items-center gap-2 text-sm text-slate-700">
        <span data-testid="limits-now-left">{t("table.nowLeft", { amount: money(data.remaining.now) })}</span>
        {data.night ? <Badge tone="warning">{t("table.night")}</Badge> : null}
      </div>
      <ListRows
        rows={rows}
        rowKey={(row) => row.kind}
        caption={t("table.caption")}
        testId="limit"
        columns={[
          {
            header: t("table.limit"),
            cell: (row: Row) => (
              <span>
                <span className="block font-medium text-slate-900">{t(`kinds.${row.kind}`)}</span>
                <span className="block text-xs text-slate-500">{t(`kindHints.${row.kind}`)}</span>
              </span>
            ),
            testId: "limit-kind",
          },
          { ...amountColumn(t("table.inForce"), (row: Row) => money(row.inForce)), testId: "limit-in-force" },
          {
            ...amountColumn(t("table.used"), (row: Row) => amount(row.used, row.usedIn), "w-[11rem]"),
            testId: "limit-used",
          },
          {
            ...amountColumn(t("table.left"), (row: Row) => amount(row.left, row.leftIn), "w-[11rem]"),
            testId: "limit-left",
          },
        ]}
        card={(row) => ({
          title: t(`kinds.${row.kind}`),
          amount: money(row.inForce),
          subtitle: row.used === null ? row.leftIn : `${t("table.used")} ${money(row.used)} ${row.usedIn}`,
          note: row.left === null ? undefined : `${t("table.left")} ${money(row.left)} ${row.leftIn}`,
        })}
      />
    </TitledCard>
  );
}
