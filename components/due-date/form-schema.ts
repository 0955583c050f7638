/**
 * The due-date charge form's fields as typed (texts in the reader's locale) → the procedure's input
 * (server/charges/due-date/form-terms.ts, the doors' schemas): amounts by `amountText`, percentages
 * and rule values by the same locale rule, a rule whose modality is "0" left out.
 */
import type { Path } from "react-hook-form";
import { z } from "zod";
import { amountText, localeNumberText } from "@/components/forms/amount";
import { withCheckDigits } from "@/components/forms/document";
import { blankAsAbsent } from "@/components/forms/schema-form";
import { PayerForm, TwoPlaces } from "@/server/charges/due-date/form-terms";
import { MAX_FIXED_DATE_DISCOUNTS } from "@/server/charges/due-date/terms";
import { IsoDate } from "@/server/charges/due-date/validate";
import { Description } from "@/server/fields/text";
import { centsToBrl } from "@/server/money";

/** A two-place number typed in the locale ("2,5" in pt-BR): a fine, a percentage, a discount. */
const twoPlacesText = (locale: string) => localeNumberText(locale).pipe(TwoPlaces);

/** A rule (fine, interest, rebate) as a modality picked ("0": none) and its value. */
function ruleText(locale: string) {
  return z.object({ modality: z.string(), value: z.string() }).transform(({ modality, value }, ctx) => {
    if (modality === "0") return undefined;
    const read = twoPlacesText(locale).safeParse(value);
    if (read.success) return { modality: Number(modality), value: read.data };
    for (const issue of read.error.issues) ctx.addIssue({ ...issue, path: ["value"] } as never);
    return z.NEVER;
  });
}

/** Up to three fixed-date discounts; rows left blank are no discount. */
function discountText(locale: string) {
  const row = z.object({ date: z.string(), value: z.string() });
  return z
    .object({ modality: z.string(), dates: z.array(row).max(MAX_FIXED_DATE_DISCOUNTS) })
    .transform(({ modality, dates }, ctx) => {
      if (modality === "0") return undefined;
      const filled: { date: string; value: number }[] = [];
      dates.forEach(({ date, value }, index) => {
        if (!date && !value.trim()) return;
        const day = IsoDate.safeParse(date);
        if (!day.success) ctx.addIssue({ code: "custom", message: "required", path: ["dates", index, "date"] });
        const amount = twoPlacesText(locale).safeParse(value);
        if (!amount.success) {
          for (const issue of amount.error.issues) ctx.addIssue({ ...issue, path: ["dates", index, "value"] } as never);
        }
        if (day.success && amount.success) filled.push({ date: day.data, value: amount.data });
      });
      if (filled.length === 0 && dates.every(({ date, value }) => !date && !value.trim())) {
        ctx.addIssue({ code: "custom", message: "required", path: ["dates", 0, "date"] });
      }
      return { modality: Number(modality), dates: filled };
    });
}

/** What the preview needs: the terms. */
export function termsSchema(locale: string) {
  return z.object({
    amount: amountText(locale).transform(centsToBrl),
    dueDate: IsoDate,
    validityDays: z
      .string()
      .trim()
      .transform((value) => value || undefined)
      .pipe(
        z
          .string()
          .regex(/^\d{1,4}$/)
          .transform(Number)
          .optional(),
      ),
    fine: ruleText(locale),
    interest: ruleText(locale),
    rebate: ruleText(locale),
    discount: discountText(locale),
  });
}

/** The whole form: the account, the payer, the terms and a description. */
export function chargeSchema(locale: string) {
  return termsSchema(locale).extend({
    accountId: z.string().min(1),
    payer: z.object({
      name: PayerForm.shape.name,
      document: z
        .string()
        .transform((value) => value.replace(/[.\-/\s]/g, "").toUpperCase())
        .pipe(withCheckDigits(PayerForm.shape.document)),
      email: blankAsAbsent(PayerForm.shape.email.unwrap()),
      city: blankAsAbsent(PayerForm.shape.city.unwrap()),
      state: z
        .string()
        .transform((value) => value.trim().toUpperCase() || undefined)
        .pipe(PayerForm.shape.state),
    }),
    description: blankAsAbsent(Description),
  });
}

export type DueDateFormValues = z.input<ReturnType<typeof chargeSchema>>;

export const EMPTY_RULE = { modality: "0", value: "" };

export function defaultValues(dueDate: string): DueDateFormValues {
  return {
    accountId: "",
    payer: { name: "", document: "", email: "", city: "", state: "" },
    amount: "",
    dueDate,
    validityDays: "",
    description: "",
    fine: EMPTY_RULE,
    interest: EMPTY_RULE,
    rebate: EMPTY_RULE,
    discount: {
      modality: "0",
      dates: Array.from({ length: MAX_FIXED_DATE_DISCOUNTS }, () => ({ date: "", value: "" })),
    },
  };
}

/** The message (dueDateCharges.refused.<key>) of a field the service refused. */
export function refusalKey(field: string) {
  if (/^discount\.dates(\.\d+\.date)?$/.test(field)) return "discountDate" as const;
  if (field.startsWith("discount")) return "discountValue" as const;
  const [head = ""] = field.split(".");
  const keys = {
    fine: "fine",
    interest: "interest",
    rebate: "rebate",
    payer: "payer",
    accountId: "account",
    dueDate: "dueDate",
    validityDays: "validityDays",
    amount: "amount",
  } as const;
  return head in keys ? keys[head as keyof typeof keys] : null;
}

/** The form field to mark for a refused field (a whole list of dates marks its first date). */
export const formPathOf = (field: string) =>
  (field === "discount.dates" ? "discount.dates.0.date" : field) as Path<DueDateFormValues>;
