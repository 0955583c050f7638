"use client";

import { useId } from "react";
import { Button } from "@/components/ui/button";
import { cn } from "@/components/ui/cn";
import { FieldLabel, Select } from "@/components/ui/fields";
import { CloseIcon } from "@/components/ui/icons";

/** A list filter picked from a few values, with a first option for all of them (`null`). */
export function FilterSelect<Value extends string | number>({
  label,
  all,
  value,
  options,
  onChange,
  className,
}: {
  label: string;
  /** The first option's label (every value); without it a value must be picked. */
  all?: string;
  value: Value | null;
  options: readonly { value: Value; label: string }[];
  onChange: (value: Value | null) => void;
  className?: string;
}) {
  const id = useId();
  return (
    <div className={cn("w-full", className)}>
      <FieldLabel htmlFor={id}>{label}</FieldLabel>
      <Select
        id={id}
        value={value ?? ""}
        onChange={(event) =>
          onChange(options.find((option) => String(option.value) === event.target.value)?.value ?? null)
        }
      >
        {all !== undefined ? <option value="">{all}</option> : null}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </Select>
    </div>
  );
}

/** A filter form's buttons: apply what was typed, and clear every filter when some are set. */
export function FilterActions({
  applyLabel,
  clearLabel,
  onClear,
  applyTestId,
  className,
}: {
  applyLabel: string;
  clearLabel: string;
  /** Absent when no filter is set. */
  onClear?: () => void;
  applyTestId: string;
  className?: string;
}) {
  return (
    <div className={cn("flex gap-2", className)}>
      <Button type="submit" className="h-10" data-testid={applyTestId}>
        {applyLabel}
      </Button>
      {onClear ? (
        <Button type="button" variant="ghost" className="h-10" onClick={onClear}>
          <CloseIcon className="size-4" />
          <span className="sr-only sm:not-sr-only">{clearLabel}</span>
        </Button>
      ) : null}
    </div>
  );
}

/** A list's status filter (`status` in its URL state): every status, or one. */
export function StatusFilter<Status extends string>({
  state,
  statuses,
  labelOf,
  messages: t,
  className,
}: {
  state: { filters: { status: Status | null }; setFilters: (patch: { status: Status | null }) => void };
  statuses: readonly Status[];
  labelOf: (status: Status) => string;
  /** The list's translator, with its `status` label and its `all` option. */
  messages: (key: "status" | "all") => string;
  className?: string;
}) {
  return (
    <FilterSelect
      className={className}
      label={t("status")}
      all={t("all")}
      value={state.filters.status}
      options={statuses.map((value) => ({ value, label: labelOf(value) }))}
      onChange={(status) => state.setFilters({ status })}
    />
  );
}
