"use client";

import { useFormatter, useTranslations } from "next-intl";
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import type { NetworkHour } from "@/server/pix/monitoring";

const IN_COLOR = "#059669";
const OUT_COLOR = "#64748b";

/** Messages received and sent per hour (bars); the same figures are in the hourly table beside it. */
export function MessagesChart({ hours }: { hours: NetworkHour[] }) {
  const t = useTranslations("adminNetwork.hourly");
  const format = useFormatter();
  const hourLabel = (value: number) => format.dateTime(new Date(value), { hour: "2-digit", minute: "2-digit" });
  const data = hours.map((h) => ({ hour: h.hour.getTime(), in: h.messagesIn, out: h.messagesOut }));
  return (
    <figure aria-labelledby="network-chart-caption" className="h-56 w-full" data-testid="network-chart">
      <figcaption id="network-chart-caption" className="sr-only">
        {t("chartCaption")}
      </figcaption>
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={data} margin={{ top: 8, right: 8, left: 0, bottom: 0 }} barGap={1}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} stroke="#e2e8f0" />
          <XAxis
            dataKey="hour"
            tickFormatter={hourLabel}
            tick={{ fontSize: 11, fill: "#475569" }}
            tickLine={false}
            axisLine={{ stroke: "#cbd5e1" }}
            minTickGap={16}
          />
          <YAxis
            allowDecimals={false}
            tickFormatter={(value: number) => format.number(value)}
            tick={{ fontSize: 11, fill: "#475569" }}
            tickLine={false}
            axisLine={false}
            width={40}
          />
          <Tooltip
            cursor={{ fill: "#f1f5f9" }}
            labelFormatter={(label) => hourLabel(Number(label))}
            formatter={(value) => format.number(Number(value))}
          />
          <Legend wrapperStyle={{ fontSize: 12 }} />
          <Bar dataKey="in" name={t("in")} fill={IN_COLOR} radius={[2, 2, 0, 0]} isAnimationActive={false} />
          <Bar dataKey="out" name={t("out")} fill={OUT_COLOR} radius={[2, 2, 0, 0]} isAnimationActive={false} />
        </BarChart>
      </ResponsiveContainer>
    </figure>
  );
}
