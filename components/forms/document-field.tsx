"use client";

import type { ReactNode } from "react";
import type { FieldValues, Path } from "react-hook-form";
import { Input } from "@/components/ui/input";
import { MAX_DOCUMENT_LENGTH } from "@/server/fields/text";
import { type AnyForm, FormField } from "./schema-form";

/** A form's CPF or CNPJ field (digits, with or without punctuation): label, input, hint, error. */
export function DocumentField<V extends FieldValues>({
  form,
  name,
  label,
  hint,
  placeholder,
}: {
  form: AnyForm<V>;
  name: Path<V>;
  label: ReactNode;
  hint?: ReactNode;
  placeholder: string;
}) {
  return (
    <FormField form={form} name={name} label={label} hint={hint}>
      {(control) => (
        <Input
          {...control}
          placeholder={placeholder}
          inputMode="numeric"
          maxLength={MAX_DOCUMENT_LENGTH}
          autoComplete="off"
          className="tabular-nums"
        />
      )}
    </FormField>
  );
}
