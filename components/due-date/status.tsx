"use client";

import { useTranslations } from "next-intl";
import { Badge } from "@/components/ui/badge";
import { cn } from "@/components/ui/cn";
import type { DueDateChargeRow } from "@/server/trpc/routers/due-date-charges";

/** A due-date charge's status as the merchant reads it: an open one past its due date is overdue. */
export type DueDateStatus = DueDateChargeRow["status"] | "overdue";

export function dueDateStatusOf(row: Pick<DueDateChargeRow, "status" | "overdue">): DueDateStatus {
  return row.status === "created" && row.overdue ? "overdue" : row.status;
}

const TONES = {
  created: "warning",
  overdue: "danger",
  paid: "success",
  expired: "neutral",
  cancelled: "neutral",
} as const;
const DOTS = {
  created: "bg-amber-500",
  overdue: "bg-red-500",
  paid: "bg-emerald-500",
  expired: "bg-slate-400",
  cancelled: "bg-slate-400",
};

export function DueDateStatusBadge({ row }: { row: Pick<DueDateChargeRow, "status" | "overdue"> }) {
  const t = useTranslations("dueDateCharges.statuses");
  const status = dueDateStatusOf(row);
  return (
    <Badge tone={TONES[status]} className="whitespace-nowrap" data-testid="due-date-status" data-status={status}>
      <span aria-hidden="true" className={cn("size-1.5 rounded-full", DOTS[status])} />
      {t(status)}
    </Badge>
  );
}
