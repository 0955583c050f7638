"use client";

import { keepPreviousData, useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useTranslations } from "next-intl";
import { parseAsString } from "nuqs";
import { type FormEvent, useId, useState } from "react";
import { useDateTime } from "@/components/format/date-time";
import { endOfDay, startOfDay } from "@/components/ledger/ledger-filters";
import { DateRangeFilter, FilterActions, FilterForm, TextFilter } from "@/components/lists/filter-select";
import { type ListState, parseAsDay, useListState } from "@/components/lists/list-state";
import { ResourceList } from "@/components/lists/resource-list";
import { useTRPC } from "@/components/providers/trpc-provider";
import { Badge } from "@/components/ui/badge";
import { Card } from "@/components/ui/card";
import { FileTextIcon } from "@/components/ui/icons";
import { auditActionKey, isAuditAction } from "@/server/audit/actions";
import type { AuditEntry } from "@/server/audit/log";
import { AuditDiff } from "./audit-diff";
import { diffRows } from "./diff";

const TEXT_KEYS = ["actor", "action", "target"] as const;
/** Every action has a label (adminAudit.actions.*); a row older than the code that knew it shows its code. */
function useActionLabel() {
  const t = useTranslations("adminAudit.actions");
  return (action: string) => (isAuditAction(action) ? t(auditActionKey(action)) : action);
}

const FILTERS = {
  actor: parseAsString,
  action: parseAsString,
  target: parseAsString,
  from: parseAsDay,
  to: parseAsDay,
};

/** The audit log, newest first, filtered by actor, action, target and period (all in the URL). */
export function AuditBrowser() {
  const t = useTranslations("adminAudit");
  const trpc = useTRPC();
  const state = useListState(FILTERS);
  const { from, to } = state.filters;
  const text = (key: (typeof TEXT_KEYS)[number]) => state.filters[key]?.trim().slice(0, 200) || undefined;
  const list = useQuery(
    trpc.adminAudit.list.queryOptions(
      {
        actor: text("actor"),
        action: text("action"),
        target: text("target"),
        from: from ? startOfDay(from) : undefined,
        to: to ? endOfDay(to) : undefined,
        ...state.paging,
      },
      { placeholderData: keepPreviousData },
    ),
  );

  return (
    <section className="space-y-4" data-testid="audit-log">
      <AuditFilters
        key={state.back}
        filters={state.filters}
        onApply={state.setFilters}
        onClear={state.filtered ? state.clear : undefined}
      />
      <ResourceList testId="audit" query={list} state={state} messages={t} icon={FileTextIcon}>
        {(data) => (
          <ul className="space-y-3">
            {data.entries.map((entry) => (
              <AuditItem key={entry.id} entry={entry} />
            ))}
          </ul>
        )}
      </ResourceList>
    </section>
  );
}

function AuditFilters({
  filters,
  onApply,
  onClear,
}: {
  filters: ListState<typeof FILTERS>["filters"];
  onApply: (patch: Record<keyof typeof FILTERS, string | null>) => void;
  onClear?: () => void;
}) {
  const t = useTranslations("adminAudit.filters");
  const id = useId();
  const [values, setValues] = useState(() =>
    Object.fromEntries([...TEXT_KEYS, "from", "to"].map((key) => [key, filters[key as keyof typeof FILTERS] ?? ""])),
  );
  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const trimmed = (key: keyof typeof FILTERS) => values[key]?.trim() || null;
    onApply({
      actor: trimmed("actor"),
      action: trimmed("action"),
      target: trimmed("target"),
      from: trimmed("from"),
      to: trimmed("to"),
    });
  }
  return (
    <FilterForm
      onSubmit={onSubmit}
      label={t("title")}
      className="sm:grid-cols-2 lg:grid-cols-[repeat(3,minmax(0,1.3fr))_repeat(2,minmax(0,1fr))_auto] lg:items-end"
      testId="audit-filters"
    >
      {TEXT_KEYS.map((key) => (
        <TextFilter
          key={key}
          id={`${id}-${key}`}
          label={t(key)}
          value={values[key]}
          maxLength={200}
          placeholder={t(`${key}Placeholder`)}
          onChange={(event) => setValues({ ...values, [key]: event.target.value })}
        />
      ))}
      <DateRangeFilter id={id} messages={t} values={values} onChange={setValues} />
      <FilterActions messages={t} onClear={onClear} applyTestId="audit-filter-apply" />
    </FilterForm>
  );
}

function AuditItem({ entry }: { entry: AuditEntry }) {
  const t = useTranslations("adminAudit");
  const dateTime = useDateTime();
  const actionLabel = useActionLabel();
  const rows = diffRows(entry.before, entry.after);
  const target =
    entry.targetType === "med" ? (
      <Link href={`/admin/meds/${entry.targetId}`} className="font-mono text-emerald-800 hover:underline">
        {entry.targetId}
      </Link>
    ) : (
      <span className="font-mono">{entry.targetId}</span>
    );
  return (
    <li>
      <Card className="p-4 sm:p-5" data-testid="audit-entry">
        <div className="flex flex-col gap-2 sm:flex-row sm:items-start sm:justify-between">
          <div className="min-w-0 space-y-1">
            <p className="flex flex-wrap items-center gap-2 text-sm font-medium text-slate-900">
              <Badge tone="accent" data-testid="audit-action">
                {actionLabel(entry.action)}
              </Badge>
              <span className="truncate">{entry.actorEmail}</span>
            </p>
            <p className="text-xs break-all text-slate-600">
              {t("target", { type: entry.targetType })} {target}
            </p>
            {entry.reason ? (
              <p className="text-xs [overflow-wrap:anywhere] text-slate-600">{t("reason", { reason: entry.reason })}</p>
            ) : null}
          </div>
          <time
            dateTime={new Date(entry.createdAt).toISOString()}
            className="shrink-0 text-xs text-slate-500 tabular-nums"
          >
            {dateTime(new Date(entry.createdAt), "medium")}
          </time>
        </div>
        {rows.length > 0 ? <AuditDiff rows={rows} /> : null}
      </Card>
    </li>
  );
}
