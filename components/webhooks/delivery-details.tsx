"use client";

import { useFormatter, useTranslations } from "next-intl";
import { CopyButton } from "@/components/ui/copy-button";
import type { GatewayDeliveryView } from "@/server/trpc/routers/webhooks";

/** "21/11/2026, 14:03:22": retries are seconds apart, so the log shows them. */
export function useDeliveryTime(): (date: Date | string) => string {
  const format = useFormatter();
  return (date) => format.dateTime(new Date(date), { dateStyle: "short", timeStyle: "medium" });
}

/** The event id (the X-Service-Event-Id of every attempt), the last error and the payload sent. */
export function DeliveryDetails({ id, delivery }: { id: string; delivery: GatewayDeliveryView }) {
  const t = useTranslations("webhooks.deliveries");
  const dateTime = useDeliveryTime();
  return (
    <div id={id} className="space-y-3 text-sm" data-testid="delivery-details">
      <dl className="grid gap-x-6 gap-y-2 sm:grid-cols-[9rem_minmax(0,1fr)]">
        <dt className="text-slate-500">{t("eventId")}</dt>
        <dd className="flex min-w-0 items-center gap-2">
          <span className="min-w-0 font-mono text-xs break-all text-slate-900">{delivery.event_id}</span>
          <CopyButton value={delivery.event_id} label={t("eventId")} className="shrink-0" />
        </dd>
        <dt className="text-slate-500">{t("createdAt")}</dt>
        <dd className="text-slate-900 tabular-nums">{dateTime(delivery.created_at)}</dd>
        {delivery.delivered_at ? (
          <>
            <dt className="text-slate-500">{t("deliveredAt")}</dt>
            <dd className="text-slate-900 tabular-nums">{dateTime(delivery.delivered_at)}</dd>
          </>
        ) : null}
        {delivery.last_error ? (
          <>
            <dt className="text-slate-500">{t("lastError")}</dt>
            <dd className="break-words text-red-700" data-testid="delivery-last-error">
              {delivery.last_error}
            </dd>
          </>
        ) : null}
      </dl>
      <div className="space-y-1.5">
        <p className="text-slate-500">{t("payload")}</p>
        <pre className="max-h-64 overflow-auto rounded-lg border border-slate-200 bg-white p-3 font-mono text-xs text-slate-800">
          {JSON.stringify(delivery.payload, null, 2)}
        </pre>
      </div>
    </div>
  );
}
