"use client";

import { type ComponentProps, type FormEvent, type ReactNode, useId } from "react";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { cn } from "@/components/ui/cn";
import { DateInput, FieldError, FieldLabel, Select } from "@/components/ui/fields";
import { CloseIcon } from "@/components/ui/icons";
import { Input } from "@/components/ui/input";

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

/** A list's filters typed before they apply: a form in a card, its fields laid out by `className`, a refusal below. */
export function FilterForm({
  label,
  testId,
  onSubmit,
  className,
  error,
  errorTestId,
  children,
}: {
  label: string;
  testId: string;
  onSubmit: (event: FormEvent) => void;
  className: string;
  /** Why what was typed does not apply (announced), or null. */
  error?: string | null;
  errorTestId?: string;
  children: ReactNode;
}) {
  return (
    <Card className="p-4 sm:p-5">
      <form onSubmit={onSubmit} aria-label={label} className={cn("grid gap-3", className)} data-testid={testId}>
        {children}
      </form>
      {error ? (
        <div className="mt-3">
          <FieldError alert testId={errorTestId}>
            {error}
          </FieldError>
        </div>
      ) : null}
    </Card>
  );
}

/** A filter typed as text, under its label; `className` places the pair in the form's grid. */
export function TextFilter({
  id,
  label,
  className,
  ...input
}: Omit<ComponentProps<typeof Input>, "id" | "className"> & { id: string; label: string; className?: string }) {
  return (
    <div className={className}>
      <FieldLabel htmlFor={id}>{label}</FieldLabel>
      <Input id={id} className="h-10" {...input} />
    </div>
  );
}

/** A filter form's buttons: apply what was typed, and clear every filter when some are set. */
export function FilterActions({
  messages: t,
  onClear,
  applyTestId,
  className,
}: {
  /** The form's translator, with its `apply` and `clear` labels. */
  messages: (key: "apply" | "clear") => string;
  /** Absent when no filter is set. */
  onClear?: () => void;
  applyTestId: string;
  className?: string;
}) {
  return (
    <div className={cn("flex gap-2", className)}>
      <Button type="submit" className="h-10" data-testid={applyTestId}>
        {t("apply")}
      </Button>
      {onClear ? (
        <Button type="button" variant="ghost" className="h-10" onClick={onClear}>
          <CloseIcon className="size-4" />
          <span className="sr-only sm:not-sr-only">{t("clear")}</span>
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

/** A period filter: its first and last day (YYYY-MM-DD, "" for none), each labelled. */
export function DateRangeFilter<Values extends { from?: string; to?: string }>({
  id,
  messages: t,
  values,
  onChange,
}: {
  id: string;
  /** The form's translator, with its `from` and `to` labels. */
  messages: (key: "from" | "to") => string;
  values: Values;
  onChange: (values: Values) => void;
}) {
  return (["from", "to"] as const).map((key) => (
    <div key={key}>
      <FieldLabel htmlFor={`${id}-${key}`}>{t(key)}</FieldLabel>
      <DateInput
        id={`${id}-${key}`}
        value={values[key] ?? ""}
        onChange={(date) => onChange({ ...values, [key]: date })}
      />
    </div>
  ));
}
