"use client";

import type { inferRouterOutputs } from "@trpc/server";
import Link from "next/link";
import { useTranslations } from "next-intl";
import type { ReactNode } from "react";
import { Money, useMoney } from "@/components/format/money";
import { useTRPC } from "@/components/providers/trpc-provider";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { cn } from "@/components/ui/cn";
import { EmptyState } from "@/components/ui/empty-state";
import { ClockIcon, RefreshIcon, WalletIcon } from "@/components/ui/icons";
import { ListStates, LoadingState } from "@/components/ui/list-states";
import { Skeleton, SkeletonText } from "@/components/ui/skeleton";
import type { AppRouter } from "@/server/trpc/routers";
import { useAccountsOverview } from "./accounts";
import { OverviewSection } from "./overview-section";

export type AccountBalance = inferRouterOutputs<AppRouter>["account"]["overview"]["accounts"][number];

/** One account: available in large type; blocked, total and (when any) in transit beside it. */
export function BalanceCard({ account, testIds = true }: { account: AccountBalance; testIds?: boolean }) {
  const t = useTranslations();
  const money = useMoney();
  const headingId = `balance-${account.accountId}`;
  const id = (name: string) => (testIds ? name : undefined);
  const inTransit = account.heldCents > 0n;
  return (
    <Card aria-labelledby={headingId} data-testid="account-card" className="overflow-hidden">
      <div className="flex flex-wrap items-start justify-between gap-3 border-b border-slate-100 px-5 py-4 sm:px-6">
        <div className="min-w-0">
          <h3 id={headingId} className="truncate text-sm font-semibold text-slate-900">
            {account.name}
          </h3>
          <p className="mt-0.5 text-xs text-slate-500 tabular-nums" data-testid="account-number">
            {t("overview.accountLabel", { agency: account.agency, number: account.accountId })}
          </p>
        </div>
        <Badge tone={account.status === "active" ? "success" : "neutral"}>
          {t(`overview.status.${account.status}`)}
        </Badge>
      </div>

      <div className="grid gap-6 px-5 py-6 sm:px-6 md:grid-cols-[minmax(0,1.2fr)_minmax(0,1fr)] md:gap-8">
        <div className="flex flex-col justify-center">
          <p className="text-sm font-medium text-slate-600">{t("balance.available")}</p>
          <p className="mt-2 text-3xl font-semibold tracking-tight text-slate-900 sm:text-4xl">
            <Money cents={account.availableCents} testId={id("balance-available")} />
          </p>
          {inTransit ? (
            <p className="mt-2 inline-flex items-center gap-1.5 text-xs text-amber-800">
              <ClockIcon className="size-3.5 shrink-0" />
              {t("overview.held", { amount: money(account.heldCents) })}
            </p>
          ) : null}
        </div>
        <dl className="grid gap-3 rounded-lg bg-slate-50 p-4 sm:grid-cols-2 sm:gap-4 md:grid-cols-1 md:gap-0 md:divide-y md:divide-slate-200 md:py-1">
          <BalanceRow label={t("balance.blocked")} hint={t("balance.blockedHint")} href={BLOCKED_MEDS_HREF}>
            <Money cents={account.blockedCents} testId={id("balance-blocked")} />
          </BalanceRow>
          <BalanceRow label={t("balance.total")} hint={t("balance.totalHint")}>
            <Money cents={account.balanceCents} testId={id("balance-total")} />
          </BalanceRow>
          {inTransit ? (
            <BalanceRow label={t("balance.inTransit")} hint={t("balance.inTransitHint")} tone="amber">
              <Money cents={account.heldCents} testId={id("balance-held")} />
            </BalanceRow>
          ) : null}
        </dl>
      </div>
    </Card>
  );
}

/** The MEDs behind the blocked figure. */
const BLOCKED_MEDS_HREF = "/meds?status=under_analysis";

function BalanceRow({
  label,
  hint,
  tone = "slate",
  href,
  children,
}: {
  label: string;
  hint: string;
  tone?: "slate" | "amber";
  /** where the figure is explained */
  href?: string;
  children: ReactNode;
}) {
  return (
    <div className="flex items-baseline justify-between gap-4 md:py-3">
      <div className="min-w-0">
        <dt className="text-xs font-medium text-slate-600">
          {href ? (
            <Link
              href={href}
              className="text-emerald-800 underline-offset-2 hover:underline"
              data-testid="blocked-link"
            >
              {label}
            </Link>
          ) : (
            label
          )}
        </dt>
        <dd className="text-xs text-slate-500">{hint}</dd>
      </div>
      <dd className={cn("text-lg font-semibold", tone === "amber" ? "text-amber-800" : "text-slate-900")}>
        {children}
      </dd>
    </div>
  );
}

function LoadingCard() {
  const t = useTranslations("balance");
  return (
    <LoadingState label={t("loading")} testId="balances-loading">
      <Card className="overflow-hidden">
        <div className="flex items-start justify-between border-b border-slate-100 px-5 py-4 sm:px-6">
          <SkeletonText title="w-40" detail="w-56" />
          <Skeleton rounded="full" className="h-5 w-14" />
        </div>
        <div className="grid gap-6 px-5 py-6 sm:px-6 md:grid-cols-[minmax(0,1.2fr)_minmax(0,1fr)] md:gap-8">
          <div className="space-y-3">
            <Skeleton className="h-4 w-28" />
            <Skeleton className="h-10 w-64 max-w-full" />
          </div>
          <div className="space-y-3 rounded-lg bg-slate-50 p-4">
            <Skeleton className="h-4 w-full" />
            <Skeleton className="h-4 w-full" />
          </div>
        </div>
      </Card>
    </LoadingState>
  );
}

/** The overview's accounts section: one balance card per account of the signed-in user. */
export function BalanceOverview() {
  const t = useTranslations();
  const _trpc = useTRPC();
  const overview = useAccountsOverview();

  return (
    <OverviewSection
      titleId="accounts-heading"
      title={t("overview.accounts")}
      action={
        overview.isSuccess ? (
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
        ) : null
      }
    >
      <ListStates
        query={overview}
        loading={<LoadingCard />}
        error={{ title: t("overview.error.title"), body: t("overview.error.body"), testId: "balances-error" }}
        isEmpty={(data) => data.accounts.length === 0}
        empty={
          <EmptyState icon={WalletIcon} title={t("overview.empty.title")} description={t("overview.empty.body")} />
        }
      >
        {(data) => (
          <div className="space-y-4">
            {data.accounts.map((account, index) => (
              <BalanceCard key={account.accountId} account={account} testIds={index === 0} />
            ))}
          </div>
        )}
      </ListStates>
    </OverviewSection>
  );
}

/** A compact balance for pages that move money: available first, blocked and in transit below. */
export function BalanceSummary({ account, className }: { account: AccountBalance; className?: string }) {
  const t = useTranslations("balance");
  return (
    <Card className={cn("p-5", className)} data-testid="balance-summary" aria-label={t("title")}>
      <p className="text-sm font-medium text-slate-600">{t("available")}</p>
      <p className="mt-1 text-2xl font-semibold tracking-tight text-slate-900">
        <Money cents={account.availableCents} testId="send-available" />
      </p>
      <p className="mt-0.5 text-xs text-slate-500 tabular-nums">{t("availableOf", { account: account.accountId })}</p>
      <dl className="mt-4 space-y-2 border-t border-slate-100 pt-4 text-sm">
        <div className="flex items-center justify-between gap-3">
          <dt className="text-slate-600">{t("blocked")}</dt>
          <dd className="font-medium text-slate-900">
            <Money cents={account.blockedCents} />
          </dd>
        </div>
        {account.heldCents > 0n ? (
          <div className="flex items-center justify-between gap-3">
            <dt className="text-slate-600">{t("inTransit")}</dt>
            <dd className="font-medium text-amber-800">
              <Money cents={account.heldCents} testId="send-in-transit" />
            </dd>
          </div>
        ) : null}
        <div className="flex items-center justify-between gap-3">
          <dt className="text-slate-600">{t("total")}</dt>
          <dd className="font-medium text-slate-900">
            <Money cents={account.balanceCents} />
          </dd>
        </div>
      </dl>
    </Card>
  );
}
