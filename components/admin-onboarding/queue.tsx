"use client";

import { keepPreviousData, useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useTranslations } from "next-intl";
import { useId } from "react";
import { ProposalStatusBadge } from "@/components/baas/status";
import { useDateTime } from "@/components/format/date-time";
import { useTRPC } from "@/components/providers/trpc-provider";
import { Card } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { FieldLabel, Select } from "@/components/ui/fields";
import { UserPlusIcon } from "@/components/ui/icons";
import { ListSkeleton, ListStates } from "@/components/ui/list-states";
import { DEFAULT_LIMIT, Pagination, readLimit, readPage } from "@/components/ui/pagination";
import { useUrlState } from "@/components/ui/url-state";
import { ONBOARDING_STATUSES, PERSON_TYPES } from "@/server/onboarding/schema";

const AGES = [1, 3, 7, 30] as const;

/** The review queue: every programme's proposals; UNDER_REVIEW first by default. */
export function OnboardingQueue() {
  const t = useTranslations("adminOnboarding.queue");
  const statusLabels = useTranslations("onboardingStatus");
  const trpc = useTRPC();
  const id = useId();
  const dateTime = useDateTime();
  const { params, update } = useUrlState();
  const requested = params.get("status");
  const status = requested === "all" ? undefined : (ONBOARDING_STATUSES.find((s) => s === requested) ?? "UNDER_REVIEW");
  const personType = PERSON_TYPES.find((p) => p === params.get("personType"));
  const age = AGES.find((a) => a === Number(params.get("olderThanDays")));
  const page = readPage(params.get("page"));
  const limit = readLimit(params.get("limit"));
  const list = useQuery(
    trpc.onboarding.queue.queryOptions(
      { status, personType, olderThanDays: age, page, limit },
      { placeholderData: keepPreviousData },
    ),
  );

  return (
    <div className="space-y-4" data-testid="onboarding-queue">
      <Card className="grid gap-3 p-4 sm:grid-cols-3 sm:p-5">
        <div>
          <FieldLabel htmlFor={`${id}-status`}>{t("status")}</FieldLabel>
          <Select
            id={`${id}-status`}
            value={requested === "all" ? "all" : (status ?? "")}
            onChange={(event) => update({ status: event.target.value, page: undefined })}
          >
            <option value="all">{t("all")}</option>
            {ONBOARDING_STATUSES.map((value) => (
              <option key={value} value={value}>
                {statusLabels(value)}
              </option>
            ))}
          </Select>
        </div>
        <div>
          <FieldLabel htmlFor={`${id}-type`}>{t("personType")}</FieldLabel>
          <Select
            id={`${id}-type`}
            value={personType ?? ""}
            onChange={(event) => update({ personType: event.target.value || undefined, page: undefined })}
          >
            <option value="">{t("all")}</option>
            {PERSON_TYPES.map((value) => (
              <option key={value} value={value}>
                {t(`personTypes.${value}`)}
              </option>
            ))}
          </Select>
        </div>
        <div>
          <FieldLabel htmlFor={`${id}-age`}>{t("age")}</FieldLabel>
          <Select
            id={`${id}-age`}
            value={age ? String(age) : ""}
            onChange={(event) => update({ olderThanDays: event.target.value || undefined, page: undefined })}
          >
            <option value="">{t("anyAge")}</option>
            {AGES.map((value) => (
              <option key={value} value={value}>
                {t("olderThan", { days: value })}
              </option>
            ))}
          </Select>
        </div>
      </Card>

      <ListStates
        query={list}
        loading={<ListSkeleton label={t("loading")} testId="onboarding-queue-loading" />}
        error={{ title: t("error.title"), body: t("error.body"), testId: "onboarding-queue-error" }}
        isEmpty={(data) => data.total === 0}
        empty={<EmptyState icon={UserPlusIcon} title={t("empty.title")} description={t("empty.body")} />}
      >
        {(data) => (
          <div className="space-y-4">
            <p className="text-sm text-slate-600">{t("count", { total: data.total })}</p>
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
                    <ProposalStatusBadge status={p.status} />
                  </div>
                </Link>
              ))}
            </Card>
            <Pagination
              page={data.page}
              pages={data.totalPages}
              limit={limit}
              onPage={(next) => update({ page: next > 1 ? String(next) : undefined }, "push")}
              onLimit={(next) => update({ limit: next === DEFAULT_LIMIT ? undefined : String(next) })}
              testId="onboarding-queue-pagination"
            />
          </div>
        )}
      </ListStates>
    </div>
  );
}
