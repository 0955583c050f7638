"use client";

import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useLocale, useTranslations } from "next-intl";
import { parseAsString, parseAsStringLiteral } from "nuqs";
import { type FormEvent, useId, useState } from "react";
import { readAmount } from "@/components/forms/amount";
import { FilterActions, FilterForm, FilterSelect, TextFilter } from "@/components/lists/filter-select";
import { type ListState, useListState } from "@/components/lists/list-state";
import { ResourceList } from "@/components/lists/resource-list";
import { useTRPC } from "@/components/providers/trpc-provider";
import { cn } from "@/components/ui/cn";
import { ShieldAlertIcon } from "@/components/ui/icons";
import { DEADLINE_WINDOWS, MED_STATUSES } from "@/server/meds/schema";
import type { MedStatus } from "@/server/meds/service";
import { MedRows } from "./med-rows";

const TEXT_KEYS = ["merchant", "min", "max"] as const;
const FILTERS = {
  status: parseAsStringLiteral(MED_STATUSES),
  deadline: parseAsStringLiteral(DEADLINE_WINDOWS),
  sort: parseAsStringLiteral(["deadline_asc", "deadline_desc"] as const).withDefault("deadline_asc"),
  merchant: parseAsString,
  min: parseAsString,
  max: parseAsString,
};
type FilterPatch = Parameters<ListState<typeof FILTERS>["setFilters"]>[0];

/** The queue of every merchant's MEDs: filters and page in the URL, the nearest deadline first. */
export function MedQueue() {
  const t = useTranslations("adminMeds.queue");
  const trpc = useTRPC();
  const locale = useLocale();
  const state = useListState(FILTERS);
  const { status, deadline, sort } = state.filters;
  const merchant = state.filters.merchant?.slice(0, 200) || undefined;
  const amountOf = (raw: string | null) => (raw ? (readAmount(raw, "en") ?? undefined) : undefined);
  const minAmount = amountOf(state.filters.min);
  const maxAmount = amountOf(state.filters.max);
  const list = useQuery(
    trpc.adminMeds.list.queryOptions(
      {
        status: status ?? undefined,
        deadline: deadline ?? undefined,
        merchant,
        minAmount,
        maxAmount,
        sort,
        ...state.paging,
      },
      { placeholderData: keepPreviousData },
    ),
  );

  return (
    <section className="space-y-4" data-testid="med-queue">
      <StatusTabs
        counts={list.data?.counts}
        status={status ?? undefined}
        onChange={(next) => state.setFilters({ status: next ?? null })}
      />
      <Filters
        key={state.back}
        filters={state.filters}
        locale={locale}
        onChange={state.setFilters}
        onClear={state.filtered ? state.clear : undefined}
      />
      <ResourceList testId="meds" query={list} state={state} messages={t} icon={ShieldAlertIcon}>
        {(data) => <MedRows meds={data.meds} back={state.back} />}
      </ResourceList>
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
  onChange: (status: MedStatus | undefined) => void;
}) {
  const t = useTranslations("adminMeds");
  const statusLabel = useTranslations("meds.statuses");
  const all = counts ? MED_STATUSES.reduce((sum, s) => sum + counts[s], 0) : null;
  const tabs: { value?: MedStatus; label: string; count: number | null }[] = [
    { label: t("queue.all"), count: all },
    ...MED_STATUSES.map((s) => ({ value: s, label: statusLabel(s), count: counts ? counts[s] : null })),
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
  filters,
  locale,
  onChange,
  onClear,
}: {
  filters: ListState<typeof FILTERS>["filters"];
  locale: string;
  onChange: (patch: FilterPatch) => void;
  onClear?: () => void;
}) {
  const t = useTranslations("adminMeds.queue");
  const id = useId();
  const { deadline, sort } = filters;
  const shown = (raw: string | null) => (raw ? raw.replace(".", locale === "pt-BR" ? "," : ".") : "");
  const [text, setText] = useState({
    merchant: filters.merchant ?? "",
    min: shown(filters.min),
    max: shown(filters.max),
  });
  const [error, setError] = useState<string | null>(null);

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const patch: Record<"merchant" | "min" | "max", string | null> = {
      merchant: text.merchant.trim() || null,
      min: null,
      max: null,
    };
    for (const key of ["min", "max"] as const) {
      if (!text[key].trim()) {
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
    <FilterForm
      onSubmit={onSubmit}
      label={t("filters")}
      className="sm:grid-cols-2 lg:grid-cols-4 lg:items-end"
      testId="med-filters"
      error={error}
    >
      <TextFilter
        id={`${id}-merchant`}
        label={t("merchant")}
        value={text.merchant}
        maxLength={200}
        placeholder={t("merchantPlaceholder")}
        onChange={(event) => setText({ ...text, merchant: event.target.value })}
        className="sm:col-span-2"
      />
      <FilterSelect
        label={t("deadline")}
        all={t("anyDeadline")}
        value={deadline}
        options={DEADLINE_WINDOWS.map((value) => ({ value, label: t(`deadlines.${value}`) }))}
        onChange={(window) => onChange({ deadline: window })}
      />
      <FilterSelect
        label={t("sort")}
        value={sort}
        options={[
          { value: "deadline_asc", label: t("sortAsc") },
          { value: "deadline_desc", label: t("sortDesc") },
        ]}
        onChange={(order) => onChange({ sort: order === "deadline_desc" ? order : null })}
      />
      {TEXT_KEYS.slice(1).map((key) => (
        <TextFilter
          key={key}
          id={`${id}-${key}`}
          label={t(key === "min" ? "minAmount" : "maxAmount")}
          inputMode="decimal"
          value={text[key]}
          placeholder="0,00"
          aria-invalid={error ? true : undefined}
          onChange={(event) => setText({ ...text, [key]: event.target.value })}
        />
      ))}
      <FilterActions messages={t} onClear={onClear} applyTestId="med-filter-apply" className="sm:col-span-2" />
    </FilterForm>
  );
}
