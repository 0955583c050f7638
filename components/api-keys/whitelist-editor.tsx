"use client";

import { useQuery } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { useEffect, useId, useState } from "react";
import { useTRPC } from "@/components/providers/trpc-provider";
import { Button } from "@/components/ui/button";
import { AlertCircleIcon, CheckIcon, CloseIcon } from "@/components/ui/icons";
import { Input } from "@/components/ui/input";
import { MAX_WHITELIST_ENTRIES, MAX_WHITELIST_ENTRY } from "@/server/apikeys/schema";

export type WhitelistRow = { key: number; value: string };

/** At most as many entries as the procedure accepts. */

let nextKey = 1;
export function whitelistRows(entries: readonly string[]): WhitelistRow[] {
  return entries.map((value) => ({ key: nextKey++, value }));
}
export function newRow(): WhitelistRow {
  return { key: nextKey++, value: "" };
}

/** `value`, once it has stopped changing for `ms`. */
function useDebounced<T>(value: T, ms: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return debounced;
}

/**
 * The allowlist, one address per row, each checked by the server as the user types, with the
 * same rules the request pipeline applies (single IPv4, IPv4 CIDR, IPv6).
 */
export function WhitelistEditor({
  rows,
  onChange,
}: {
  rows: WhitelistRow[];
  onChange: (rows: WhitelistRow[]) => void;
}) {
  const t = useTranslations("apiKeys.whitelist");
  const id = useId();
  // A repeated entry is flagged where it repeats, not where it first appears.
  const seen = new Set<string>();
  const repeats = new Set<number>();
  for (const row of rows) {
    const value = row.value.trim();
    if (value && seen.has(value)) repeats.add(row.key);
    seen.add(value);
  }
  seen.delete("");

  return (
    <fieldset className="space-y-2" aria-describedby={`${id}-hint`} data-testid="whitelist-editor">
      <legend className="text-sm font-medium text-slate-800">{t("label")}</legend>
      <p id={`${id}-hint`} className="text-xs text-slate-500">
        {t("hint")}
      </p>
      {rows.length > 0 ? (
        <ul className="space-y-2">
          {rows.map((row, index) => (
            <EntryRow
              key={row.key}
              index={index}
              value={row.value}
              duplicate={repeats.has(row.key)}
              onChange={(value) => onChange(rows.map((item) => (item.key === row.key ? { ...item, value } : item)))}
              onRemove={() => onChange(rows.filter((item) => item.key !== row.key))}
            />
          ))}
        </ul>
      ) : null}
      {seen.size === 0 ? (
        <p
          className="flex items-start gap-2 rounded-lg border border-amber-200 bg-amber-50 px-3 py-2.5 text-sm text-amber-900"
          data-testid="whitelist-empty"
        >
          <AlertCircleIcon className="mt-0.5 size-4 shrink-0" />
          {t("empty")}
        </p>
      ) : null}
      <Button
        variant="ghost-accent"
        size="sm"
        onClick={() => onChange([...rows, newRow()])}
        disabled={rows.length >= MAX_WHITELIST_ENTRIES}
        className="-ml-2"
      >
        <span aria-hidden="true" className="text-base leading-none">
          +
        </span>
        {t("add")}
      </Button>
    </fieldset>
  );
}

function EntryRow({
  index,
  value,
  duplicate,
  onChange,
  onRemove,
}: {
  index: number;
  value: string;
  duplicate: boolean;
  onChange: (value: string) => void;
  onRemove: () => void;
}) {
  const t = useTranslations("apiKeys.whitelist");
  const trpc = useTRPC();
  const id = useId();
  const trimmed = value.trim();
  const checked = useDebounced(trimmed, 250);
  const check = useQuery({
    ...trpc.apiKeys.checkWhitelistEntry.queryOptions({ entry: checked }),
    enabled: checked !== "",
    staleTime: Number.POSITIVE_INFINITY,
  });
  const settled = checked === trimmed && check.isSuccess;

  const error =
    trimmed === ""
      ? null
      : duplicate
        ? t("duplicate")
        : settled && check.data.error
          ? t("invalid", { entry: trimmed })
          : null;
  const valid = !error && settled && check.data.error === null;

  return (
    <li data-testid="whitelist-row">
      <div className="flex items-center gap-2">
        <div className="relative min-w-0 flex-1">
          <Input
            id={`${id}-entry`}
            value={value}
            onChange={(event) => onChange(event.target.value)}
            aria-label={t("entryLabel", { number: index + 1 })}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : undefined}
            placeholder={t("placeholder")}
            autoComplete="off"
            spellCheck={false}
            maxLength={MAX_WHITELIST_ENTRY}
            className="pr-9 font-mono"
          />
          {valid ? (
            <span
              className="pointer-events-none absolute top-1/2 right-3 -translate-y-1/2 text-emerald-600"
              data-testid="whitelist-valid"
            >
              <CheckIcon className="size-4" />
              <span className="sr-only">{t("valid")}</span>
            </span>
          ) : null}
        </div>
        <button
          type="button"
          onClick={onRemove}
          aria-label={t("remove", { entry: trimmed || String(index + 1) })}
          className="inline-flex size-11 shrink-0 items-center justify-center rounded-lg border border-slate-200 text-slate-500 hover:bg-slate-50 hover:text-slate-900 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-emerald-600"
        >
          <CloseIcon className="size-4" />
        </button>
      </div>
      {error ? (
        <p
          id={`${id}-error`}
          className="mt-1.5 flex items-start gap-1.5 text-sm text-red-700"
          data-testid="whitelist-error"
        >
          <AlertCircleIcon className="mt-0.5 size-4 shrink-0" />
          {error}
        </p>
      ) : null}
    </li>
  );
}
