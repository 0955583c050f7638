"use client";

import { useTranslations } from "next-intl";
import { parseAsString, parseAsStringLiteral } from "nuqs";
import { useId, useState } from "react";
import { type EntryType, KNOWN_REASONS, useReasonLabel } from "@/components/format/entry";
import { FilterSelect } from "@/components/lists/filter-select";
import { type ListState, parseAsDay } from "@/components/lists/list-state";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { cn } from "@/components/ui/cn";
import { DateInput, FieldLabel } from "@/components/ui/fields";
import { ChevronDownIcon, CloseIcon } from "@/components/ui/icons";
import { ENTRY_STATUSES } from "@/server/ledger/schema";
import { saoPauloDayEnd, saoPauloDayStart } from "@/server/time";

const TYPES = ["credit", "debit"] as const satisfies EntryType[];
const STATUSES = ENTRY_STATUSES;

/** The ledger's filters as the URL holds them; anything malformed is no filter rather than sent. */
export const LEDGER_FILTERS = {
  type: parseAsStringLiteral(TYPES),
  reason: parseAsStringLiteral(KNOWN_REASONS),
  status: parseAsStringLiteral(STATUSES),
  from: parseAsDay,
  to: parseAsDay,
  /** the search box's text (components/reconciliation/ledger-search.tsx) */
  q: parseAsString,
};

export type Filters = ListState<typeof LEDGER_FILTERS>["filters"];

export function startOfDay(date: string): number | undefined {
  return saoPauloDayStart(date) ?? undefined;
}

export function endOfDay(date: string): number | undefined {
  return saoPauloDayEnd(date) ?? undefined;
}

export function FilterBar({
  filters,
  onChange,
  onClear,
  hasFilters,
}: {
  filters: Filters;
  onChange: ListState<typeof LEDGER_FILTERS>["setFilters"];
  onClear: () => void;
  hasFilters: boolean;
}) {
  const t = useTranslations("ledger");
  const reasonLabel = useReasonLabel();
  const id = useId();
  // On a phone the filters fold behind a button, so the entries come first.
  const [open, setOpen] = useState(false);
  const active = Object.values(filters).filter((value) => value !== null).length;
  return (
    <Card className="p-4 sm:p-5" data-testid="ledger-filters">
      <div className="flex items-center justify-between gap-3 sm:hidden">
        <button
          type="button"
          onClick={() => setOpen((value) => !value)}
          aria-expanded={open}
          aria-controls={`${id}-form`}
          className="-m-1 inline-flex items-center gap-2 rounded-md p-1 text-sm font-medium text-slate-800"
        >
          <ChevronDownIcon className={cn("size-4 text-slate-500 transition-transform", open && "rotate-180")} />
          {t("filters.title")}
          {active > 0 ? <Badge tone="accent">{t("filters.active", { count: active })}</Badge> : null}
        </button>
        {hasFilters && !open ? (
          <Button variant="ghost" size="sm" onClick={onClear}>
            <CloseIcon className="size-4" />
            {t("clear")}
          </Button>
        ) : null}
      </div>
      <form
        id={`${id}-form`}
        aria-label={t("filters.title")}
        onSubmit={(event) => event.preventDefault()}
        className={cn(
          "grid-cols-2 gap-3 sm:grid sm:grid-cols-3 lg:grid-cols-[repeat(5,minmax(0,1fr))_auto] lg:items-end",
          open ? "mt-4 grid sm:mt-0" : "hidden",
        )}
      >
        <FilterSelect
          label={t("filters.type")}
          all={t("filters.all")}
          value={filters.type}
          options={TYPES.map((type) => ({ value: type, label: t(`types.${type}`) }))}
          onChange={(type) => onChange({ type })}
        />
        <FilterSelect
          label={t("filters.status")}
          all={t("filters.all")}
          value={filters.status}
          options={STATUSES.map((status) => ({ value: status, label: t(`statuses.${status}`) }))}
          onChange={(status) => onChange({ status })}
        />
        <FilterSelect
          className="col-span-2 sm:col-span-1"
          label={t("filters.reason")}
          all={t("filters.all")}
          value={filters.reason}
          options={KNOWN_REASONS.map((reason) => ({ value: reason, label: reasonLabel(reason) }))}
          onChange={(reason) => onChange({ reason })}
        />
        <div>
          <FieldLabel htmlFor={`${id}-from`}>{t("filters.from")}</FieldLabel>
          <DateInput
            id={`${id}-from`}
            value={filters.from ?? ""}
            max={filters.to ?? undefined}
            onChange={(from) => onChange({ from: from || null })}
          />
        </div>
        <div>
          <FieldLabel htmlFor={`${id}-to`}>{t("filters.to")}</FieldLabel>
          <DateInput
            id={`${id}-to`}
            value={filters.to ?? ""}
            min={filters.from ?? undefined}
            onChange={(to) => onChange({ to: to || null })}
          />
        </div>
        <div
          className={cn(
            "col-span-2 justify-end sm:col-span-1 sm:items-end lg:col-span-1",
            hasFilters ? "flex" : "hidden lg:invisible lg:flex",
          )}
        >
          <Button variant="ghost" onClick={onClear} disabled={!hasFilters} className="w-full sm:w-auto">
            <CloseIcon className="size-4" />
            {t("clear")}
          </Button>
        </div>
      </form>
    </Card>
  );
}
