"use client";

import { useTranslations } from "next-intl";
import type { ReactNode } from "react";
import { useNow } from "@/components/charges/status";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { cn } from "@/components/ui/cn";
import { ChevronDownIcon, UndoIcon } from "@/components/ui/icons";
import type { GatewayDeliveryView } from "@/server/trpc/routers/webhooks";
import { useDeliveryTime } from "./delivery-details";
import { useGatewayEventLabel } from "./events";
import { StatusDot } from "./shared";

type DeliveryStatus = GatewayDeliveryView["status"];

const STATUS_TONES = { pending: "warning", delivered: "success", failed: "danger", expired: "neutral" } as const;

export function DeliveryStatusBadge({ status }: { status: DeliveryStatus }) {
  const t = useTranslations("webhooks.deliveries.statuses");
  return (
    <Badge tone={STATUS_TONES[status]} className="whitespace-nowrap" data-testid="delivery-status">
      <StatusDot tone={STATUS_TONES[status]} />
      {t(status)}
    </Badge>
  );
}

export type RowsProps = {
  deliveries: GatewayDeliveryView[];
  onReplay: (delivery: GatewayDeliveryView) => void;
  replaying: string | undefined;
};

/** What a delivery's cells say, worded once for the table and the cards. */
export function useDeliveryLabels() {
  const t = useTranslations("webhooks.deliveries");
  const eventLabel = useGatewayEventLabel();
  const dateTime = useDeliveryTime();
  // Re-renders now and then, so "queued" shows as a scheduled attempt comes due.
  useNow(15_000);
  return (delivery: GatewayDeliveryView) => {
    const created = new Date(delivery.created_at);
    const next = delivery.next_attempt_at ? new Date(delivery.next_attempt_at) : null;
    const now = Date.now();
    return {
      event: eventLabel(delivery.event_type),
      created: dateTime(created),
      attempts: t("attempts", { count: delivery.attempts }),
      // A replay starts over (no attempts yet), though the row keeps its earlier attempt's time.
      lastAttempt: delivery.attempts > 0 && delivery.last_attempt_at ? dateTime(delivery.last_attempt_at) : null,
      next: next === null ? t("none") : next.getTime() <= now ? t("due") : dateTime(next),
    };
  };
}

export function ResponseCell({ delivery, lastAttempt }: { delivery: GatewayDeliveryView; lastAttempt: string | null }) {
  const t = useTranslations("webhooks.deliveries");
  if (lastAttempt === null) return <span className="text-slate-500">{t("notAttempted")}</span>;
  const code = delivery.last_status_code;
  const ok = code !== null && code >= 200 && code < 300;
  return (
    <span className="block min-w-0">
      {code === null ? (
        <span className="font-medium text-red-700">{t("noResponse")}</span>
      ) : (
        <Badge tone={ok ? "success" : "danger"} className="font-mono" data-testid="delivery-status-code">
          HTTP {code}
        </Badge>
      )}
      <span className="mt-0.5 block text-xs text-slate-500 tabular-nums">{lastAttempt}</span>
    </span>
  );
}

/**
 * A delivery's details toggle and its "Replay" button (disabled while it is pending: it is on its
 * way already, and the service refuses). In the table the toggle is only its chevron.
 */
export function RowActions({
  delivery,
  labels,
  open,
  onToggle,
  detailsId,
  compact = false,
  onReplay,
  replaying,
}: {
  delivery: GatewayDeliveryView;
  labels: { event: string; created: string };
  open: boolean;
  onToggle: () => void;
  detailsId: string;
  compact?: boolean;
  onReplay: (delivery: GatewayDeliveryView) => void;
  replaying: string | undefined;
}) {
  const t = useTranslations("webhooks.deliveries");
  const detailsLabel = t("detailsLabel", { event: labels.event, date: labels.created });
  const replayLabel = t("replayLabel", { event: labels.event, date: labels.created });
  const busy = replaying === delivery.event_id;
  return (
    <div className="flex justify-end gap-1">
      <Button
        variant="ghost"
        size={compact ? "icon" : "sm"}
        onClick={onToggle}
        aria-expanded={open}
        aria-controls={open ? detailsId : undefined}
        aria-label={detailsLabel}
        title={detailsLabel}
        data-testid="delivery-details-toggle"
      >
        {compact ? null : t("details")}
        <ChevronDownIcon className={cn("size-4 text-slate-500 transition-transform", open && "rotate-180")} />
      </Button>
      <Button
        variant="secondary"
        size="sm"
        onClick={() => onReplay(delivery)}
        disabled={delivery.status === "pending" || (replaying !== undefined && !busy)}
        loading={busy}
        aria-label={replayLabel}
        title={replayLabel}
        data-testid="replay-delivery"
      >
        {busy ? null : <UndoIcon className="size-4" />}
        {t("replay")}
      </Button>
    </div>
  );
}

export function CardField({ label, className, children }: { label: string; className?: string; children: ReactNode }) {
  return (
    <div className={cn("min-w-0", className)}>
      <dt className="text-xs text-slate-500">{label}</dt>
      <dd className="mt-0.5 text-slate-800">{children}</dd>
    </div>
  );
}
