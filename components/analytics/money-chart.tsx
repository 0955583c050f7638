"use client";

import { useFormatter, useLocale, useTranslations } from "next-intl";
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { useMoney } from "@/components/format/money";
import { SeriesTable } from "@/components/ui/series-table";
import type { Analytics } from "./types";

const IN_COLOR = "#059669";
const OUT_COLOR = "#64748b";

/** A São Paulo day ("2026-11-20") as a Date that falls on that day in Brasília time. */
export const dayDate = (day: string) => new Date(`${day}T12:00:00Z`);

/** Money in vs out per day (bars), BRL tooltips, and the same figures as a table for screen readers. */
export function MoneyChart({ days }: { days: Analytics["days"] }) {
  const t = useTranslations("analytics.chart");
  const format = useFormatter();
  const locale = useLocale();
  const money = useMoney();
  const compact = new Intl.NumberFormat(locale, {
    style: "currency",
    currency: "BRL",
    notation: "compact",
    maximumFractionDigits: 1,
  });
  const data = days.map((d) => ({ day: d.day, in: Number(d.inCents) / 100, out: Number(d.outCents) / 100 }));
  const dayLabel = (day: string) => format.dateTime(dayDate(day), { day: "2-digit", month: "short" });
  const fullDay = (day: string) => format.dateTime(dayDate(day), { dateStyle: "medium" });
  const brl = (value: number) => money(BigInt(Math.round(value * 100)));

  return (
    <div className="space-y-3">
      <figure aria-labelledby="money-chart-caption" className="h-72 w-full" data-testid="money-chart">
        <figcaption id="money-chart-caption" className="sr-only">
          {t("caption")}
        </figcaption>
        <ResponsiveContainer width="100%" height="100%">
          <BarChart data={data} margin={{ top: 8, right: 8, left: 8, bottom: 0 }} barGap={2}>
            <CartesianGrid strokeDasharray="3 3" vertical={false} stroke="#e2e8f0" />
            <XAxis
              dataKey="day"
              tickFormatter={dayLabel}
              tick={{ fontSize: 12, fill: "#475569" }}
              tickLine={false}
              axisLine={{ stroke: "#cbd5e1" }}
              minTickGap={16}
            />
            <YAxis
              tickFormatter={(value: number) => compact.format(value)}
              tick={{ fontSize: 12, fill: "#475569" }}
              tickLine={false}
              axisLine={false}
              width={72}
            />
            <Tooltip
              cursor={{ fill: "#f1f5f9" }}
              labelFormatter={(label) => fullDay(String(label))}
              formatter={(value) => brl(Number(value))}
            />
            <Legend wrapperStyle={{ fontSize: 12 }} />
            <Bar dataKey="in" name={t("in")} fill={IN_COLOR} radius={[3, 3, 0, 0]} isAnimationActive={false} />
            <Bar dataKey="out" name={t("out")} fill={OUT_COLOR} radius={[3, 3, 0, 0]} isAnimationActive={false} />
          </BarChart>
        </ResponsiveContainer>
      </figure>
      <details className="group text-sm">
        <summary className="cursor-pointer rounded-md font-medium text-emerald-800 hover:underline">
          {t("showTable")}
        </summary>
        <SeriesTable
          caption={t("caption")}
          testId="money-table"
          className="mt-3 max-h-80"
          headClassName="uppercase"
          columns={[
            { label: t("day"), cell: (d) => fullDay(d.day) },
            { label: t("in"), cell: (d) => money(d.inCents) },
            { label: t("out"), cell: (d) => money(d.outCents) },
          ]}
          rows={days}
          rowKey={(d) => d.day}
        />
      </details>
    </div>
  );
}
