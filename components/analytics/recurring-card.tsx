"use client";

import { useFormatter, useTranslations } from "next-intl";
import { Money } from "@/components/format/money";
import { TitledCard } from "@/components/ui/card";
import type { Analytics } from "./types";

/** Pix Automático: the monthly revenue of the active subscriptions, and how many are active. */
export function RecurringCard({ recurring }: { recurring: Analytics["recurring"] }) {
  const t = useTranslations("analytics.recurring");
  const format = useFormatter();
  return (
    <TitledCard title={t("title")} description={t("description")} data-testid="recurring">
      <div className="space-y-3">
        <Money
          cents={recurring.monthlyCents}
          className="block text-3xl font-semibold text-slate-900 tabular-nums"
          testId="recurring-mrr"
        />
        <dl className="grid grid-cols-2 gap-3 text-sm">
          <div>
            <dt className="text-slate-500">{t("active")}</dt>
            <dd className="font-medium text-slate-900 tabular-nums" data-testid="recurring-active">
              {format.number(recurring.active)}
            </dd>
          </div>
          <div>
            <dt className="text-slate-500">{t("failedAttempts")}</dt>
            <dd className="font-medium text-slate-900 tabular-nums" data-testid="recurring-failed">
              {format.number(recurring.failedAttempts)}
            </dd>
          </div>
        </dl>
        {recurring.variable > 0 ? (
          <p className="text-xs text-slate-500">{t("variable", { count: recurring.variable })}</p>
        ) : null}
      </div>
    </TitledCard>
  );
}
