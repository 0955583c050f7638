"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import Link from "next/link";
import { useTranslations } from "next-intl";
import { useEffect, useRef, useState } from "react";
import { useDateTime } from "@/components/format/date-time";
import { entryHref } from "@/components/format/entry";
import { useMoney } from "@/components/format/money";
import { useServiceError } from "@/components/forms/service-error";
import { Can, useCan } from "@/components/layout/permissions";
import { useTRPC } from "@/components/providers/trpc-provider";
import { Alert } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { cn } from "@/components/ui/cn";
import { CopyTextButton } from "@/components/ui/copy-button";
import { ArrowRightIcon, CheckIcon, ClockIcon, ZapIcon } from "@/components/ui/icons";
import { CancelCharge } from "./charge-actions";
import type { PanelCharge } from "./panel-charge";
import { ChargeStatusBadge, displayStatus, useCountdownText, useNow } from "./status";

export type { PanelCharge } from "./panel-charge";

const POLL_MS = 5000;

/** Drops cached charges, balances and entries after a charge was paid. */
export function useAfterPayment() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries(trpc.charges.pathFilter()),
      queryClient.invalidateQueries(trpc.account.pathFilter()),
      queryClient.invalidateQueries(trpc.ledger.pathFilter()),
    ]);
}

/**
 * One charge, kept current: polled while it can still be paid (the payer may pay at any moment),
 * and the balances refreshed once it turns paid.
 */
export function useLiveCharge(txId: string) {
  const trpc = useTRPC();
  const afterPayment = useAfterPayment();
  const query = useQuery({
    ...trpc.charges.byTxId.queryOptions({ txId }),
    refetchInterval: (state) => {
      const data = state.state.data;
      return data && data.status === "created" && data.expiresAt.getTime() > Date.now() ? POLL_MS : false;
    },
  });
  const status = query.data?.status;
  const seen = useRef(status);
  useEffect(() => {
    if (seen.current === "created" && status === "paid") void afterPayment();
    seen.current = status;
  }, [status, afterPayment]);
  return query;
}

/** The QR image, code to copy, countdown and (in sandbox) a simulated payment. */
export function ChargePanel({ charge }: { charge: PanelCharge }) {
  const t = useTranslations("charges.panel");
  const money = useMoney();
  const dateTime = useDateTime();
  const countdown = useCountdownText();
  const now = useNow();
  const status = displayStatus(charge, now);
  const payable = status === "created";

  return (
    <div
      className="grid gap-6 sm:grid-cols-[13rem_minmax(0,1fr)] md:grid-cols-[15rem_minmax(0,1fr)] md:gap-8"
      data-testid="charge-panel"
      data-status={status}
    >
      <QrImage charge={charge} status={status} />

      <div className="min-w-0 space-y-5">
        <div className="space-y-1.5">
          <div className="flex flex-wrap items-center gap-2">
            <p
              className="text-3xl font-semibold tracking-tight text-slate-900 tabular-nums"
              data-testid="charge-amount"
            >
              {money(charge.amountCents)}
            </p>
            <ChargeStatusBadge status={status} />
          </div>
          {charge.description ? <p className="text-sm break-words text-slate-700">{charge.description}</p> : null}
          {payable ? (
            <p className="inline-flex items-center gap-1.5 text-sm text-slate-600">
              <ClockIcon className="size-4 shrink-0 text-amber-600" />
              <span>
                {t("expiresIn")}{" "}
                <span className="font-semibold text-slate-900 tabular-nums" role="timer" data-testid="charge-countdown">
                  {countdown(charge.expiresAt, now)}
                </span>
              </span>
            </p>
          ) : status === "expired" ? (
            <p className="text-sm text-slate-600">{t("expiredAt", { date: dateTime(charge.expiresAt) })}</p>
          ) : null}
        </div>

        {status === "paid" ? <PaidBox charge={charge} /> : null}

        <div className="space-y-2">
          <p className="text-sm font-medium text-slate-800">{t("code")}</p>
          <p
            className={cn(
              "max-h-32 overflow-y-auto rounded-lg border border-slate-200 bg-slate-50 px-3 py-2.5 font-mono text-xs leading-relaxed break-all",
              payable ? "text-slate-800" : "text-slate-400",
            )}
            data-testid="charge-emv"
          >
            {charge.emv}
          </p>
          {status === "expired" ? <p className="text-xs text-slate-500">{t("expiredHint")}</p> : null}
        </div>

        {payable ? <PayableActions charge={charge} /> : null}
      </div>
    </div>
  );
}

function QrImage({ charge, status }: { charge: PanelCharge; status: ReturnType<typeof displayStatus> }) {
  const t = useTranslations("charges.panel");
  const money = useMoney();
  const payable = status === "created";
  return (
    <div className="mx-auto w-full max-w-[15rem] sm:mx-0">
      <div className="relative aspect-square overflow-hidden rounded-xl border border-slate-200 bg-white p-2 shadow-sm">
        {charge.qrCode ? (
          // biome-ignore lint/performance/noImgElement: a data URL rendered on the server, nothing to optimise
          <img
            src={charge.qrCode}
            alt={t("qrAlt", { amount: money(charge.amountCents) })}
            className={cn("size-full [image-rendering:pixelated]", !payable && "opacity-15 grayscale")}
            data-testid="charge-qr"
          />
        ) : (
          <div className="size-full rounded-lg bg-slate-100" />
        )}
        {!payable ? (
          <div className="absolute inset-0 flex items-center justify-center">
            <span
              className={cn(
                "inline-flex items-center gap-1.5 rounded-full px-3 py-1 text-sm font-semibold shadow-sm ring-1",
                status === "paid"
                  ? "bg-emerald-50 text-emerald-800 ring-emerald-200"
                  : "bg-white text-slate-700 ring-slate-200",
              )}
            >
              {status === "paid" ? <CheckIcon className="size-4" /> : <ClockIcon className="size-4" />}
              {t(`overlay.${status}`)}
            </span>
          </div>
        ) : null}
      </div>
      {payable ? <p className="mt-2 text-center text-xs text-slate-500">{t("scanHint")}</p> : null}
    </div>
  );
}

function PaidBox({ charge }: { charge: PanelCharge }) {
  const t = useTranslations("charges.panel");
  const dateTime = useDateTime();
  return (
    <div className="rounded-lg border border-emerald-200 bg-emerald-50/70 p-4" data-testid="charge-paid">
      <p className="flex items-center gap-2 text-sm font-semibold text-emerald-900">
        <CheckIcon className="size-4 shrink-0" />
        {charge.paidAt ? t("paidAt", { date: dateTime(charge.paidAt) }) : t("paid")}
      </p>
      {charge.paidEndToEndId ? (
        <Link
          href={entryHref({ id: charge.paidEndToEndId, accountId: charge.accountId })}
          className="mt-2 inline-flex items-center gap-1 text-sm font-medium text-emerald-800 hover:text-emerald-900 hover:underline"
          data-testid="charge-paid-entry"
        >
          {t("viewEntry")}
          <ArrowRightIcon className="size-4" />
        </Link>
      ) : null}
    </div>
  );
}

function PayableActions({ charge }: { charge: PanelCharge }) {
  const t = useTranslations("charges.panel");
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const afterPayment = useAfterPayment();
  const explain = useServiceError();
  const [error, setError] = useState<string | null>(null);
  const simulate = useMutation(trpc.charges.simulatePayment.mutationOptions());
  const canSimulate = useCan("sandbox.use");

  function pay() {
    setError(null);
    simulate.mutate(
      { txId: charge.txId },
      {
        onSuccess: async (credit) => {
          // Paid at once: show it now, then refetch everything money touched.
          queryClient.setQueryData(trpc.charges.byTxId.queryKey({ txId: charge.txId }), (previous) =>
            previous
              ? { ...previous, status: "paid" as const, paidAt: new Date(), paidEndToEndId: credit.endToEndId }
              : previous,
          );
          await afterPayment();
        },
        onError: (cause) => setError(explain(cause).message),
      },
    );
  }

  return (
    <div className="space-y-3">
      <div className="flex flex-col gap-3 sm:flex-row sm:flex-wrap">
        <CopyTextButton value={charge.emv} data-testid="copy-emv">
          {t("copyCode")}
        </CopyTextButton>
        <Can permission="charges.write">
          <CancelCharge charge={charge} />
        </Can>
        {charge.sandbox && canSimulate ? (
          <Button variant="secondary" onClick={pay} loading={simulate.isPending} data-testid="simulate-payment">
            {simulate.isPending ? null : <ZapIcon className="size-4 text-amber-600" />}
            {simulate.isPending ? t("simulating") : t("simulate")}
          </Button>
        ) : null}
      </div>
      {charge.sandbox ? (
        <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-slate-500">
          <Badge tone="warning">{t("sandboxBadge")}</Badge>
          {t("sandboxHint")}
        </p>
      ) : null}
      {error ? <Alert>{error}</Alert> : null}
    </div>
  );
}
