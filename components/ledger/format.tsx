"use client";

import { useFormatter, useLocale, useTranslations } from "next-intl";
import { Badge } from "@/components/ui/badge";
import { cn } from "@/components/ui/cn";
import { ENTRY_REASONS, type EntryReason, isEntryReason } from "@/server/ledger/types";
import { formatBrl } from "@/server/money";
import type { EntryView } from "@/server/trpc/routers/ledger";

export type EntryType = EntryView["type"];
export type EntryStatus = EntryView["status"];
export type Party = NonNullable<EntryView["payer"]>;

/** Message keys (ledger.reasons.*) of the reasons the ledger knows; anything else shows its code. */
const REASON_KEYS = {
  "pix_in:qrcode_paid": "pixInQrcodePaid",
  "pix_in:credited": "pixInCredited",
  "pix_out:processing": "pixOutProcessing",
  "pix_out:emv_pay": "pixOutEmvPay",
  "pix_in:refunded_processing": "pixInRefunded",
  "pix_out:refunded_processing": "pixOutRefunded",
  "internal:transfer_out": "internalOut",
  "internal:transfer_in": "internalIn",
} as const satisfies Record<EntryReason, string>;

export type KnownReason = EntryReason;
export const KNOWN_REASONS = ENTRY_REASONS;
export const isKnownReason = isEntryReason;

/** A reason code as the merchant reads it ("pix_out:processing" → "PIX sent"). */
export function useReasonLabel(): (reason: string) => string {
  const t = useTranslations("ledger.reasons");
  return (reason) => (isKnownReason(reason) ? t(REASON_KEYS[reason]) : reason);
}

/** BRL in the active locale: "R$ 1.234,56" in pt-BR, "R$1,234.56" in en. */
export function useMoney(): (cents: bigint) => string {
  const locale = useLocale();
  return (cents) => formatBrl(cents, locale);
}

/** Date and time in the locale, Brasília time (the request config's time zone). */
export function useDateTime(): (date: Date, style?: "short" | "medium") => string {
  const format = useFormatter();
  return (date, style = "short") => format.dateTime(date, { dateStyle: style, timeStyle: style });
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

const STATUS_TONES = { processing: "warning", succeeded: "success", failed: "danger" } as const;

export function StatusBadge({ status, className }: { status: EntryStatus; className?: string }) {
  const t = useTranslations("ledger.statuses");
  return (
    <Badge tone={STATUS_TONES[status]} className={className} data-testid="entry-status">
      <span
        aria-hidden="true"
        className={cn(
          "size-1.5 rounded-full",
          status === "processing" && "bg-amber-500",
          status === "succeeded" && "bg-emerald-500",
          status === "failed" && "bg-red-500",
        )}
      />
      {t(status)}
    </Badge>
  );
}

/** The other side of an entry: who paid a credit, who received a debit. */
export function counterpartyOf(entry: Pick<EntryView, "type" | "payer" | "receiver">): Party | null {
  return entry.type === "credit" ? entry.payer : entry.receiver;
}

/** "E9999999920260101…a1b2": long ids shortened for tables, whole in the title and detail. */
export function truncateId(id: string, head = 10, tail = 4): string {
  return id.length <= head + tail + 1 ? id : `${id.slice(0, head)}…${id.slice(-tail)}`;
}

/** Where an entry's detail lives; the account disambiguates ids shared by both sides of a movement. */
export function entryHref(entry: { id: string; accountId: string }, back?: string): string {
  const params = new URLSearchParams({ account: entry.accountId });
  if (back) params.set("back", back);
  return `/ledger/${encodeURIComponent(entry.id)}?${params.toString()}`;
}
