"use client";

import { useTranslations } from "next-intl";
import { useEffect, useState } from "react";
import { useMoney } from "@/components/format/money";
import { Badge } from "@/components/ui/badge";
import { cn } from "@/components/ui/cn";
import { CHARGE_STATUSES } from "@/server/charges/schema";
import type { ChargeView } from "@/server/trpc/routers/charges";

export type ChargeStatus = ChargeView["status"];
export { CHARGE_STATUSES };

/** The clock, ticking every `intervalMs`, for countdowns and "expired" as it happens. */
export function useNow(intervalMs = 1000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}

/** A charge still `created` past its expiry is expired for the payer, before the job marks it so. */
export function displayStatus(charge: Pick<ChargeView, "status" | "expiresAt">, now: number): ChargeStatus {
  return charge.status === "created" && charge.expiresAt.getTime() <= now ? "expired" : charge.status;
}

const TONES = { created: "warning", paid: "success", expired: "neutral", cancelled: "danger" } as const;
const DOTS = { created: "bg-amber-500", paid: "bg-emerald-500", expired: "bg-slate-400", cancelled: "bg-red-500" };

export function ChargeStatusBadge({ status, className }: { status: ChargeStatus; className?: string }) {
  const t = useTranslations("charges.statuses");
  return (
    <Badge tone={TONES[status]} className={cn("whitespace-nowrap", className)} data-testid="charge-status">
      <span aria-hidden="true" className={cn("size-1.5 rounded-full", DOTS[status])} />
      {t(status)}
    </Badge>
  );
}

/** "Paga · devolvido R$ 10,00 de R$ 50,00": the status, and what was refunded of a paid charge. */
export function ChargeStatusCell({ charge, status }: { charge: ChargeView; status: ChargeStatus }) {
  const t = useTranslations("charges.list");
  const money = useMoney();
  return (
    <span className="inline-flex flex-wrap items-center gap-x-1.5 gap-y-1">
      <ChargeStatusBadge status={status} />
      {status === "paid" && charge.refundedCents > 0n ? (
        <span className="text-xs text-slate-600 tabular-nums" data-testid="charge-refunded">
          <span aria-hidden="true">· </span>
          {t("refunded", { refunded: money(charge.refundedCents), amount: money(charge.amountCents) })}
        </span>
      ) : null}
    </span>
  );
}

const pad = (value: number) => String(value).padStart(2, "0");

/** "14:59", "23:59:59", "6 d 23:59:59": the time left until `until`, never below zero. */
export function useCountdownText(): (until: Date, now: number) => string {
  const t = useTranslations("charges.countdown");
  return (until, now) => {
    const total = Math.max(0, Math.floor((until.getTime() - now) / 1000));
    const days = Math.floor(total / 86_400);
    const hours = Math.floor((total % 86_400) / 3600);
    const minutes = Math.floor((total % 3600) / 60);
    const seconds = total % 60;
    if (days > 0) return t("withDays", { days, time: `${pad(hours)}:${pad(minutes)}:${pad(seconds)}` });
    if (hours > 0) return `${hours}:${pad(minutes)}:${pad(seconds)}`;
    return `${pad(minutes)}:${pad(seconds)}`;
  };
}
