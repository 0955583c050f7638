/**
 * The recurrence form's fields as typed (texts in the reader's locale) → the procedure's input
 * (server/recurrences/form.ts): the same rules and limits, the amount read by `amountText`.
 */
import type { Path } from "react-hook-form";
import { z } from "zod";
import { amountText } from "@/components/forms/amount";
import { withCheckDigits } from "@/components/forms/document";
import { blankAsAbsent } from "@/components/forms/schema-form";
import { IsoDate } from "@/server/charges/due-date/validate";
import { centsToBrl } from "@/server/money";
import { RecurrenceForm } from "@/server/recurrences/form";

const { shape } = RecurrenceForm;

export function recurrenceSchema(locale: string) {
  return z.object({
    contract: shape.contract,
    object: blankAsAbsent(shape.object.unwrap()),
    debtor: z.object({
      name: shape.debtor.shape.name,
      document: z
        .string()
        .transform((value) => value.replace(/[.\-/\s]/g, "").toUpperCase())
        .pipe(withCheckDigits(shape.debtor.shape.document)),
    }),
    startDate: IsoDate,
    endDate: blankAsAbsent(IsoDate),
    periodicity: shape.periodicity,
    amountKind: shape.amountKind,
    amount: amountText(locale).transform(centsToBrl),
    retryPolicy: shape.retryPolicy,
    autoCharge: shape.autoCharge,
  });
}

export type RecurrenceFormValues = z.input<ReturnType<typeof recurrenceSchema>>;

export function defaultValues(startDate: string): RecurrenceFormValues {
  return {
    contract: "",
    object: "",
    debtor: { name: "", document: "" },
    startDate,
    endDate: "",
    periodicity: "MENSAL",
    amountKind: "fixed",
    amount: "",
    retryPolicy: "PERMITE_3R_7D",
    autoCharge: true,
  };
}

/** A field the service refused → its message key (recurrences.refused.<key>) and the form path to mark. */
export function refusedField(field: string): { key: string; path: Path<RecurrenceFormValues> | null } | null {
  const keys: Record<string, Path<RecurrenceFormValues> | null> = {
    "debtor.document": "debtor.document",
    startDate: "startDate",
    endDate: "endDate",
    amount: "amount",
    recebedor: null,
    autoCharge: "autoCharge",
  };
  if (!(field in keys)) return null;
  return { key: field.split(".")[0] as string, path: keys[field] ?? null };
}
