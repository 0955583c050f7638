"use client";

import { useTranslations } from "next-intl";
import { DataTable } from "@/components/lists/data-table";
import { useToggleSet } from "@/components/ui/toggle-set";
import { DeliveryDetails } from "./delivery-details";
import { DeliveryStatusBadge, ResponseCell, RowActions, type RowsProps, useDeliveryLabels } from "./delivery-row-parts";

const detailsIdOf = (id: string) => `delivery-table-${id}`;

export function DeliveryTable({ deliveries, onReplay, replaying }: RowsProps) {
  const t = useTranslations("webhooks.deliveries");
  const labelsOf = useDeliveryLabels();
  const [expanded, toggle] = useToggleSet();
  return (
    <DataTable
      caption={t("caption")}
      testId="deliveries-table"
      rowTestId="delivery-row"
      from="xl"
      align="top"
      rows={deliveries}
      rowKey={(delivery) => delivery.id}
      rowProps={(delivery) => ({
        "data-event-id": delivery.event_id,
        "data-status": delivery.status,
      })}
      details={(delivery) =>
        expanded.has(delivery.id) ? <DeliveryDetails id={detailsIdOf(delivery.id)} delivery={delivery} /> : null
      }
      columns={[
        {
          header: t("columns.event"),
          cell: (delivery) => (
            <>
              <p className="truncate font-medium text-slate-900" data-testid="delivery-event">
                {labelsOf(delivery).event}
              </p>
              <p className="truncate font-mono text-xs text-slate-500" data-testid="delivery-event-type">
                {delivery.event_type}
              </p>
              <p className="text-xs text-slate-500 tabular-nums">{labelsOf(delivery).created}</p>
            </>
          ),
        },
        {
          header: t("columns.status"),
          className: "w-[7.5rem]",
          cellClassName: "space-y-1",
          cell: (delivery) => (
            <>
              <DeliveryStatusBadge status={delivery.status} />
              {delivery.manual_replay ? (
                <span className="block text-xs text-slate-500">{t("manualReplay")}</span>
              ) : null}
            </>
          ),
        },
        {
          header: t("columns.attempts"),
          className: "w-[6.5rem]",
          cellClassName: "text-slate-700 tabular-nums",
          testId: "delivery-attempts",
          cell: (delivery) => labelsOf(delivery).attempts,
        },
        {
          header: t("columns.lastResponse"),
          className: "w-[10rem]",
          testId: "delivery-last-response",
          cell: (delivery) => <ResponseCell delivery={delivery} lastAttempt={labelsOf(delivery).lastAttempt} />,
        },
        {
          header: t("columns.nextAttempt"),
          className: "w-[10rem]",
          cellClassName: "text-slate-700 tabular-nums",
          testId: "delivery-next-attempt",
          cell: (delivery) => labelsOf(delivery).next,
        },
        {
          header: <span className="sr-only">{t("columns.actions")}</span>,
          className: "w-[10rem] text-right",
          cell: (delivery) => (
            <RowActions
              delivery={delivery}
              labels={labelsOf(delivery)}
              open={expanded.has(delivery.id)}
              onToggle={() => toggle(delivery.id)}
              detailsId={detailsIdOf(delivery.id)}
              compact
              onReplay={onReplay}
              replaying={replaying}
            />
          ),
        },
      ]}
    />
  );
}
