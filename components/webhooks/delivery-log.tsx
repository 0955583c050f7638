"use client";

import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { useEffect, useId, useState } from "react";
import { useServiceError } from "@/components/forms/service-error";
import { useTRPC } from "@/components/providers/trpc-provider";
import { Button, IconButton } from "@/components/ui/button";
import { cn } from "@/components/ui/cn";
import { FieldError } from "@/components/ui/fields";
import { ChevronDownIcon, RefreshIcon } from "@/components/ui/icons";
import { LoadingState } from "@/components/ui/list-states";
import { PAGE_SIZES, Pagination } from "@/components/ui/pagination";
import { Skeleton } from "@/components/ui/skeleton";
import type { GatewayDeliveryView } from "@/server/trpc/routers/webhooks";
import { DeliveryCards } from "./delivery-cards";
import { DeliveryTable } from "./delivery-table";

/** While a delivery on the page is pending, the log asks again this often (a worker may be sending it). */
const POLL_MS = 5000;
/** The log opens on the smallest page: a card holds several of them. */
const FIRST_PAGE_SIZE = PAGE_SIZES[0];

/**
 * One registration's deliveries, newest first: event, status, attempts, the last response (code
 * and time), the next attempt, and "Replay" for one that is no longer pending. `reveal` changes
 * after a test event: the log opens on its first page, where the new delivery is.
 */
export type DeliveryTarget =
  | { surface: "gateway"; webhookId: string }
  | { surface: "account"; configId: string }
  | { surface: "api_pix"; pixWebhookId: string };

export function DeliveryLog({ target, reveal }: { target: DeliveryTarget; reveal: number }) {
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

  const polling = {
    placeholderData: keepPreviousData,
    refetchInterval: (query: { state: { data?: { deliveries: GatewayDeliveryView[] } } }) =>
      query.state.data?.deliveries.some((delivery) => delivery.status === "pending") ? POLL_MS : false,
  };
  // Every surface answers the same log; the ones of the other surfaces stay disabled.
  const gatewayLog = useQuery({
    ...trpc.webhooks.gateway.deliveries.queryOptions(
      { webhookId: target.surface === "gateway" ? target.webhookId : "", page, limit },
      polling,
    ),
    enabled: open && target.surface === "gateway",
  });
  const accountLog = useQuery({
    ...trpc.webhooks.account.deliveries.queryOptions(
      { configId: target.surface === "account" ? target.configId : "", page, limit },
      polling,
    ),
    enabled: open && target.surface === "account",
  });
  const apiPixLog = useQuery({
    ...trpc.webhooks.apiPix.deliveries.queryOptions(
      { webhookId: target.surface === "api_pix" ? target.pixWebhookId : "", page, limit },
      polling,
    ),
    enabled: open && target.surface === "api_pix",
  });
  const log = target.surface === "gateway" ? gatewayLog : target.surface === "account" ? accountLog : apiPixLog;

  const gatewayReplay = useMutation(trpc.webhooks.gateway.replay.mutationOptions());
  const accountReplay = useMutation(trpc.webhooks.account.replay.mutationOptions());
  const apiPixReplay = useMutation(trpc.webhooks.apiPix.replay.mutationOptions());
  const replay =
    target.surface === "gateway" ? gatewayReplay : target.surface === "account" ? accountReplay : apiPixReplay;
  function onReplay(delivery: GatewayDeliveryView) {
    setReplayError(null);
    replay.mutate(
      { eventId: delivery.event_id },
      {
        onSuccess: () =>
          queryClient.invalidateQueries(
            target.surface === "gateway"
              ? trpc.webhooks.gateway.deliveries.queryFilter({ webhookId: target.webhookId })
              : target.surface === "account"
                ? trpc.webhooks.account.deliveries.queryFilter({ configId: target.configId })
                : trpc.webhooks.apiPix.deliveries.queryFilter({ webhookId: target.pixWebhookId }),
          ),
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
            <IconButton
              icon={RefreshIcon}
              label={t("refresh")}
              onClick={() => log.refetch()}
              disabled={log.isFetching}
              iconClassName={log.isFetching && "animate-spin"}
              data-testid="refresh-deliveries"
            />
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
