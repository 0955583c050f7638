"use client";

import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useFormatter, useTranslations } from "next-intl";
import { useState } from "react";
import { Money } from "@/components/format/money";
import { useTRPC } from "@/components/providers/trpc-provider";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { cn } from "@/components/ui/cn";
import { EmptyState } from "@/components/ui/empty-state";
import { BookIcon } from "@/components/ui/icons";
import { ListStates } from "@/components/ui/list-states";
import { ANALYTICS_PERIODS, type AnalyticsPeriod } from "@/server/analytics/schema";
import { AnalyticsSkeleton, ConversionCard, FigureGrid, PaymentsByLink, TopPayers } from "./figures";
import { MoneyChart } from "./money-chart";
import { RecurringCard } from "./recurring-card";

/** How the business went over the last 7, 30 or 90 São Paulo days: figures, chart, payers. */
export function OverviewAnalytics() {
  const t = useTranslations("analytics");
  const trpc = useTRPC();
  const format = useFormatter();
  const [days, setDays] = useState<AnalyticsPeriod>(30);
  const query = useQuery(trpc.analytics.overview.queryOptions({ days }, { placeholderData: keepPreviousData }));
  const day = (value: string) => format.dateTime(new Date(`${value}T12:00:00Z`), { dateStyle: "medium" });

  return (
    <section aria-labelledby="analytics-heading" className="space-y-4" data-testid="overview-analytics">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h2 id="analytics-heading" className="text-sm font-semibold tracking-wide text-slate-500 uppercase">
            {t("title")}
          </h2>
          {query.data ? (
            <p className="mt-1 text-sm text-slate-600" data-testid="analytics-range">
              {t("range", { from: day(query.data.firstDay), to: day(query.data.lastDay) })}
            </p>
          ) : null}
        </div>
        <fieldset className="inline-flex rounded-lg border border-slate-200 bg-white p-0.5 shadow-sm">
          <legend className="sr-only">{t("period")}</legend>
          {ANALYTICS_PERIODS.map((value) => (
            <button
              key={value}
              type="button"
              aria-pressed={days === value}
              onClick={() => setDays(value)}
              data-testid={`period-${value}`}
              className={cn(
                "rounded-md px-3 py-1.5 text-sm font-medium transition-colors",
                days === value ? "bg-emerald-700 text-white" : "text-slate-700 hover:bg-slate-100",
              )}
            >
              {t("days", { count: value })}
            </button>
          ))}
        </fieldset>
      </div>

      <ListStates
        query={query}
        loading={<AnalyticsSkeleton />}
        error={{ title: t("error.title"), body: t("error.body"), testId: "analytics-error" }}
        isEmpty={() => false}
        empty={null}
      >
        {(data) => {
          const quiet = data.totals.moneyIn.count === 0 && data.totals.moneyOut.count === 0;
          return (
            <div
              className={cn("space-y-4 transition-opacity", query.isPlaceholderData && "opacity-60")}
              aria-busy={query.isFetching || undefined}
            >
              <FigureGrid totals={data.totals} />
              <Card>
                <CardHeader>
                  <CardTitle>{t("chart.title")}</CardTitle>
                  <CardDescription>
                    {t("chart.in")}{" "}
                    <Money
                      cents={data.totals.moneyIn.totalCents}
                      className="font-medium text-emerald-800"
                      testId="money-in-total"
                    />
                    {" · "}
                    {t("chart.out")}{" "}
                    <Money
                      cents={data.totals.moneyOut.totalCents}
                      className="font-medium text-slate-800"
                      testId="money-out-total"
                    />
                  </CardDescription>
                </CardHeader>
                <CardContent>
                  {quiet ? (
                    <EmptyState
                      icon={BookIcon}
                      title={t("empty.title")}
                      description={t("empty.body", { count: days })}
                      className="py-10 sm:py-12"
                    />
                  ) : (
                    <MoneyChart days={data.days} />
                  )}
                </CardContent>
              </Card>
              <div className="grid gap-4 lg:grid-cols-2">
                <ConversionCard conversion={data.conversion} />
                <TopPayers payers={data.topPayers} />
                <RecurringCard recurring={data.recurring} />
                {data.paymentsByLink.length > 0 ? <PaymentsByLink links={data.paymentsByLink} /> : null}
              </div>
            </div>
          );
        }}
      </ListStates>
    </section>
  );
}
