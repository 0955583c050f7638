"use client";

import { useTranslations } from "next-intl";
import { Fragment } from "react";
import { useToggleSet } from "@/components/ui/toggle-set";
import { DeliveryDetails } from "./delivery-details";
import { DeliveryStatusBadge, ResponseCell, RowActions, type RowsProps, useDeliveryLabels } from "./delivery-row-parts";

export function DeliveryTable({ deliveries, onReplay, replaying }: RowsProps) {
  const t = useTranslations("webhooks.deliveries");
  const labelsOf = useDeliveryLabels();
  const [expanded, toggle] = useToggleSet();
  return (
    <div className="hidden overflow-hidden rounded-lg border border-slate-200 bg-white xl:block">
      <table className="w-full table-fixed text-left text-sm" data-testid="deliveries-table">
        <caption className="sr-only">{t("caption")}</caption>
        <thead className="border-b border-slate-200 bg-slate-50 text-xs font-medium text-slate-600">
          <tr>
            <th scope="col" className="px-4 py-2.5 font-medium">
              {t("columns.event")}
            </th>
            <th scope="col" className="w-[7.5rem] px-3 py-2.5 font-medium">
              {t("columns.status")}
            </th>
            <th scope="col" className="w-[6.5rem] px-3 py-2.5 font-medium">
              {t("columns.attempts")}
            </th>
            <th scope="col" className="w-[10rem] px-3 py-2.5 font-medium">
              {t("columns.lastResponse")}
            </th>
            <th scope="col" className="w-[10rem] px-3 py-2.5 font-medium">
              {t("columns.nextAttempt")}
            </th>
            <th scope="col" className="w-[10rem] px-4 py-2.5 text-right font-medium">
              <span className="sr-only">{t("columns.actions")}</span>
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {deliveries.map((delivery) => {
            const labels = labelsOf(delivery);
            const open = expanded.has(delivery.id);
            const detailsId = `delivery-table-${delivery.id}`;
            return (
              <Fragment key={delivery.id}>
                <tr
                  className="align-top"
                  data-testid="delivery-row"
                  data-event-id={delivery.event_id}
                  data-status={delivery.status}
                >
                  <td className="px-4 py-3">
                    <p className="truncate font-medium text-slate-900" data-testid="delivery-event">
                      {labels.event}
                    </p>
                    <p className="truncate font-mono text-xs text-slate-500" data-testid="delivery-event-type">
                      {delivery.event_type}
                    </p>
                    <p className="text-xs text-slate-500 tabular-nums">{labels.created}</p>
                  </td>
                  <td className="space-y-1 px-3 py-3">
                    <DeliveryStatusBadge status={delivery.status} />
                    {delivery.manual_replay ? (
                      <span className="block text-xs text-slate-500">{t("manualReplay")}</span>
                    ) : null}
                  </td>
                  <td className="px-3 py-3 text-slate-700 tabular-nums" data-testid="delivery-attempts">
                    {labels.attempts}
                  </td>
                  <td className="px-3 py-3" data-testid="delivery-last-response">
                    <ResponseCell delivery={delivery} lastAttempt={labels.lastAttempt} />
                  </td>
                  <td className="px-3 py-3 text-slate-700 tabular-nums" data-testid="delivery-next-attempt">
                    {labels.next}
                  </td>
                  <td className="px-4 py-2.5">
                    <RowActions
                      delivery={delivery}
                      labels={labels}
                      open={open}
                      onToggle={() => toggle(delivery.id)}
                      detailsId={detailsId}
                      compact
                      onReplay={onReplay}
                      replaying={replaying}
                    />
                  </td>
                </tr>
                {open ? (
                  <tr className="bg-slate-50/60">
                    <td colSpan={6} className="px-4 py-3">
                      <DeliveryDetails id={detailsId} delivery={delivery} />
                    </td>
                  </tr>
                ) : null}
              </Fragment>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
