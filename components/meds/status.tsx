"use client";

import { useTranslations } from "next-intl";
import { useNow } from "@/components/charges/status";
import { Badge } from "@/components/ui/badge";
import { cn } from "@/components/ui/cn";
import { DetailRow } from "@/components/ui/detail-list";
import { ClockIcon } from "@/components/ui/icons";
import { MED_STATUSES } from "@/server/meds/schema";
import { deadlineLeft } from "./deadline";

export type MedStatus = (typeof MED_STATUSES)[number];
export { MED_STATUSES, useNow };

const TONES = { under_analysis: "warning", accepted: "danger", rejected: "success" } as const;
const DOTS = { under_analysis: "bg-amber-500", accepted: "bg-red-500", rejected: "bg-emerald-500" };

export function MedStatusBadge({ status, className }: { status: MedStatus; className?: string }) {
  const t = useTranslations("meds.statuses");
  return (
    <Badge tone={TONES[status]} className={cn("whitespace-nowrap", className)} data-testid="med-status">
      <span aria-hidden="true" className={cn("size-1.5 rounded-full", DOTS[status])} />
      {t(status)}
    </Badge>
  );
}

/** A MED's status as a row of its detail card. */
export function MedStatusRow({ label, status }: { label: string; status: MedStatus }) {
  return (
    <DetailRow label={label}>
      <MedStatusBadge status={status} />
    </DetailRow>
  );
}

/**
 * The defense deadline as a countdown ("5 dias restantes"), red within 2 days and once passed;
 * once a defense is in or the MED is resolved there is nothing left to count.
 */
export function DeadlineCountdown({
  med,
  now,
  className,
}: {
  med: { status: MedStatus; defenseSubmitted: boolean; defenseDeadline: Date };
  now: number;
  className?: string;
}) {
  const t = useTranslations("meds.deadline");
  if (med.status !== "under_analysis" || med.defenseSubmitted) {
    return (
      <span className={cn("text-xs text-slate-500", className)} data-testid="med-deadline">
        {med.status === "under_analysis" ? t("defenseSent") : t("closed")}
      </span>
    );
  }
  const left = deadlineLeft(med.defenseDeadline, now);
  return (
    <span
      data-testid="med-deadline"
      data-warning={left.warning ? "true" : undefined}
      className={cn(
        "inline-flex items-center gap-1 text-xs font-medium whitespace-nowrap tabular-nums",
        left.warning ? "text-red-700" : "text-slate-700",
        className,
      )}
    >
      <ClockIcon aria-hidden="true" className="size-3.5" />
      {left.unit === "expired" ? t("expired") : t(left.unit, { count: left.count })}
    </span>
  );
}
