"use client";

import { useQuery } from "@tanstack/react-query";
import type { inferRouterOutputs } from "@trpc/server";
import { useLocale, useTranslations } from "next-intl";
import { useTRPC } from "@/components/providers/trpc-provider";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { cn } from "@/components/ui/cn";
import { EmptyState } from "@/components/ui/empty-state";
import { AlertCircleIcon, RefreshIcon, WalletIcon } from "@/components/ui/icons";
import { Skeleton } from "@/components/ui/skeleton";
import { formatBrl } from "@/server/money";
import type { AppRouter } from "@/server/trpc/routers";

type AccountBalance = inferRouterOutputs<AppRouter>["account"]["overview"]["accounts"][number];

function Money({ cents, className, testId }: { cents: bigint; className?: string; testId?: string }) {
  const locale = useLocale();
  return (
    <span className={cn("tabular-nums", className)} data-testid={testId}>
      {formatBrl(cents, locale)}
    </span>
  );
}

function AccountCard({ account, first }: { account: AccountBalance; first: boolean }) {
  const t = useTranslations("overview");
  const locale = useLocale();
  const headingId = `account-${account.accountId}`;
  return (
    <Card aria-labelledby={headingId} data-testid="account-card" className="overflow-hidden">
      <div className="flex flex-wrap items-start justify-between gap-3 border-b border-slate-100 px-5 py-4 sm:px-6">
        <div className="min-w-0">
          <h3 id={headingId} className="truncate text-sm font-semibold text-slate-900">
            {account.name}
          </h3>
          <p className="mt-0.5 text-xs text-slate-500 tabular-nums" data-testid="account-number">
            {t("accountLabel", { agency: account.agency, number: account.accountId })}
          </p>
        </div>
        <Badge tone={account.status === "active" ? "success" : "neutral"}>{t(`status.${account.status}`)}</Badge>
      </div>

      <div className="grid gap-6 px-5 py-6 sm:px-6 md:grid-cols-[minmax(0,1.4fr)_minmax(0,1fr)] md:gap-8">
        <div>
          <p className="text-sm font-medium text-slate-600">{t("available")}</p>
          <p className="mt-2 text-3xl font-semibold tracking-tight text-slate-900 sm:text-4xl">
            <Money cents={account.availableCents} testId={first ? "balance-available" : undefined} />
          </p>
          {account.heldCents > 0n ? (
            <p className="mt-2 text-xs text-slate-500">{t("held", { amount: formatBrl(account.heldCents, locale) })}</p>
          ) : null}
        </div>
        <dl className="grid gap-3 rounded-lg bg-slate-50 p-4 sm:grid-cols-2 sm:gap-4 md:grid-cols-1 md:gap-3">
          <div>
            <dt className="text-xs font-medium text-slate-600">{t("blocked")}</dt>
            <dd className="mt-1 text-lg font-semibold text-slate-900">
              <Money cents={account.blockedCents} testId={first ? "balance-blocked" : undefined} />
            </dd>
            <dd className="text-xs text-slate-500">{t("blockedHint")}</dd>
          </div>
          <div className="border-t border-slate-200 pt-3 sm:border-t-0 sm:pt-0 md:border-t md:pt-3">
            <dt className="text-xs font-medium text-slate-600">{t("total")}</dt>
            <dd className="mt-1 text-lg font-semibold text-slate-900">
              <Money cents={account.balanceCents} testId={first ? "balance-total" : undefined} />
            </dd>
            <dd className="text-xs text-slate-500">{t("totalHint")}</dd>
          </div>
        </dl>
      </div>
    </Card>
  );
}

function LoadingCards() {
  const t = useTranslations("overview");
  return (
    <div role="status" aria-live="polite" data-testid="balances-loading">
      <span className="sr-only">{t("loading")}</span>
      <Card className="overflow-hidden">
        <div className="flex items-start justify-between border-b border-slate-100 px-5 py-4 sm:px-6">
          <div className="space-y-2">
            <Skeleton className="h-4 w-40" />
            <Skeleton className="h-3 w-56" />
          </div>
          <Skeleton className="h-5 w-14 rounded-full" />
        </div>
        <div className="grid gap-6 px-5 py-6 sm:px-6 md:grid-cols-[minmax(0,1.4fr)_minmax(0,1fr)] md:gap-8">
          <div className="space-y-3">
            <Skeleton className="h-4 w-28" />
            <Skeleton className="h-10 w-64 max-w-full" />
          </div>
          <div className="space-y-3 rounded-lg bg-slate-50 p-4">
            <Skeleton className="h-3 w-20" />
            <Skeleton className="h-6 w-32" />
            <Skeleton className="h-3 w-24" />
            <Skeleton className="h-6 w-36" />
          </div>
        </div>
      </Card>
    </div>
  );
}

export function BalanceCards() {
  const t = useTranslations();
  const trpc = useTRPC();
  const overview = useQuery(trpc.account.overview.queryOptions());

  return (
    <section aria-labelledby="accounts-heading" className="space-y-4">
      <div className="flex items-center justify-between gap-3">
        <h2 id="accounts-heading" className="text-sm font-semibold tracking-wide text-slate-500 uppercase">
          {t("overview.accounts")}
        </h2>
        {overview.isSuccess ? (
          <Button
            variant="ghost"
            size="sm"
            onClick={() => overview.refetch()}
            disabled={overview.isFetching}
            aria-label={t("overview.refresh")}
            title={t("overview.refresh")}
          >
            <RefreshIcon className={cn("size-4", overview.isFetching && "animate-spin")} />
          </Button>
        ) : null}
      </div>

      {overview.isPending ? (
        <LoadingCards />
      ) : overview.isError ? (
        <Card className="p-6" data-testid="balances-error">
          <div className="flex flex-col items-start gap-4 sm:flex-row sm:items-center sm:justify-between">
            <div className="flex items-start gap-3">
              <span className="flex size-9 shrink-0 items-center justify-center rounded-full bg-red-50 text-red-600">
                <AlertCircleIcon className="size-5" />
              </span>
              <div role="alert">
                <p className="text-sm font-semibold text-slate-900">{t("overview.error.title")}</p>
                <p className="mt-1 text-sm text-slate-600">{t("overview.error.body")}</p>
              </div>
            </div>
            <Button variant="secondary" onClick={() => overview.refetch()} loading={overview.isFetching}>
              {t("common.retry")}
            </Button>
          </div>
        </Card>
      ) : overview.data.accounts.length === 0 ? (
        <EmptyState icon={WalletIcon} title={t("overview.empty.title")} description={t("overview.empty.body")} />
      ) : (
        <div className="space-y-4">
          {overview.data.accounts.map((account, index) => (
            <AccountCard key={account.accountId} account={account} first={index === 0} />
          ))}
        </div>
      )}
    </section>
  );
}
