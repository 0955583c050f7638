"use client";

import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useLocale, useTranslations } from "next-intl";
import { type FormEvent, useId, useState } from "react";
import { readAmount } from "@/components/forms/amount";
import { useTRPC } from "@/components/providers/trpc-provider";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { cn } from "@/components/ui/cn";
import { EmptyState, FilteredEmptyState } from "@/components/ui/empty-state";
import { FieldError, FieldLabel, Select } from "@/components/ui/fields";
import { CloseIcon, ShieldAlertIcon } from "@/components/ui/icons";
import { Input } from "@/components/ui/input";
import { ListSkeleton, ListStates } from "@/components/ui/list-states";
import { DEFAULT_LIMIT, Pagination, readLimit, readPage } from "@/components/ui/pagination";
import { useUrlState } from "@/components/ui/url-state";
import { DEADLINE_WINDOWS, MED_STATUSES } from "@/server/meds/schema";
import type { MedStatus } from "@/server/meds/service";
import { MedCards, MedTable } from "./med-rows";

const TEXT_KEYS = ["merchant", "min", "max"] as const;

/** The queue of every merchant's MEDs: filters and page in the URL, the nearest deadline first. */
export function MedQueue() {
  const t = useTranslations("adminMeds.queue");
  const trpc = useTRPC();
  const locale = useLocale();
  const { params, query, update } = useUrlState();
  const status = MED_STATUSES.find((s) => s === params.get("status"));
  const deadline = DEADLINE_WINDOWS.find((d) => d === params.get("deadline"));
  const sort = params.get("sort") === "deadline_desc" ? "deadline_desc" : "deadline_asc";
  const merchant = params.get("merchant")?.slice(0, 200) || undefined;
  const amountOf = (key: string) => {
    const raw = params.get(key);
    return raw ? (readAmount(raw, "en") ?? undefined) : undefined;
  };
  const minAmount = amountOf("min");
  const maxAmount = amountOf("max");
  const page = readPage(params.get("page"));
  const limit = readLimit(params.get("limit"));
  const list = useQuery(
    trpc.adminMeds.list.queryOptions(
      { status, deadline, merchant, minAmount, maxAmount, sort, page, limit },
      { placeholderData: keepPreviousData },
    ),
  );
  const filtered = Boolean(status || deadline || merchant || minAmount || maxAmount);
  const clear = () =>
    update({ status: undefined, deadline: undefined, merchant: undefined, min: undefined, max: undefined });

  return (
    <section className="space-y-4" data-testid="med-queue">
      <StatusTabs counts={list.data?.counts} status={status} onChange={(next) => update({ status: next })} />
      <Filters
        key={query}
        params={params}
        locale={locale}
        deadline={deadline}
        sort={sort}
        onChange={update}
        onClear={filtered ? clear : undefined}
      />
      <ListStates
        query={list}
        loading={<ListSkeleton label={t("loading")} testId="meds-loading" />}
        error={{ title: t("error.title"), body: t("error.body"), testId: "meds-error" }}
        isEmpty={(data) => data.total === 0}
        empty={
          filtered ? (
            <FilteredEmptyState
              icon={ShieldAlertIcon}
              title={t("empty.filteredTitle")}
              description={t("empty.filteredBody")}
              clearLabel={t("clear")}
              onClear={clear}
            />
          ) : (
            <EmptyState icon={ShieldAlertIcon} title={t("empty.title")} description={t("empty.body")} />
          )
        }
      >
        {(data) => (
          <div className="space-y-4">
            <p className="text-sm text-slate-600" data-testid="meds-total">
              {t("count", { total: data.total })}
            </p>
            <MedTable meds={data.meds} back={query} />
            <MedCards meds={data.meds} back={query} />
            <Pagination
              page={data.page}
              pages={data.totalPages}
              limit={limit}
              onPage={(next) => update({ page: next > 1 ? String(next) : undefined }, "push")}
              onLimit={(next) => update({ limit: next === DEFAULT_LIMIT ? undefined : String(next) })}
              testId="meds-pagination"
            />
          </div>
        )}
      </ListStates>
    </section>
  );
}

function StatusTabs({
  counts,
  status,
  onChange,
}: {
  counts?: Record<MedStatus, number>;
  status?: MedStatus;
  onChange: (status: string | undefined) => void;
}) {
  const t = useTranslations("adminMeds");
  const all = counts ? MED_STATUSES.reduce((sum, s) => sum + counts[s], 0) : null;
  const tabs: { value?: MedStatus; label: string; count: number | null }[] = [
    { label: t("queue.all"), count: all },
    ...MED_STATUSES.map((s) => ({ value: s, label: t(`status.${s}`), count: counts ? counts[s] : null })),
  ];
  return (
    <fieldset className="flex flex-wrap gap-2" data-testid="med-status-tabs">
      <legend className="sr-only">{t("queue.byStatus")}</legend>
      {tabs.map((tab) => {
        const active = tab.value === status;
        return (
          <button
            key={tab.value ?? "all"}
            type="button"
            aria-pressed={active}
            onClick={() => onChange(tab.value)}
            data-testid={`med-tab-${tab.value ?? "all"}`}
            className={cn(
              "inline-flex items-center gap-2 rounded-full border px-3.5 py-1.5 text-sm font-medium transition-colors",
              active
                ? "border-emerald-600 bg-emerald-50 text-emerald-800"
                : "border-slate-200 bg-white text-slate-700 hover:bg-slate-50",
            )}
          >
            {tab.label}
            <span className="rounded-full bg-white/80 px-1.5 text-xs text-slate-600 tabular-nums ring-1 ring-slate-200">
              {tab.count ?? "…"}
            </span>
          </button>
        );
      })}
    </fieldset>
  );
}

function Filters({
  params,
  locale,
  deadline,
  sort,
  onChange,
  onClear,
}: {
  params: URLSearchParams;
  locale: string;
  deadline?: string;
  sort: string;
  onChange: (patch: Record<string, string | undefined>) => void;
  onClear?: () => void;
}) {
  const t = useTranslations("adminMeds.queue");
  const id = useId();
  const shown = (key: string) => {
    const raw = params.get(key);
    return raw ? raw.replace(".", locale === "pt-BR" ? "," : ".") : "";
  };
  const [text, setText] = useState({ merchant: params.get("merchant") ?? "", min: shown("min"), max: shown("max") });
  const [error, setError] = useState<string | null>(null);

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const patch: Record<string, string | undefined> = { merchant: text.merchant.trim() || undefined };
    for (const key of ["min", "max"] as const) {
      if (!text[key].trim()) {
        patch[key] = undefined;
        continue;
      }
      const value = readAmount(text[key], locale);
      if (value === null) return setError(t("invalidAmount"));
      patch[key] = String(value);
    }
    if (patch.min && patch.max && Number(patch.min) > Number(patch.max)) return setError(t("minOverMax"));
    setError(null);
    onChange(patch);
  }

  return (
    <Card className="p-4 sm:p-5">
      <form
        onSubmit={onSubmit}
        aria-label={t("filters")}
        className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4 lg:items-end"
        data-testid="med-filters"
      >
        <div className="sm:col-span-2">
          <FieldLabel htmlFor={`${id}-merchant`}>{t("merchant")}</FieldLabel>
          <Input
            id={`${id}-merchant`}
            value={text.merchant}
            maxLength={200}
            placeholder={t("merchantPlaceholder")}
            onChange={(event) => setText({ ...text, merchant: event.target.value })}
            className="h-10"
          />
        </div>
        <div>
          <FieldLabel htmlFor={`${id}-deadline`}>{t("deadline")}</FieldLabel>
          <Select
            id={`${id}-deadline`}
            value={deadline ?? ""}
            onChange={(event) => onChange({ deadline: event.target.value || undefined })}
          >
            <option value="">{t("anyDeadline")}</option>
            {DEADLINE_WINDOWS.map((value) => (
              <option key={value} value={value}>
                {t(`deadlines.${value}`)}
              </option>
            ))}
          </Select>
        </div>
        <div>
          <FieldLabel htmlFor={`${id}-sort`}>{t("sort")}</FieldLabel>
          <Select
            id={`${id}-sort`}
            value={sort}
            onChange={(event) =>
              onChange({ sort: event.target.value === "deadline_desc" ? "deadline_desc" : undefined })
            }
          >
            <option value="deadline_asc">{t("sortAsc")}</option>
            <option value="deadline_desc">{t("sortDesc")}</option>
          </Select>
        </div>
        {TEXT_KEYS.slice(1).map((key) => (
          <div key={key}>
            <FieldLabel htmlFor={`${id}-${key}`}>{t(key === "min" ? "minAmount" : "maxAmount")}</FieldLabel>
            <Input
              id={`${id}-${key}`}
              inputMode="decimal"
              value={text[key]}
              placeholder="0,00"
              aria-invalid={error ? true : undefined}
              onChange={(event) => setText({ ...text, [key]: event.target.value })}
              className="h-10"
            />
          </div>
        ))}
        <div className="flex gap-2 sm:col-span-2">
          <Button type="submit" className="h-10" data-testid="med-filter-apply">
            {t("apply")}
          </Button>
          {onClear ? (
            <Button type="button" variant="ghost" className="h-10" onClick={onClear}>
              <CloseIcon className="size-4" />
              <span className="sr-only sm:not-sr-only">{t("clear")}</span>
            </Button>
          ) : null}
        </div>
      </form>
      {error ? (
        <div className="mt-3">
          <FieldError alert>{error}</FieldError>
        </div>
      ) : null}
    </Card>
  );
}
