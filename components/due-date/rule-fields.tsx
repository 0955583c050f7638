"use client";

import { useTranslations } from "next-intl";
import { DateField } from "@/components/forms/date-field";
import { type AnyForm, FormField, SelectField } from "@/components/forms/schema-form";
import { Input } from "@/components/ui/input";
import { MAX_FIXED_DATE_DISCOUNTS } from "@/server/charges/due-date/terms";
import type { DueDateFormValues } from "./form-schema";

type RuleName = "fine" | "interest" | "rebate";
const MODALITIES = { fine: 2, interest: 8, rebate: 2 } as const;
const LABELS = { fine: "fines", interest: "interests", rebate: "rebates" } as const;

/** A fine, interest or rebate rule: its modality in plain words ("none" first), then its value. */
export function RuleField({ form, name, hint }: { form: AnyForm<DueDateFormValues>; name: RuleName; hint?: string }) {
  const t = useTranslations("dueDateCharges.form");
  const modality = form.watch(`${name}.modality`);
  const options = Array.from({ length: MODALITIES[name] }, (_, index) => String(index + 1));
  return (
    <div className="grid gap-3 sm:grid-cols-[minmax(0,1fr)_9rem]" data-testid={`rule-${name}`}>
      <SelectField form={form} name={`${name}.modality`} label={t(name)} hint={hint}>
        <option value="0">{t("none")}</option>
        {options.map((value) => (
          <option key={value} value={value}>
            {t(`${LABELS[name]}.${value}` as never)}
          </option>
        ))}
      </SelectField>
      {modality !== "0" ? (
        <FormField form={form} name={`${name}.value`} label={t("value")}>
          {(control) => <Input {...control} inputMode="decimal" autoComplete="off" className="tabular-nums" />}
        </FormField>
      ) : null}
    </div>
  );
}

/** The fixed-date discount: fixed or percent, then up to three dates with their value. */
export function DiscountField({ form, dueDate }: { form: AnyForm<DueDateFormValues>; dueDate: string }) {
  const t = useTranslations("dueDateCharges.form");
  const modality = form.watch("discount.modality");
  const rows = Array.from({ length: MAX_FIXED_DATE_DISCOUNTS }, (_, index) => index);
  return (
    <div className="space-y-3" data-testid="rule-discount">
      <SelectField form={form} name="discount.modality" label={t("discount")} hint={t("discountHint")}>
        <option value="0">{t("none")}</option>
        <option value="1">{t("discounts.1")}</option>
        <option value="2">{t("discounts.2")}</option>
      </SelectField>
      {modality !== "0"
        ? rows.map((index) => (
            <div key={index} className="grid grid-cols-[minmax(0,1fr)_9rem] gap-3" data-testid="discount-row">
              <DateField
                form={form}
                name={`discount.dates.${index}.date`}
                label={t("discountDate")}
                max={dueDate || undefined}
              />
              <FormField form={form} name={`discount.dates.${index}.value`} label={t("discountValue")}>
                {(control) => <Input {...control} inputMode="decimal" autoComplete="off" className="tabular-nums" />}
              </FormField>
            </div>
          ))
        : null}
    </div>
  );
}
