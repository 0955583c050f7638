"use client";

import type { ReactNode } from "react";
import type { FieldValues, Path, PathValue } from "react-hook-form";
import { DateInput } from "@/components/ui/fields";
import { type AnyForm, FormField } from "./schema-form";

/** A form's calendar-day field (YYYY-MM-DD in the form, typed in the locale's order): label, DateInput, hint, error. */
export function DateField<V extends FieldValues>({
  form,
  name,
  label,
  hint,
  min,
  max,
}: {
  form: AnyForm<V>;
  name: Path<V>;
  label: ReactNode;
  hint?: ReactNode;
  min?: string;
  max?: string;
}) {
  const value = form.watch(name) as string | undefined;
  return (
    <FormField form={form} name={name} label={label} hint={hint}>
      {({ id, "aria-invalid": invalid, "aria-describedby": described }) => (
        <DateInput
          id={id}
          value={value ?? ""}
          min={min}
          max={max}
          size="lg"
          onChange={(date) =>
            form.setValue(name, date as PathValue<V, Path<V>>, { shouldValidate: form.formState.isSubmitted })
          }
          aria-invalid={invalid}
          aria-describedby={described}
        />
      )}
    </FormField>
  );
}
