"use client";

import { useQuery, useQueryClient } from "@tanstack/react-query";
import type { inferRouterOutputs } from "@trpc/server";
import { useTranslations } from "next-intl";
import { type ReactNode, useEffect, useRef } from "react";
import { entryHref, type Party, StatusBadge } from "@/components/format/entry";
import { useMoney } from "@/components/format/money";
import { usePixFailure } from "@/components/forms/pix-failure";
import { errorData, useServiceError } from "@/components/forms/service-error";
import { useTRPC } from "@/components/providers/trpc-provider";
import { Badge } from "@/components/ui/badge";
import { Button, ButtonLink } from "@/components/ui/button";
import { cn } from "@/components/ui/cn";
import { CopyButton } from "@/components/ui/copy-button";
import { AlertCircleIcon, ArrowRightIcon, CheckIcon, ClockIcon } from "@/components/ui/icons";
import type { AppRouter } from "@/server/trpc/routers";

export type SentView = inferRouterOutputs<AppRouter>["transfers"]["sendToKey"];
export type SourceAccount = inferRouterOutputs<AppRouter>["account"]["overview"]["accounts"][number];
export type Step = "form" | "review" | "done";

/** The amount's refusal when it is more than the available balance (null: no balance to check). */
export function useBalanceCheck() {
  const t = useTranslations("send.validation");
  const money = useMoney();
  return (cents: bigint, availableCents: bigint | null): string | null =>
    availableCents !== null && cents > availableCents
      ? t("amountOverBalance", { available: money(availableCents) })
      : null;
}

/** A service's answer as the merchant should read it, and the form field it is about. */
export function useSendError() {
  const t = useTranslations("send.errors");
  const rules = useTranslations("ledgerRules");
  const explain = useServiceError();
  return (error: unknown): { message: string; field: string | null } => {
    const data = errorData(error);
    if (data?.appCode === "INSUFFICIENT_BALANCE") return { message: t("insufficientBalance"), field: "amount" };
    // the limit the amount breaks (PER_TRANSACTION_LIMIT, DAILY_LIMIT…), named in the reader's language
    if (data?.appCode === "LIMIT_EXCEEDED")
      return { message: data.reason ? explain(error).message : rules("limitExceeded"), field: "amount" };
    if (data?.code === "FORBIDDEN" && !data.zodError) return { message: t("forbidden"), field: null };
    if (data?.appCode === "IDEMPOTENCY_CONFLICT") return { message: t("conflict"), field: null };
    const { message, field } = explain(error);
    return { message, field };
  };
}

/** Drops cached balances and entries after money moved, so every page shows the new state. */
export function useAfterSend() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries(trpc.account.pathFilter()),
      queryClient.invalidateQueries(trpc.ledger.pathFilter()),
      queryClient.invalidateQueries(trpc.limits.pathFilter()),
    ]);
}

/** A review row with an id in monospace and its copy button. */
export function IdRow({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <ReviewRow label={label}>
      <span className="inline-flex max-w-full items-center gap-2">
        <span className="min-w-0 font-mono text-xs break-all" data-testid={testId}>
          {value}
        </span>
        <CopyButton value={value} label={label} />
      </span>
    </ReviewRow>
  );
}

/** A row of a review list: label on the left, value on the right (stacked on phones). */
export function ReviewRow({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <div className="flex items-baseline justify-between gap-4 py-2.5 sm:gap-6">
      <dt className="shrink-0 text-sm text-slate-500">{label}</dt>
      <dd className="min-w-0 text-right text-sm font-medium break-words text-slate-900" data-testid={testId}>
        {children}
      </dd>
    </div>
  );
}

function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  return (words.length >= 2 ? `${words[0]?.[0]}${words[1]?.[0]}` : (words[0] ?? "?").slice(0, 2)).toUpperCase();
}

/** Who will receive the money, as DICT (or the code) resolved it, before the merchant confirms. */
export function ReceiverSummary({ receiver, onPlatform }: { receiver: Party; onPlatform: boolean }) {
  const t = useTranslations("party");
  return (
    <div className="rounded-xl border border-slate-200 bg-slate-50/70 p-4 sm:p-5" data-testid="receiver-summary">
      <div className="flex items-start gap-3">
        <span
          aria-hidden="true"
          className="flex size-10 shrink-0 items-center justify-center rounded-full bg-emerald-100 text-sm font-semibold text-emerald-800"
        >
          {initialsOf(receiver.name)}
        </span>
        <div className="min-w-0 flex-1">
          <p className="text-base font-semibold break-words text-slate-900" data-testid="receiver-name">
            {receiver.name}
          </p>
          <p className="text-sm text-slate-600 tabular-nums" data-testid="receiver-document">
            {t("document")} {receiver.cpfCnpj}
          </p>
        </div>
      </div>
      <dl className="mt-4 grid grid-cols-2 gap-3 text-sm sm:grid-cols-3">
        <ReceiverFact label={t("ispb")} testId="receiver-ispb">
          {receiver.ispb}
        </ReceiverFact>
        <ReceiverFact label={t("agency")}>{receiver.agency}</ReceiverFact>
        <ReceiverFact label={t("account")} testId="receiver-account" className="col-span-2 sm:col-span-1">
          {receiver.accountNumber}
        </ReceiverFact>
      </dl>
      <div className="mt-4 flex flex-wrap items-center gap-2 border-t border-slate-200 pt-3">
        <Badge tone={onPlatform ? "success" : "neutral"}>{onPlatform ? t("onPlatform") : t("otherInstitution")}</Badge>
        <span className="text-xs text-slate-500">{onPlatform ? t("onPlatformHint") : t("otherInstitutionHint")}</span>
      </div>
    </div>
  );
}

type ReceiverFactProps = { label: string; testId?: string; className?: string; children: ReactNode };

function ReceiverFact({ label, testId, className, children }: ReceiverFactProps) {
  return (
    <div className={className}>
      <dt className="text-xs text-slate-500">{label}</dt>
      <dd className="font-medium text-slate-900 tabular-nums" data-testid={testId}>
        {children}
      </dd>
    </div>
  );
}

/**
 * The outcome of a send, kept current: a PIX to another institution is `processing` until the
 * network answers, so its entry is polled until it settles.
 */
export function ResultPanel({ sent, onAnother }: { sent: SentView; onAnother: () => void }) {
  const t = useTranslations("send.result");
  const trpc = useTRPC();
  const money = useMoney();
  const afterSend = useAfterSend();
  const failure = usePixFailure();
  const live = useQuery({
    ...trpc.ledger.byId.queryOptions({ id: sent.id, accountId: sent.accountId }),
    refetchInterval: (query) => (query.state.data?.status === "processing" ? 2000 : false),
    enabled: sent.status === "processing",
  });
  const status = live.data?.status ?? sent.status;
  const failed = live.data?.failure ?? sent.failure;
  const settled = useRef(false);
  useEffect(() => {
    // Settled while on screen: the held money moved, so the balance changed again.
    if (sent.status === "processing" && status !== "processing" && !settled.current) {
      settled.current = true;
      void afterSend();
    }
  }, [sent.status, status, afterSend]);

  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);

  const name = sent.receiver?.name ?? "";
  const amount = money(sent.grossCents);
  const Icon = status === "succeeded" ? CheckIcon : status === "processing" ? ClockIcon : AlertCircleIcon;
  return (
    <div className="space-y-6" data-testid="send-result" data-status={status}>
      <div className="flex flex-col items-center text-center">
        <span
          className={cn(
            "flex size-14 items-center justify-center rounded-full ring-8",
            status === "succeeded" && "bg-emerald-100 text-emerald-700 ring-emerald-50",
            status === "processing" && "bg-amber-100 text-amber-700 ring-amber-50",
            status === "failed" && "bg-red-100 text-red-700 ring-red-50",
          )}
        >
          <Icon className="size-7" />
        </span>
        <h3 ref={heading} tabIndex={-1} className="mt-5 text-lg font-semibold text-slate-900 outline-none">
          {t(status)}
        </h3>
        <p className="mt-1.5 max-w-md text-sm text-slate-600" role="status">
          {status === "failed"
            ? t("failedBody")
            : status === "processing"
              ? t("processingBody", { amount, name })
              : t("succeededBody", { amount, name })}
        </p>
        {status === "failed" && failed ? (
          <p className="mt-2 max-w-md text-sm font-medium text-red-700" data-testid="result-failure">
            {failure(failed)}
          </p>
        ) : null}
      </div>

      <dl className="divide-y divide-slate-100 rounded-xl border border-slate-200 px-4 sm:px-5">
        <ReviewRow label={t("status")}>
          <StatusBadge status={status} />
        </ReviewRow>
        {sent.endToEndId ? (
          <IdRow label={t("endToEndId")} value={sent.endToEndId} testId="result-end-to-end-id" />
        ) : (
          <IdRow label={t("entryId")} value={sent.id} />
        )}
      </dl>

      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onAnother}>
          {t("another")}
        </Button>
        <ButtonLink href={entryHref(sent)} data-testid="view-entry">
          {t("viewEntry")}
          <ArrowRightIcon className="size-4" />
        </ButtonLink>
      </div>
    </div>
  );
}
