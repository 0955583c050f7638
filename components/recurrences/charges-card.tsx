"use client";

import { useTranslations } from "next-intl";
import { useCalendarDate } from "@/components/format/date-time";
import { useMoney } from "@/components/format/money";
import { Badge } from "@/components/ui/badge";
import { TitledCard } from "@/components/ui/card";
import type { RecurrenceDetail } from "@/server/trpc/routers/recurrences";

type Charge = RecurrenceDetail["charges"][number];

const CHARGE_TONES = {
  CRIADA: "warning",
  ATIVA: "warning",
  CONCLUIDA: "success",
  EXPIRADA: "neutral",
  REJEITADA: "danger",
  CANCELADA: "neutral",
} as const;

const ATTEMPT_TONES = {
  SOLICITADA: "warning",
  AGENDADA: "warning",
  PAGA: "success",
  CANCELADA: "neutral",
  REJEITADA: "danger",
  EXPIRADA: "neutral",
} as const;

function ChargeItem({ charge }: { charge: Charge }) {
  const t = useTranslations("recurrences.charges");
  const money = useMoney();
  const day = useCalendarDate();
  return (
    <li className="space-y-2 py-3 first:pt-0 last:pb-0" data-testid="recurrence-charge" data-status={charge.status}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div className="min-w-0">
          <p className="font-medium text-slate-900">{t("dueOn", { date: day(charge.dueDate) })}</p>
          <p className="font-mono text-xs text-slate-500">{charge.txId}</p>
        </div>
        <div className="flex items-center gap-2">
          <span className="font-medium text-slate-900 tabular-nums">{money(charge.amountCents)}</span>
          <Badge tone={CHARGE_TONES[charge.status]} data-testid="recurrence-charge-status">
            {t(`statuses.${charge.status}`)}
          </Badge>
        </div>
      </div>
      {charge.attempts.length > 0 ? (
        <ol className="space-y-1 border-l border-slate-200 pl-3 text-xs" aria-label={t("attempts")}>
          {charge.attempts.map((attempt) => (
            <li
              key={attempt.id}
              className="flex flex-wrap items-center gap-2 text-slate-600"
              data-testid="recurrence-attempt"
              data-status={attempt.status}
            >
              <span className="tabular-nums">{day(attempt.settlementDate)}</span>
              <span>{t(`kinds.${attempt.kind}`)}</span>
              <Badge tone={ATTEMPT_TONES[attempt.status]}>{t(`attemptStatuses.${attempt.status}`)}</Badge>
              {attempt.rejectionCode ? <span className="font-mono">{attempt.rejectionCode}</span> : null}
            </li>
          ))}
        </ol>
      ) : null}
    </li>
  );
}

/** Each cycle's recurring charge (cobr), latest first, with its settlement attempts. */
export function ChargesCard({ recurrence }: { recurrence: RecurrenceDetail }) {
  const t = useTranslations("recurrences.charges");
  return (
    <TitledCard title={t("title")} description={t("description")} data-testid="recurrence-charges">
      {recurrence.charges.length === 0 ? (
        <p className="text-sm text-slate-600">{t("none")}</p>
      ) : (
        <ul className="divide-y divide-slate-100 text-sm">
          {recurrence.charges.map((charge) => (
            <ChargeItem key={charge.txId} charge={charge} />
          ))}
        </ul>
      )}
    </TitledCard>
  );
}
