"use client";

import { useQuery } from "@tanstack/react-query";
import type { inferRouterOutputs } from "@trpc/server";
import Link from "next/link";
import { useFormatter, useTranslations } from "next-intl";
import type { ReactNode } from "react";
import { Money } from "@/components/format/money";
import { useTRPC } from "@/components/providers/trpc-provider";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { cn } from "@/components/ui/cn";
import {
  ArrowRightIcon,
  FileTextIcon,
  type Icon,
  RefreshIcon,
  SendIcon,
  ShieldAlertIcon,
  StoreIcon,
  UserPlusIcon,
  ZapIcon,
} from "@/components/ui/icons";
import { ErrorState, LoadingState } from "@/components/ui/list-states";
import { Placeholders, Skeleton } from "@/components/ui/skeleton";
import type { AppRouter } from "@/server/trpc/routers";
import { WorkerHealthCard } from "./worker-health";

type Overview = inferRouterOutputs<AppRouter>["adminHome"]["overview"];

const REFRESH_MS = 30_000;

function SectionTitle({ id, children, aside }: { id: string; children: ReactNode; aside?: ReactNode }) {
  return (
    <div className="flex items-baseline justify-between gap-3">
      <h2 id={id} className="text-sm font-semibold tracking-wide text-slate-500 uppercase">
        {children}
      </h2>
      {aside ? <p className="text-xs text-slate-500">{aside}</p> : null}
    </div>
  );
}

export function Stat({
  label,
  hint,
  testId,
  children,
}: {
  label: string;
  hint?: ReactNode;
  testId: string;
  children: ReactNode;
}) {
  return (
    <Card className="p-5" data-testid={testId}>
      <p className="text-sm font-medium text-slate-600">{label}</p>
      <p className="mt-2 text-2xl font-semibold tracking-tight text-slate-900 tabular-nums">{children}</p>
      {hint ? <p className="mt-1 text-xs text-slate-500">{hint}</p> : null}
    </Card>
  );
}

function Totals({ totals }: { totals: Overview["totals"] }) {
  const t = useTranslations("adminHome.totals");
  const format = useFormatter();
  return (
    <section aria-labelledby="admin-totals" className="space-y-4">
      <SectionTitle id="admin-totals">{t("title")}</SectionTitle>
      <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-5">
        <Stat label={t("merchants")} testId="total-merchants">
          {format.number(totals.merchants)}
        </Stat>
        <Stat
          label={t("accounts")}
          hint={t("blockedAccounts", { count: totals.blockedAccounts })}
          testId="total-accounts"
        >
          {format.number(totals.accounts)}
        </Stat>
        <Stat label={t("available")} hint={t("availableHint")} testId="total-available">
          <Money cents={totals.availableCents} />
        </Stat>
        <Stat label={t("held")} hint={t("heldHint")} testId="total-held">
          <Money cents={totals.heldCents} />
        </Stat>
        <Stat label={t("blocked")} hint={t("blockedHint")} testId="total-blocked">
          <Money cents={totals.blockedCents} />
        </Stat>
      </div>
    </section>
  );
}

function Flows({ totals }: { totals: Overview["totals"] }) {
  const t = useTranslations("adminHome.flows");
  const rows = [
    { key: "in", flow: totals.pixIn, tone: "text-emerald-700" },
    { key: "out", flow: totals.pixOut, tone: "text-slate-900" },
  ] as const;
  return (
    <section aria-labelledby="admin-flows" className="space-y-4">
      <SectionTitle id="admin-flows" aside={t("hint")}>
        {t("title")}
      </SectionTitle>
      <div className="grid gap-4 md:grid-cols-2">
        {rows.map(({ key, flow, tone }) => (
          <Card key={key} className="p-5" data-testid={`flow-${key}`}>
            <p className="text-sm font-semibold text-slate-900">{t(key)}</p>
            <dl className="mt-3 grid grid-cols-2 gap-4">
              {(["today", "week"] as const).map((period) => (
                <div key={period} data-testid={`flow-${key}-${period}`}>
                  <dt className="text-xs font-medium text-slate-500">{t(period)}</dt>
                  <dd className={cn("mt-1 text-xl font-semibold tracking-tight", tone)}>
                    <Money cents={flow[period].amountCents} />
                  </dd>
                  <dd className="text-xs text-slate-500 tabular-nums">{t("count", { count: flow[period].count })}</dd>
                </div>
              ))}
            </dl>
          </Card>
        ))}
      </div>
    </section>
  );
}

function QueueCard({
  icon: IconComponent,
  title,
  body,
  count,
  href,
  testId,
}: {
  icon: Icon;
  title: string;
  body: string;
  count: number;
  href?: string;
  testId: string;
}) {
  const t = useTranslations("adminHome.queues");
  const format = useFormatter();
  const content = (
    <>
      <div className="flex items-start justify-between gap-3">
        <span
          className={cn(
            "flex size-9 shrink-0 items-center justify-center rounded-lg",
            count > 0 ? "bg-amber-50 text-amber-700" : "bg-slate-100 text-slate-500",
          )}
        >
          <IconComponent className="size-5" />
        </span>
        {count > 0 ? (
          <span className="text-2xl font-semibold text-amber-800 tabular-nums" data-testid={`${testId}-count`}>
            {format.number(count)}
          </span>
        ) : (
          <Badge tone="success" data-testid={`${testId}-count`}>
            {t("clear")}
          </Badge>
        )}
      </div>
      <p className="mt-4 text-sm font-semibold text-slate-900">{title}</p>
      <p className="mt-1 text-sm text-slate-600">{body}</p>
      {href ? (
        <span className="mt-3 inline-flex items-center gap-1 text-sm font-medium text-emerald-800">
          {t("open")}
          <ArrowRightIcon className="size-4" />
        </span>
      ) : null}
    </>
  );
  return href ? (
    <Link
      href={href}
      data-testid={testId}
      className="block rounded-xl border border-slate-200 bg-white p-5 shadow-[0_1px_2px_rgb(15_23_42/0.04)] transition-colors hover:border-emerald-300 hover:bg-emerald-50/30 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-emerald-600"
    >
      {content}
    </Link>
  ) : (
    <Card className="p-5" data-testid={testId}>
      {content}
    </Card>
  );
}

type QueueKey = "meds" | "onboarding" | "webhooks" | "payouts";

function Queues({ queues }: { queues: Overview["queues"] }) {
  const t = useTranslations("adminHome.queues");
  const failed = queues.failedWebhooks.gateway + queues.failedWebhooks.account;
  const shown: { icon: Icon; key: QueueKey; count: number; href?: string }[] = [
    { icon: ShieldAlertIcon, key: "meds", count: queues.medsNearDeadline, href: "/admin/meds" },
    { icon: UserPlusIcon, key: "onboarding", count: queues.onboardingUnderReview, href: "/admin/onboarding" },
    { icon: ZapIcon, key: "webhooks", count: failed },
    { icon: SendIcon, key: "payouts", count: queues.queuedPayouts },
  ];
  return (
    <section aria-labelledby="admin-queues" className="space-y-4">
      <SectionTitle id="admin-queues">{t("title")}</SectionTitle>
      <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
        {shown.map((queue) => (
          <QueueCard
            key={queue.key}
            icon={queue.icon}
            title={t(`${queue.key}.title`)}
            body={t(`${queue.key}.body`, queues.failedWebhooks)}
            count={queue.count}
            href={queue.href}
            testId={`queue-${queue.key}`}
          />
        ))}
      </div>
    </section>
  );
}

function Shortcut({
  icon: IconComponent,
  title,
  body,
  action,
  href,
  testId,
}: {
  icon: Icon;
  title: string;
  body: string;
  action: string;
  href: string;
  testId: string;
}) {
  return (
    <Card className="flex flex-col p-5">
      <span className="flex size-9 items-center justify-center rounded-lg bg-emerald-50 text-emerald-700">
        <IconComponent className="size-5" />
      </span>
      <p className="mt-4 text-sm font-semibold text-slate-900">{title}</p>
      <p className="mt-1 flex-1 text-sm text-slate-600">{body}</p>
      <Link
        href={href}
        data-testid={testId}
        className="mt-3 inline-flex items-center gap-1 self-start rounded-md text-sm font-medium text-emerald-800 hover:text-emerald-900 hover:underline"
      >
        {action}
        <ArrowRightIcon className="size-4" />
      </Link>
    </Card>
  );
}

function LoadingOverview() {
  const t = useTranslations("adminHome");
  return (
    <LoadingState label={t("loading")} testId="admin-overview-loading" className="space-y-8">
      {[5, 2, 4].map((count, row) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders with no identity
        <div key={row} className="space-y-4">
          <Skeleton className="h-4 w-32" />
          <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-5">
            <Placeholders count={count}>
              <Skeleton className="h-28 w-full" />
            </Placeholders>
          </div>
        </div>
      ))}
    </LoadingState>
  );
}

/** /admin: the platform at a glance, refreshed every 30 seconds. */
export function AdminOverview() {
  const t = useTranslations("adminHome");
  const format = useFormatter();
  const trpc = useTRPC();
  const overview = useQuery(trpc.adminHome.overview.queryOptions(undefined, { refetchInterval: REFRESH_MS }));

  if (overview.isPending) return <LoadingOverview />;
  if (overview.isError) {
    return (
      <ErrorState
        title={t("error.title")}
        description={t("error.body")}
        onRetry={() => overview.refetch()}
        retrying={overview.isFetching}
      />
    );
  }
  const data = overview.data;
  return (
    <div className="space-y-8" data-testid="admin-overview">
      <div className="-mt-4 flex items-center justify-end gap-2 text-xs text-slate-500">
        <span>{t("updatedAt", { time: format.dateTime(data.generatedAt, { timeStyle: "medium" }) })}</span>
        <Button
          variant="ghost"
          size="sm"
          onClick={() => overview.refetch()}
          disabled={overview.isFetching}
          aria-label={t("refresh")}
          title={t("refresh")}
        >
          <RefreshIcon className={cn("size-4", overview.isFetching && "animate-spin")} />
        </Button>
      </div>
      <Totals totals={data.totals} />
      <Flows totals={data.totals} />
      <Queues queues={data.queues} />
      <div className="grid items-start gap-4 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
        <WorkerHealthCard health={data.health} />
        <div className="grid gap-4">
          {(
            [
              { icon: StoreIcon, key: "merchants", href: "/admin/merchants" },
              { icon: FileTextIcon, key: "audit", href: "/admin/audit" },
            ] as const
          ).map((shortcut) => (
            <Shortcut
              key={shortcut.key}
              icon={shortcut.icon}
              title={t(`${shortcut.key}.title`)}
              body={t(`${shortcut.key}.body`)}
              action={t(`${shortcut.key}.open`)}
              href={shortcut.href}
              testId={`link-${shortcut.key}`}
            />
          ))}
        </div>
      </div>
    </div>
  );
}
