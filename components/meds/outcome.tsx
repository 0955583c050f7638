"use client";

import { useTranslations } from "next-intl";
import { useDateTime } from "@/components/format/date-time";
import { StatusBadge } from "@/components/format/entry";
import { AmountRow, Money } from "@/components/format/money";
import { DetailCard, DetailRow, NoValue } from "@/components/ui/detail-list";
import type { MedDetailView } from "@/server/meds/dashboard";

type Outcome = NonNullable<MedDetailView["outcome"]>;

/**
 * How a decided MED ended, as the merchant should understand it: decided by the platform's
 * analysis (its text for the merchant), what went back to the payer, what was never covered and
 * so not returned, and what is still owed.
 */
export function MedOutcome({ status, outcome }: { status: MedDetailView["status"]; outcome: Outcome }) {
  const t = useTranslations("meds.outcome");
  const dateTime = useDateTime();
  return (
    <DetailCard title={t("title")} testId="med-resolution" listTestId="med-outcome">
      <DetailRow label={t("decision")}>
        <span className="font-medium">{status === "accepted" ? t("accepted") : t("rejected")}</span>
        <span className="mt-0.5 block text-xs text-slate-500">
          {status === "accepted" ? t("acceptedHint") : t("rejectedHint")}
        </span>
      </DetailRow>
      <DetailRow label={t("decidedBy")}>
        <span data-testid="med-decided-by">{t("decidedByValue", { platform: outcome.decidedBy })}</span>
      </DetailRow>
      <DetailRow label={t("analysis")}>
        {outcome.analysis ? (
          <>
            <span className="block whitespace-pre-line" data-testid="med-analysis-text">
              {outcome.analysis.text}
            </span>
            <span className="mt-1 block text-xs text-slate-500">
              {t("analysisAt", { date: dateTime(outcome.analysis.createdAt, "medium") })}
            </span>
          </>
        ) : (
          <NoValue>{t("noAnalysis")}</NoValue>
        )}
      </DetailRow>
      <DetailRow label={t("refunded")}>
        <Money cents={outcome.refundedCents} className="font-semibold" testId="med-refunded" />
        {outcome.refundStatus ? <StatusBadge status={outcome.refundStatus} className="ml-2" /> : null}
      </DetailRow>
      {outcome.notRefundedCents > 0n ? (
        <DetailRow label={t("notRefunded")}>
          <Money cents={outcome.notRefundedCents} testId="med-not-refunded" />
          <span className="mt-0.5 block text-xs text-slate-500">{t("notRefundedHint")}</span>
        </DetailRow>
      ) : null}
      <AmountRow label={t("owed")} cents={outcome.owedCents} testId="med-outcome-owed" />
    </DetailCard>
  );
}
