"use client";

import { useTranslations } from "next-intl";
import { Badge } from "@/components/ui/badge";
import { cn } from "@/components/ui/cn";
import { ENTRY_REASONS, type EntryReason, isEntryReason, REASON_MESSAGE_KEYS } from "@/server/ledger/types";
import type { EntryView } from "@/server/trpc/routers/ledger";

export type EntryType = EntryView["type"];
export type EntryStatus = EntryView["status"];
export type Party = NonNullable<EntryView["payer"]>;

export type KnownReason = EntryReason;
export const KNOWN_REASONS = ENTRY_REASONS;
export const isKnownReason = isEntryReason;

/** A reason code as the merchant reads it ("pix_out:processing" → "PIX sent"). */
export function useReasonLabel(): (reason: string) => string {
  const t = useTranslations("ledger.reasons");
  return (reason) => (isKnownReason(reason) ? t(REASON_MESSAGE_KEYS[reason]) : reason);
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

/** Where an entry's detail lives; the account disambiguates ids shared by both sides of a movement. */
export function entryHref(entry: { id: string; accountId: string }, back?: string): string {
  const params = new URLSearchParams({ account: entry.accountId });
  if (back) params.set("back", back);
  return `/ledger/${encodeURIComponent(entry.id)}?${params.toString()}`;
}
