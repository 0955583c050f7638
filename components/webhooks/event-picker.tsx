"use client";

import { useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";
import { cn } from "@/components/ui/cn";
import { FieldError } from "@/components/ui/fields";
import { toggled } from "@/components/ui/toggle-set";

/**
 * The events a webhook subscribes to, as a list of checkboxes (technical name and its meaning),
 * with select all / none. `disabled` greys the list out (e.g. while "all events" is chosen).
 */
export function EventPicker({
  id,
  legend,
  names,
  labelOf,
  selected,
  onChange,
  error,
  disabled = false,
  testId,
}: {
  id: string;
  legend: string;
  names: readonly string[];
  labelOf: (name: string) => string;
  selected: ReadonlySet<string>;
  onChange: (next: Set<string>) => void;
  error?: string | null;
  disabled?: boolean;
  testId?: string;
}) {
  const t = useTranslations("webhooks.registerDialog");
  const count = names.filter((name) => selected.has(name)).length;
  return (
    <fieldset
      className="space-y-2"
      aria-describedby={error ? `${id}-error` : undefined}
      disabled={disabled}
      data-testid={testId}
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <legend className="text-sm font-medium text-slate-800">
          {legend}{" "}
          <span className="font-normal text-slate-500 tabular-nums">
            {t("eventsSelected", { count, total: names.length })}
          </span>
        </legend>
        <div className="flex gap-1">
          <Button variant="ghost" size="sm" onClick={() => onChange(new Set(names))}>
            {t("selectAll")}
          </Button>
          <Button variant="ghost" size="sm" onClick={() => onChange(new Set())}>
            {t("selectNone")}
          </Button>
        </div>
      </div>
      <div
        className={cn(
          "grid max-h-64 gap-1 overflow-y-auto rounded-lg border border-slate-200 p-2 sm:grid-cols-2",
          disabled && "opacity-60",
        )}
      >
        {names.map((name) => (
          <label
            key={name}
            className={cn(
              "flex items-start gap-2.5 rounded-md px-2 py-1.5 text-sm",
              disabled ? "cursor-not-allowed" : "cursor-pointer hover:bg-slate-50",
              selected.has(name) && !disabled && "bg-emerald-50/50",
            )}
          >
            <input
              type="checkbox"
              checked={selected.has(name)}
              onChange={() => onChange(toggled(selected, name))}
              className="mt-0.5 size-4 shrink-0 accent-emerald-700"
            />
            <span className="min-w-0">
              <span className="block text-sm text-slate-900">{labelOf(name)}</span>
              <span className="block font-mono text-xs break-all text-slate-500">{name}</span>
            </span>
          </label>
        ))}
      </div>
      {error ? <FieldError id={`${id}-error`}>{error}</FieldError> : null}
    </fieldset>
  );
}
