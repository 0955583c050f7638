"use client";

import { useTranslations } from "next-intl";
import type { MedStatus } from "@/server/meds/service";

const DAY = 24 * 60 * 60 * 1000;

/** "2 dias restantes", "vence hoje", "prazo encerrado" (only while the MED waits for a decision). */
export function DeadlineLabel({ deadline, status, now }: { deadline: Date; status: MedStatus; now: number }) {
  const t = useTranslations("adminMeds.deadline");
  if (status !== "under_analysis") return <span className="text-slate-400">—</span>;
  const left = deadline.getTime() - now;
  if (left <= 0) return <span className="font-medium text-red-700">{t("expired")}</span>;
  const days = Math.floor(left / DAY);
  const tone = days < 2 ? "font-medium text-amber-700" : "text-slate-600";
  return <span className={tone}>{days === 0 ? t("today") : t("daysLeft", { days })}</span>;
}
