"use client";

import { useQuery } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { useDateTime } from "@/components/format/date-time";
import { useTRPC } from "@/components/providers/trpc-provider";
import { TitledCard } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { ActivityIcon } from "@/components/ui/icons";
import { PanelStates } from "@/components/ui/list-states";
import { Pagination } from "@/components/ui/pagination";
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
  return (
    <PanelStates query={list} messages={t} testId="activity">
      {(data) =>
        data.entries.length === 0 ? (
          <EmptyState icon={ActivityIcon} title={t("empty")} description={t("emptyBody")} />
        ) : (
          <TitledCard title={t("title")}>
            <ul className="divide-y divide-slate-100" data-testid="activity-list">
              {data.entries.map((entry) => (
                <li
                  key={entry.id}
                  className="flex flex-wrap items-baseline gap-x-3 py-3 text-sm"
                  data-testid="activity-row"
                >
                  <span className="font-medium text-slate-900">
                    {isAuditAction(entry.action) ? actions(auditActionKey(entry.action)) : entry.action}
                  </span>
                  <span className="text-slate-600">{entry.actorEmail}</span>
                  <span className="ml-auto text-xs text-slate-500">{dateTime(entry.createdAt)}</span>
                </li>
              ))}
            </ul>
            <Pagination
              page={data.page}
              pages={Math.max(1, data.totalPages)}
              limit={limit}
              onPage={setPage}
              onLimit={(next) => {
                setLimit(next);
                setPage(1);
              }}
            />
          </TitledCard>
        )
      }
    </PanelStates>
  );
}
