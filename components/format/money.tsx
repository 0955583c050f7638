"use client";

import { useLocale, useTranslations } from "next-intl";
import { cn } from "@/components/ui/cn";
import { DetailRow } from "@/components/ui/detail-list";
import { formatBrl } from "@/server/money";
import type { EntryStatus, EntryType } from "./entry";

/** BRL in the active locale: "R$ 1.234,56" in pt-BR, "R$1,234.56" in en. */
export function useMoney(): (cents: bigint) => string {
  const locale = useLocale();
  return (cents) => formatBrl(cents, locale);
}

export function Money({ cents, className, testId }: { cents: bigint; className?: string; testId?: string }) {
  const money = useMoney();
  return (
    <span className={cn("tabular-nums", className)} data-testid={testId}>
      {money(cents)}
    </span>
  );
}

/** What moved, signed by direction: green "+R$ 10,00" in, slate "−R$ 10,00" out; struck out when it failed. */
export function SignedAmount({
  type,
  cents,
  status,
  className,
}: {
  type: EntryType;
  cents: bigint;
  status: EntryStatus;
  className?: string;
}) {
  const money = useMoney();
  const t = useTranslations("money");
  const formatted = money(cents);
  return (
    <span
      className={cn(
        "font-medium whitespace-nowrap tabular-nums",
        type === "credit" ? "text-emerald-700" : "text-slate-900",
        status === "failed" && "text-slate-400 line-through",
        className,
      )}
      data-testid="entry-amount"
    >
      <span className="sr-only">{t(type, { amount: formatted })}</span>
      <span aria-hidden="true">
        {type === "credit" ? "+" : "\u2212"}
        {formatted}
      </span>
    </span>
  );
}

/** A detail list's row holding an amount (`strong` for the one that matters most). */
export function AmountRow({
  label,
  cents,
  strong,
  testId,
}: {
  label: string;
  cents: bigint;
  strong?: boolean;
  testId?: string;
}) {
  return (
    <DetailRow label={label}>
      <Money cents={cents} className={strong ? "font-semibold" : undefined} testId={testId} />
    </DetailRow>
  );
}
