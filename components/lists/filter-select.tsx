"use client";

import { useId } from "react";
import { cn } from "@/components/ui/cn";
import { FieldLabel, Select } from "@/components/ui/fields";

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
