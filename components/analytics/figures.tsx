"use client";

import { useFormatter, useTranslations } from "next-intl";
import { Money } from "@/components/format/money";
import { Card, TitledCard } from "@/components/ui/card";
import { ColumnHeads } from "@/components/ui/column-heads";
import { LoadingState } from "@/components/ui/list-states";
import { Placeholders, Skeleton } from "@/components/ui/skeleton";
import type { Analytics } from "./types";

const FIGURES = ["chargesPaid", "pixReceived", "pixSent", "refunds", "fees"] as const;

/** Count and total of each kind of movement in the period. */
export function FigureGrid({ totals }: { totals: Analytics["totals"] }) {
  const t = useTranslations("analytics.figures");
  return (
    <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5">
      {FIGURES.map((key) => (
        <Card key={key} className="p-4" data-testid={`figure-${key}`}>
          <dt className="text-xs font-medium text-slate-500">{t(key)}</dt>
          <dd className="mt-1.5">
            <Money
              cents={totals[key].totalCents}
              className="block text-lg font-semibold text-slate-900"
              testId={`figure-${key}-total`}
            />
            <span className="text-xs text-slate-500" data-testid={`figure-${key}-count`}>
              {t("count", { count: totals[key].count })}
            </span>
          </dd>
        </Card>
      ))}
    </dl>
  );
}

/** "1 min 30 s", "2 h 5 min", "3 d 4 h": how long a charge took to be paid on average. */
function useDuration(): (seconds: number) => string {
  const t = useTranslations("analytics.duration");
  return (seconds) => {
    if (seconds < 60) return t("seconds", { s: seconds });
    if (seconds < 3600) return t("minutes", { m: Math.floor(seconds / 60), s: seconds % 60 });
    if (seconds < 86_400) return t("hours", { h: Math.floor(seconds / 3600), m: Math.floor((seconds % 3600) / 60) });
    return t("days", { d: Math.floor(seconds / 86_400), h: Math.floor((seconds % 86_400) / 3600) });
  };
}

/** Charges created in the period and how many were paid, with the average time to pay. */
export function ConversionCard({ conversion }: { conversion: Analytics["conversion"] }) {
  const t = useTranslations("analytics.conversion");
  const format = useFormatter();
  const duration = useDuration();
  const rate = conversion.created > 0 ? conversion.paid / conversion.created : null;
  return (
    <TitledCard title={t("title")} description={t("description")} data-testid="conversion">
      {conversion.created === 0 ? (
        <p className="text-sm text-slate-600">{t("empty")}</p>
      ) : (
        <div className="space-y-4">
          <p className="text-3xl font-semibold text-slate-900 tabular-nums" data-testid="conversion-rate">
            {format.number(rate ?? 0, { style: "percent", maximumFractionDigits: 1 })}
          </p>
          <div
            className="h-2 overflow-hidden rounded-full bg-slate-100"
            role="progressbar"
            aria-label={t("title")}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={Math.round((rate ?? 0) * 100)}
          >
            <div className="h-full rounded-full bg-emerald-600" style={{ width: `${(rate ?? 0) * 100}%` }} />
          </div>
          <dl className="grid grid-cols-3 gap-3 text-sm">
            <div>
              <dt className="text-slate-500">{t("created")}</dt>
              <dd className="font-medium text-slate-900 tabular-nums">{format.number(conversion.created)}</dd>
            </div>
            <div>
              <dt className="text-slate-500">{t("paid")}</dt>
              <dd className="font-medium text-slate-900 tabular-nums">{format.number(conversion.paid)}</dd>
            </div>
            <div>
              <dt className="text-slate-500">{t("averageTime")}</dt>
              <dd className="font-medium text-slate-900 tabular-nums" data-testid="average-time">
                {conversion.averageSecondsToPay === null ? "—" : duration(conversion.averageSecondsToPay)}
              </dd>
            </div>
          </dl>
        </div>
      )}
    </TitledCard>
  );
}

type Ranked = { key: string; title: string; sub: string; count: number; totalCents: bigint };

/** Rows ranked by total, largest first (the first bar is full), with their count and total. */
function RankedCard({ namespace, testId, rows }: { namespace: "payers" | "links"; testId: string; rows: Ranked[] }) {
  const t = useTranslations(`analytics.${namespace}`);
  const max = rows[0]?.totalCents ?? 0n;
  return (
    <TitledCard title={t("title")} description={t("description")} data-testid={testId}>
      {rows.length === 0 ? (
        <p className="text-sm text-slate-600">{t("empty")}</p>
      ) : (
        <table className="w-full text-sm">
          <caption className="sr-only">{t("title")}</caption>
          <ColumnHeads
            className="sr-only"
            columns={[{ label: t("name") }, { label: t("payments") }, { label: t("total") }]}
          />
          <tbody>
            {rows.map((row) => (
              <tr key={row.key} className="align-top">
                <th scope="row" className="py-2 pr-3 text-left font-normal">
                  <span className="block truncate font-medium text-slate-900">{row.title}</span>
                  <span className="text-xs text-slate-500 tabular-nums">{row.sub}</span>
                  <span aria-hidden className="mt-1.5 block h-1.5 rounded-full bg-slate-100">
                    <span
                      className="block h-full rounded-full bg-emerald-500"
                      style={{ width: `${max > 0n ? Number((row.totalCents * 100n) / max) : 0}%` }}
                    />
                  </span>
                </th>
                <td className="py-2 pr-3 text-right text-xs text-slate-500 whitespace-nowrap">
                  {t("count", { count: row.count })}
                </td>
                <td className="py-2 text-right font-medium whitespace-nowrap text-slate-900">
                  <Money cents={row.totalCents} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </TitledCard>
  );
}

/** Who paid the most in the period. */
export function TopPayers({ payers }: { payers: Analytics["topPayers"] }) {
  const rows = payers.map((p) => ({ key: `${p.name}:${p.document}`, title: p.name, sub: p.document, ...p }));
  return <RankedCard namespace="payers" testId="top-payers" rows={rows} />;
}

/** Payments per payment link in the period. */
export function PaymentsByLink({ links }: { links: Analytics["paymentsByLink"] }) {
  const rows = links.map((l) => ({ key: l.linkId, title: l.description, sub: l.linkId, ...l }));
  return <RankedCard namespace="links" testId="payments-by-link" rows={rows} />;
}

export function AnalyticsSkeleton() {
  const t = useTranslations("analytics");
  return (
    <LoadingState label={t("loading")} testId="analytics-loading" className="space-y-4">
      <div className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5">
        <Placeholders count={5}>
          <Card className="space-y-2 p-4">
            <Skeleton className="h-3 w-20" />
            <Skeleton className="h-5 w-28" />
            <Skeleton className="h-3 w-16" />
          </Card>
        </Placeholders>
      </div>
      <Card className="space-y-4 p-6">
        <Skeleton className="h-4 w-48" />
        <Skeleton className="h-64 w-full" />
      </Card>
    </LoadingState>
  );
}
