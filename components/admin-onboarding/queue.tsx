"use client";

import { keepPreviousData, useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useTranslations } from "next-intl";
import { parseAsNumberLiteral, parseAsStringLiteral } from "nuqs";
import { KybScoreBadge } from "@/components/admin-kyb/score";
import { ProposalStatusBadge } from "@/components/baas/status";
import { useDateTime } from "@/components/format/date-time";
import { FilterSelect } from "@/components/lists/filter-select";
import { useListState } from "@/components/lists/list-state";
import { ResourceList } from "@/components/lists/resource-list";
import { useTRPC } from "@/components/providers/trpc-provider";
import { Card } from "@/components/ui/card";
import { UserPlusIcon } from "@/components/ui/icons";
import { ONBOARDING_STATUSES, PERSON_TYPES } from "@/server/onboarding/schema";

const AGES = [1, 3, 7, 30] as const;

const FILTERS = {
  status: parseAsStringLiteral([...ONBOARDING_STATUSES, "all"] as const).withDefault("UNDER_REVIEW"),
  personType: parseAsStringLiteral(PERSON_TYPES),
  olderThanDays: parseAsNumberLiteral(AGES),
};

/** The review queue: every programme's proposals; UNDER_REVIEW first by default. */
export function OnboardingQueue() {
  const t = useTranslations("adminOnboarding.queue");
  const statusLabels = useTranslations("onboardingStatus");
  const trpc = useTRPC();
  const dateTime = useDateTime();
  const state = useListState(FILTERS);
  const { personType, olderThanDays } = state.filters;
  const status = state.filters.status === "all" ? undefined : state.filters.status;
  const list = useQuery(
    trpc.onboarding.queue.queryOptions(
      {
        status,
        personType: personType ?? undefined,
        olderThanDays: olderThanDays ?? undefined,
        ...state.paging,
      },
      { placeholderData: keepPreviousData },
    ),
  );

  return (
    <div className="space-y-4" data-testid="onboarding-queue">
      <Card className="grid gap-3 p-4 sm:grid-cols-3 sm:p-5">
        <FilterSelect
          label={t("status")}
          value={state.filters.status}
          options={[
            { value: "all" as const, label: t("all") },
            ...ONBOARDING_STATUSES.map((value) => ({ value, label: statusLabels(value) })),
          ]}
          onChange={(next) => state.setFilters({ status: next })}
        />
        <FilterSelect
          label={t("personType")}
          all={t("all")}
          value={personType}
          options={PERSON_TYPES.map((value) => ({ value, label: t(`personTypes.${value}`) }))}
          onChange={(next) => state.setFilters({ personType: next })}
        />
        <FilterSelect
          label={t("age")}
          all={t("anyAge")}
          value={olderThanDays}
          options={AGES.map((value) => ({ value, label: t("olderThan", { days: value }) }))}
          onChange={(next) => state.setFilters({ olderThanDays: next })}
        />
      </Card>

      <ResourceList testId="onboarding-queue" query={list} state={state} messages={t} icon={UserPlusIcon}>
        {(data) => (
          <Card className="divide-y divide-slate-100 overflow-hidden">
            {data.proposals.map((p) => (
              <Link
                key={p.userId}
                href={`/admin/onboarding/${p.userId}`}
                className="flex flex-col gap-2 px-4 py-3.5 hover:bg-slate-50 sm:flex-row sm:items-center sm:justify-between"
                data-testid="onboarding-queue-row"
                data-user-id={p.userId}
              >
                <div className="min-w-0">
                  <p className="font-medium text-slate-900">{p.name}</p>
                  <p className="text-sm text-slate-600">
                    {t(`personTypes.${p.personType}`)} · {p.email}
                  </p>
                </div>
                <div className="flex items-center gap-4">
                  <span className="text-xs text-slate-500">{dateTime(p.createdAt)}</span>
                  <KybScoreBadge kyb={p.kyb} />
                  <ProposalStatusBadge status={p.status} />
                </div>
              </Link>
            ))}
          </Card>
        )}
      </ResourceList>
    </div>
  );
}
