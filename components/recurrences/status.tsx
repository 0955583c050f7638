"use client";

import { useTranslations } from "next-intl";
import { Badge } from "@/components/ui/badge";
import { cn } from "@/components/ui/cn";
import type { RecStatus } from "@/server/recurrences/status";

const TONES = {
  CRIADA: "warning",
  APROVADA: "success",
  REJEITADA: "danger",
  EXPIRADA: "neutral",
  CANCELADA: "neutral",
} as const;
const DOTS = {
  CRIADA: "bg-amber-500",
  APROVADA: "bg-emerald-500",
  REJEITADA: "bg-red-500",
  EXPIRADA: "bg-slate-400",
  CANCELADA: "bg-slate-400",
};

export function RecurrenceStatusBadge({ status }: { status: RecStatus }) {
  const t = useTranslations("recurrences.statuses");
  return (
    <Badge tone={TONES[status]} className="whitespace-nowrap" data-testid="recurrence-status" data-status={status}>
      <span aria-hidden="true" className={cn("size-1.5 rounded-full", DOTS[status])} />
      {t(status)}
    </Badge>
  );
}
