"use client";

import { useTranslations } from "next-intl";
import { useId, useState } from "react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { cn } from "@/components/ui/cn";
import { DateInput, FieldLabel, Select } from "@/components/ui/fields";
import { ChevronDownIcon, CloseIcon } from "@/components/ui/icons";
import { readLimit, readPage } from "@/components/ui/pagination";
import { ENTRY_STATUSES } from "@/server/ledger/schema";
import { saoPauloDayEnd, saoPauloDayStart } from "@/server/time";
import {
  type EntryStatus,
  type EntryType,
  isKnownReason,
  KNOWN_REASONS,
  type KnownReason,
  useReasonLabel,
} from "./format";

const TYPES: EntryType[] = ["credit", "debit"];
const STATUSES = ENTRY_STATUSES;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

export type Filters = {
  type?: EntryType;
  reason?: KnownReason;
  status?: EntryStatus;
  from?: string;
  to?: string;
  /** the search box's text (components/reconciliation/ledger-search.tsx) */
  q?: string;
  page: number;
  limit: number;
};

export const FILTER_KEYS = ["type", "reason", "status", "from", "to", "q"] as const;

/** The filters as the URL holds them; anything malformed is ignored rather than sent. */
export function readFilters(params: URLSearchParams): Filters {
  const type = params.get("type");
  const reason = params.get("reason");
  const status = params.get("status");
  const from = params.get("from");
  const to = params.get("to");
  const q = params.get("q")?.trim().slice(0, 100);
  return {
    type: TYPES.find((value) => value === type),
    reason: reason && isKnownReason(reason) ? reason : undefined,
    status: STATUSES.find((value) => value === status),
    from: from && DATE.test(from) ? from : undefined,
    to: to && DATE.test(to) ? to : undefined,
    q: q || undefined,
    page: readPage(params.get("page")),
    limit: readLimit(params.get("limit")),
  };
}

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
  onChange: (patch: Partial<Record<keyof Filters, string | undefined>>) => void;
  onClear: () => void;
  hasFilters: boolean;
}) {
  const t = useTranslations("ledger");
  const reasonLabel = useReasonLabel();
  const id = useId();
  // On a phone the filters fold behind a button, so the entries come first.
  const [open, setOpen] = useState(false);
  const active = FILTER_KEYS.filter((key) => filters[key] !== undefined).length;
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
            {t("filters.clear")}
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
        <div>
          <FieldLabel htmlFor={`${id}-type`}>{t("filters.type")}</FieldLabel>
          <Select
            id={`${id}-type`}
            value={filters.type ?? ""}
            onChange={(event) => onChange({ type: event.target.value || undefined })}
          >
            <option value="">{t("filters.all")}</option>
            {TYPES.map((type) => (
              <option key={type} value={type}>
                {t(`types.${type}`)}
              </option>
            ))}
          </Select>
        </div>
        <div>
          <FieldLabel htmlFor={`${id}-status`}>{t("filters.status")}</FieldLabel>
          <Select
            id={`${id}-status`}
            value={filters.status ?? ""}
            onChange={(event) => onChange({ status: event.target.value || undefined })}
          >
            <option value="">{t("filters.all")}</option>
            {STATUSES.map((status) => (
              <option key={status} value={status}>
                {t(`statuses.${status}`)}
              </option>
            ))}
          </Select>
        </div>
        <div className="col-span-2 sm:col-span-1">
          <FieldLabel htmlFor={`${id}-reason`}>{t("filters.reason")}</FieldLabel>
          <Select
            id={`${id}-reason`}
            value={filters.reason ?? ""}
            onChange={(event) => onChange({ reason: event.target.value || undefined })}
          >
            <option value="">{t("filters.all")}</option>
            {KNOWN_REASONS.map((reason) => (
              <option key={reason} value={reason}>
                {reasonLabel(reason)}
              </option>
            ))}
          </Select>
        </div>
        <div>
          <FieldLabel htmlFor={`${id}-from`}>{t("filters.from")}</FieldLabel>
          <DateInput
            id={`${id}-from`}
            value={filters.from ?? ""}
            max={filters.to}
            onChange={(from) => onChange({ from: from || undefined })}
          />
        </div>
        <div>
          <FieldLabel htmlFor={`${id}-to`}>{t("filters.to")}</FieldLabel>
          <DateInput
            id={`${id}-to`}
            value={filters.to ?? ""}
            min={filters.from}
            onChange={(to) => onChange({ to: to || undefined })}
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
            {t("filters.clear")}
          </Button>
        </div>
      </form>
    </Card>
  );
}
