"use client";

import type { FieldValues } from "react-hook-form";
import { MAX_DOCUMENT_LENGTH } from "@/server/fields/text";
import { type FieldOf, InputField } from "./schema-form";

/** A form's CPF or CNPJ field (digits, with or without punctuation): label, input, hint, error. */
export function DocumentField<V extends FieldValues>({ placeholder, ...field }: FieldOf<V> & { placeholder: string }) {
  return (
    <InputField
      {...field}
      input={{
        placeholder,
        inputMode: "numeric",
        maxLength: MAX_DOCUMENT_LENGTH,
        autoComplete: "off",
        className: "tabular-nums",
      }}
    />
  );
}
