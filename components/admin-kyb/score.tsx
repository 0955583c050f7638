"use client";

import { useTranslations } from "next-intl";
import { Badge } from "@/components/ui/badge";
import type { Recommendation } from "@/server/kyb/score";

const TONES = { approve: "success", review: "warning", refuse: "danger" } as const;

/** A company's latest risk score with its recommendation, and whether a re-screening flagged it. */
export function KybScoreBadge({
  kyb,
}: {
  kyb: { score: number; recommendation: Recommendation; flagged: boolean } | null;
}) {
  const t = useTranslations("adminOnboarding.kyb.score");
  if (!kyb) return null;
  return (
    <span className="inline-flex items-center gap-1.5" data-testid="kyb-score" data-score={kyb.score}>
      <Badge tone={TONES[kyb.recommendation]} data-recommendation={kyb.recommendation}>
        <span className="tabular-nums">{t("label", { score: kyb.score })}</span> ·{" "}
        {t(`recommendations.${kyb.recommendation}`)}
      </Badge>
      {kyb.flagged ? (
        <Badge tone="danger" data-testid="kyb-flagged">
          {t("flagged")}
        </Badge>
      ) : null}
    </span>
  );
}
