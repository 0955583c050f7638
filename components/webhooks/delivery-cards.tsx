"use client";

import { useTranslations } from "next-intl";
import { useToggleSet } from "@/components/ui/toggle-set";
import { DeliveryDetails } from "./delivery-details";
import {
  CardField,
  DeliveryStatusBadge,
  ResponseCell,
  RowActions,
  type RowsProps,
  useDeliveryLabels,
} from "./delivery-row-parts";

export function DeliveryCards({ deliveries, onReplay, replaying }: RowsProps) {
  const t = useTranslations("webhooks.deliveries");
  const labelsOf = useDeliveryLabels();
  const [expanded, toggle] = useToggleSet();
  return (
    <ul className="space-y-2 xl:hidden" data-testid="delivery-cards">
      {deliveries.map((delivery) => {
        const labels = labelsOf(delivery);
        const open = expanded.has(delivery.id);
        const detailsId = `delivery-card-${delivery.id}`;
        return (
          <li
            key={delivery.id}
            className="rounded-lg border border-slate-200 bg-white p-4"
            data-testid="delivery-card"
            data-event-id={delivery.event_id}
            data-status={delivery.status}
          >
            <div className="flex items-start justify-between gap-3">
              <div className="min-w-0">
                <p className="truncate text-sm font-medium text-slate-900">{labels.event}</p>
                <p className="truncate font-mono text-xs text-slate-500">{delivery.event_type}</p>
              </div>
              <DeliveryStatusBadge status={delivery.status} />
            </div>
            <dl className="mt-3 grid grid-cols-2 gap-x-4 gap-y-3 border-t border-slate-100 pt-3 text-sm sm:grid-cols-3">
              <CardField label={t("columns.attempts")}>
                <span className="tabular-nums">{labels.attempts}</span>
              </CardField>
              <CardField label={t("columns.nextAttempt")}>
                <span className="tabular-nums">{labels.next}</span>
              </CardField>
              <CardField label={t("columns.lastResponse")} className="col-span-2 sm:col-span-1">
                <ResponseCell delivery={delivery} lastAttempt={labels.lastAttempt} />
              </CardField>
            </dl>
            <div className="mt-3 flex flex-wrap items-center justify-between gap-2">
              <span className="text-xs text-slate-500 tabular-nums">
                {labels.created}
                {delivery.manual_replay ? ` · ${t("manualReplay")}` : null}
              </span>
              <RowActions
                delivery={delivery}
                labels={labels}
                open={open}
                onToggle={() => toggle(delivery.id)}
                detailsId={detailsId}
                onReplay={onReplay}
                replaying={replaying}
              />
            </div>
            {open ? (
              <div className="mt-3 border-t border-slate-100 pt-3">
                <DeliveryDetails id={detailsId} delivery={delivery} />
              </div>
            ) : null}
          </li>
        );
      })}
    </ul>
  );
}
