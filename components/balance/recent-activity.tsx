"use client";

import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useTranslations } from "next-intl";
import { useDateTime } from "@/components/format/date-time";
import { counterpartyOf, entryHref, StatusBadge, useReasonLabel } from "@/components/format/entry";
import { SignedAmount } from "@/components/format/money";
import { useTRPC } from "@/components/providers/trpc-provider";
import { Card } from "@/components/ui/card";
import { ArrowRightIcon } from "@/components/ui/icons";
import { LoadingState } from "@/components/ui/list-states";
import { Placeholders, Skeleton, SkeletonText } from "@/components/ui/skeleton";
import { OverviewSection } from "./overview-section";

const RECENT = 5;

/** The last few entries of the user's accounts, each linking to its detail. */
export function RecentActivity() {
  const t = useTranslations("activity");
  const trpc = useTRPC();
  const reasonLabel = useReasonLabel();
  const dateTime = useDateTime();
  const recent = useQuery(trpc.ledger.list.queryOptions({ page: 1, limit: RECENT }));

  return (
    <OverviewSection
      titleId="activity-heading"
      title={t("title")}
      action={
        <Link
          href="/ledger"
          className="inline-flex items-center gap-1 rounded-md text-sm font-medium text-emerald-800 hover:text-emerald-900 hover:underline"
        >
          {t("viewAll")}
          <ArrowRightIcon className="size-4" />
        </Link>
      }
    >
      <Card className="overflow-hidden" data-testid="recent-activity">
        {recent.isPending ? (
          <LoadingState label={t("loading")} className="divide-y divide-slate-100">
            <Placeholders count={3}>
              <div className="flex items-center justify-between gap-4 px-5 py-4 sm:px-6">
                <SkeletonText title="w-40" detail="w-28" />
                <Skeleton className="h-4 w-20" />
              </div>
            </Placeholders>
          </LoadingState>
        ) : recent.isError ? (
          <p role="alert" className="px-5 py-6 text-sm text-slate-600 sm:px-6">
            {t("error")}
          </p>
        ) : recent.data.entries.length === 0 ? (
          <p className="px-5 py-6 text-sm text-slate-600 sm:px-6">{t("empty")}</p>
        ) : (
          <ul className="divide-y divide-slate-100">
            {recent.data.entries.map((entry) => {
              const counterparty = counterpartyOf(entry);
              return (
                <li key={`${entry.accountId}:${entry.id}`}>
                  <Link
                    href={entryHref(entry)}
                    data-testid="recent-entry"
                    className="flex items-center justify-between gap-4 px-5 py-3.5 transition-colors hover:bg-slate-50 sm:px-6"
                  >
                    <div className="min-w-0">
                      <p className="truncate text-sm font-medium text-slate-900">
                        {reasonLabel(entry.reason)}
                        {counterparty ? (
                          <span className="font-normal text-slate-600"> · {counterparty.name}</span>
                        ) : null}
                      </p>
                      <p className="mt-0.5 text-xs text-slate-500 tabular-nums">{dateTime(entry.createdAt)}</p>
                    </div>
                    <div className="flex shrink-0 flex-col items-end gap-1">
                      <SignedAmount
                        type={entry.type}
                        cents={entry.netCents}
                        status={entry.status}
                        className="text-sm"
                      />
                      {entry.status === "succeeded" ? null : <StatusBadge status={entry.status} />}
                    </div>
                  </Link>
                </li>
              );
            })}
          </ul>
        )}
      </Card>
    </OverviewSection>
  );
}
