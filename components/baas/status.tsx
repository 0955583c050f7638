"use client";

import { useTranslations } from "next-intl";
import { Badge } from "@/components/ui/badge";
import type { OnboardingStatusName } from "@/server/onboarding/schema";

const TONES = {
  PENDING_EMAIL_VERIFICATION: "neutral",
  PENDING_DOCUMENTS: "warning",
  UNDER_REVIEW: "accent",
  APPROVED: "success",
  REJECTED: "danger",
} as const;

export function ProposalStatusBadge({ status }: { status: OnboardingStatusName }) {
  const t = useTranslations("onboardingStatus");
  return (
    <Badge tone={TONES[status]} data-testid="proposal-status" data-status={status}>
      {t(status)}
    </Badge>
  );
}
