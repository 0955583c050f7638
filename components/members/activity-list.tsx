"use client";

import { useQuery } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { useDateTime } from "@/components/format/date-time";
import { useTRPC } from "@/components/providers/trpc-provider";
import { TitledCard } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { ActivityIcon } from "@/components/ui/icons";
import { ErrorState, LoadingState } from "@/components/ui/list-states";
import { Pagination } from "@/components/ui/pagination";
import { Skeleton } from "@/components/ui/skeleton";
import { auditActionKey, isAuditAction } from "@/server/audit/actions";

/** The organisation's "Atividade": who did what, newest first (owners and admins). */
export function ActivityList() {
  const t = useTranslations("members.activity");
  const actions = useTranslations("adminAudit.actions");
  const trpc = useTRPC();
  const dateTime = useDateTime();
  const [page, setPage] = useState(1);
  const [limit, setLimit] = useState(20);
  const list = useQuery(trpc.members.activity.queryOptions({ page, limit }));
  if (list.isPending) {
    return (
      <LoadingState label={t("loading")} testId="activity-loading">
        <Skeleton className="h-40 w-full" />
      </LoadingState>
    );
  }
  if (list.isError) {
    return (
      <ErrorState
        title={t("error")}
        description={t("errorBody")}
        onRetry={() => list.refetch()}
        retrying={list.isFetching}
      />
    );
  }
  if (list.data.entries.length === 0)
    return <EmptyState icon={ActivityIcon} title={t("empty")} description={t("emptyBody")} />;
  return (
    <TitledCard title={t("title")}>
      <ul className="divide-y divide-slate-100" data-testid="activity-list">
        {list.data.entries.map((entry) => (
          <li key={entry.id} className="flex flex-wrap items-baseline gap-x-3 py-3 text-sm" data-testid="activity-row">
            <span className="font-medium text-slate-900">
              {isAuditAction(entry.action) ? actions(auditActionKey(entry.action)) : entry.action}
            </span>
            <span className="text-slate-600">{entry.actorEmail}</span>
            <span className="ml-auto text-xs text-slate-500">{dateTime(entry.createdAt)}</span>
          </li>
        ))}
      </ul>
      <Pagination
        page={list.data.page}
        pages={Math.max(1, list.data.totalPages)}
        limit={limit}
        onPage={setPage}
        onLimit={(next) => {
          setLimit(next);
          setPage(1);
        }}
      />
    </TitledCard>
  );
}
