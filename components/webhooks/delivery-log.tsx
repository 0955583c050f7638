"use client";

import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useFormatter, useTranslations } from "next-intl";
import { Fragment, type ReactNode, useEffect, useId, useState } from "react";
import { useServiceError } from "@/components/charges/errors";
import { useNow } from "@/components/charges/status";
import { useTRPC } from "@/components/providers/trpc-provider";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { cn } from "@/components/ui/cn";
import { CopyButton } from "@/components/ui/copy-button";
import { FieldError } from "@/components/ui/fields";
import { ChevronDownIcon, RefreshIcon, UndoIcon } from "@/components/ui/icons";
import { LoadingState } from "@/components/ui/list-states";
import { PAGE_SIZES, Pagination } from "@/components/ui/pagination";
import { Skeleton } from "@/components/ui/skeleton";
import { useToggleSet } from "@/components/ui/toggle-set";
import type { GatewayDeliveryView } from "@/server/trpc/routers/webhooks";
import { useGatewayEventLabel } from "./events";
import { StatusDot } from "./shared";

type DeliveryStatus = GatewayDeliveryView["status"];

const STATUS_TONES = { pending: "warning", delivered: "success", failed: "danger", expired: "neutral" } as const;
/** While a delivery on the page is pending, the log asks again this often (a worker may be sending it). */
const POLL_MS = 5000;
/** The log opens on the smallest page: a card holds several of them. */
const FIRST_PAGE_SIZE = PAGE_SIZES[0];

export function DeliveryStatusBadge({ status }: { status: DeliveryStatus }) {
  const t = useTranslations("webhooks.deliveries.statuses");
  return (
    <Badge tone={STATUS_TONES[status]} className="whitespace-nowrap" data-testid="delivery-status">
      <StatusDot tone={STATUS_TONES[status]} />
      {t(status)}
    </Badge>
  );
}

/**
 * One registration's deliveries, newest first: event, status, attempts, the last response (code
 * and time), the next attempt, and "Replay" for one that is no longer pending. `reveal` changes
 * after a test event: the log opens on its first page, where the new delivery is.
 */
export function DeliveryLog({ webhookId, reveal }: { webhookId: string; reveal: number }) {
  const t = useTranslations("webhooks.deliveries");
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const explain = useServiceError();
  const id = useId();
  const [open, setOpen] = useState(true);
  const [page, setPage] = useState(1);
  const [limit, setLimit] = useState<number>(FIRST_PAGE_SIZE);
  const [replayError, setReplayError] = useState<string | null>(null);

  useEffect(() => {
    if (reveal === 0) return;
    setOpen(true);
    setPage(1);
  }, [reveal]);

  const log = useQuery({
    ...trpc.webhooks.gateway.deliveries.queryOptions(
      { webhookId, page, limit },
      {
        placeholderData: keepPreviousData,
        refetchInterval: (query) =>
          query.state.data?.deliveries.some((delivery) => delivery.status === "pending") ? POLL_MS : false,
      },
    ),
    enabled: open,
  });

  const replay = useMutation(trpc.webhooks.gateway.replay.mutationOptions());
  function onReplay(delivery: GatewayDeliveryView) {
    setReplayError(null);
    replay.mutate(
      { eventId: delivery.event_id },
      {
        onSuccess: () => queryClient.invalidateQueries(trpc.webhooks.gateway.deliveries.queryFilter({ webhookId })),
        onError: (cause) => setReplayError(explain(cause).message),
      },
    );
  }
  const replaying = replay.isPending ? replay.variables?.eventId : undefined;

  return (
    <div className="border-t border-slate-100 bg-slate-50/40" data-testid="delivery-log">
      <div className="flex items-center justify-between gap-3 px-5 py-3 sm:px-6">
        <h3 className="flex flex-col text-sm font-semibold text-slate-900 sm:flex-row sm:items-baseline sm:gap-2">
          {t("title")}
          {log.data ? (
            <span className="font-normal whitespace-nowrap text-slate-500 tabular-nums" data-testid="delivery-count">
              {t("count", { total: log.data.total })}
            </span>
          ) : null}
        </h3>
        <div className="flex items-center gap-1">
          {open ? (
            <Button
              variant="ghost"
              size="icon"
              onClick={() => log.refetch()}
              disabled={log.isFetching}
              aria-label={t("refresh")}
              title={t("refresh")}
              data-testid="refresh-deliveries"
            >
              <RefreshIcon className={cn("size-4", log.isFetching && "animate-spin")} />
            </Button>
          ) : null}
          <Button
            variant="ghost"
            size="sm"
            onClick={() => setOpen((value) => !value)}
            aria-expanded={open}
            aria-controls={`${id}-log`}
          >
            {open ? t("hide") : t("show")}
            <ChevronDownIcon className={cn("size-4 text-slate-500 transition-transform", open && "rotate-180")} />
          </Button>
        </div>
      </div>

      {open ? (
        <div id={`${id}-log`} className="space-y-3 px-5 pb-5 sm:px-6">
          {replayError ? <FieldError alert>{replayError}</FieldError> : null}
          {log.isPending ? (
            <LoadingState label={t("loading")} className="space-y-2">
              <Skeleton className="h-10 w-full" />
              <Skeleton className="h-10 w-full" />
            </LoadingState>
          ) : log.isError ? (
            <div className="flex flex-wrap items-center justify-between gap-3">
              <FieldError alert>{t("error")}</FieldError>
              <Button variant="secondary" size="sm" onClick={() => log.refetch()} loading={log.isFetching}>
                {t("refresh")}
              </Button>
            </div>
          ) : log.data.total === 0 ? (
            <p className="text-sm text-slate-600" data-testid="deliveries-empty">
              {t("empty")}
            </p>
          ) : (
            <div className={cn("space-y-3 transition-opacity", log.isPlaceholderData && "opacity-60")}>
              <DeliveryTable deliveries={log.data.deliveries} onReplay={onReplay} replaying={replaying} />
              <DeliveryCards deliveries={log.data.deliveries} onReplay={onReplay} replaying={replaying} />
              {log.data.total > PAGE_SIZES[0] ? (
                <Pagination
                  page={log.data.page}
                  pages={log.data.totalPages}
                  limit={limit}
                  onPage={setPage}
                  onLimit={(next) => {
                    setLimit(next);
                    setPage(1);
                  }}
                  testId="deliveries-pagination"
                />
              ) : null}
            </div>
          )}
        </div>
      ) : null}
    </div>
  );
}

type RowsProps = {
  deliveries: GatewayDeliveryView[];
  onReplay: (delivery: GatewayDeliveryView) => void;
  replaying: string | undefined;
};

/** "21/11/2026, 14:03:22": retries are seconds apart, so the log shows them. */
function useDeliveryTime(): (date: Date | string) => string {
  const format = useFormatter();
  return (date) => format.dateTime(new Date(date), { dateStyle: "short", timeStyle: "medium" });
}

/** What a delivery's cells say, worded once for the table and the cards. */
function useDeliveryLabels() {
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

function ResponseCell({ delivery, lastAttempt }: { delivery: GatewayDeliveryView; lastAttempt: string | null }) {
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
function RowActions({
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

function DeliveryTable({ deliveries, onReplay, replaying }: RowsProps) {
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

function DeliveryCards({ deliveries, onReplay, replaying }: RowsProps) {
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

function CardField({ label, className, children }: { label: string; className?: string; children: ReactNode }) {
  return (
    <div className={cn("min-w-0", className)}>
      <dt className="text-xs text-slate-500">{label}</dt>
      <dd className="mt-0.5 text-slate-800">{children}</dd>
    </div>
  );
}

/** The event id (the X-Service-Event-Id of every attempt), the last error and the payload sent. */
function DeliveryDetails({ id, delivery }: { id: string; delivery: GatewayDeliveryView }) {
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
