"use client";

import { useTranslations } from "next-intl";
import { useMemo } from "react";
import type { UseFormRegisterReturn } from "react-hook-form";
import { AmountField } from "@/components/forms/amount-input";
import { CreateButton, useCreateSubmit } from "@/components/forms/create-form";
import { DateField } from "@/components/forms/date-field";
import { DocumentField } from "@/components/forms/document-field";
import { useFormBasics } from "@/components/forms/form-basics";
import { FormAlert, FormField, SelectField, useSchemaForm } from "@/components/forms/schema-form";
import { TitledCard } from "@/components/ui/card";
import { ChoiceCards } from "@/components/ui/choice-cards";
import { RefreshIcon } from "@/components/ui/icons";
import { Input } from "@/components/ui/input";
import { plusDays, todayInSaoPaulo } from "@/server/charges/due-date/calendar";
import { AMOUNT_KINDS } from "@/server/recurrences/form";
import { PERIODICITIES, REC_LIMITS, RETRY_POLICIES } from "@/server/recurrences/model";
import { defaultValues, recurrenceSchema, refusedField } from "./form-schema";

/** Automatic billing's checkbox, for a fixed amount only; a variable one says why it has none. */
function AutoChargeField({ field, error, fixed }: { field: UseFormRegisterReturn; error?: string; fixed: boolean }) {
  const t = useTranslations("recurrences.form");
  if (!fixed) {
    return (
      <p className="text-sm text-slate-600" data-testid="recurrence-auto-charge-fixed-only">
        {t("autoChargeFixedOnly")}
      </p>
    );
  }
  return (
    <div className="space-y-1">
      <label className="flex items-start gap-2 text-sm">
        <input type="checkbox" className="mt-1" {...field} data-testid="recurrence-auto-charge" />
        <span>
          <span className="font-medium text-slate-800">{t("autoCharge")}</span>
          <span className="block text-slate-600">{t("autoChargeHint")}</span>
        </span>
      </label>
      {error ? (
        <p className="text-sm text-red-600" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** The "new recurrence" form: contract and payer, dates and frequency, amount and retries. */
export function NewRecurrence() {
  const t = useTranslations("recurrences.form");
  const refusals = useTranslations("recurrences.refused");
  const periodicities = useTranslations("recurrences.periodicities");
  const retryPolicies = useTranslations("recurrences.retryPolicies");
  const { locale, trpc, mutation: create } = useFormBasics((trpc) => trpc.recurrences.create.mutationOptions());
  const schema = useMemo(() => recurrenceSchema(locale), [locale]);
  const form = useSchemaForm(schema, { defaultValues: defaultValues(plusDays(todayInSaoPaulo(), 7)) });
  const amountKind = form.watch("amountKind");
  const startDate = form.watch("startDate");
  const onSubmit = useCreateSubmit(form, create, {
    mark: (field) => {
      const refused = refusedField(field);
      return refused ? { message: refusals(refused.key as never), path: refused.path } : null;
    },
    refresh: trpc.recurrences.list.pathFilter(),
    href: ({ idRec }) => `/recurrences/${idRec}`,
  });

  return (
    <form onSubmit={onSubmit} noValidate className="max-w-3xl space-y-6" data-testid="recurrence-form">
      <FormAlert form={form} />
      <TitledCard title={t("contractTitle")} contentClassName="grid gap-5 md:grid-cols-2">
        <FormField form={form} name="contract" label={t("contract")} hint={t("contractHint")}>
          {(control) => <Input {...control} maxLength={REC_LIMITS.contract} autoComplete="off" />}
        </FormField>
        <FormField form={form} name="object" label={t("object")}>
          {(control) => <Input {...control} maxLength={REC_LIMITS.object} placeholder={t("objectPlaceholder")} />}
        </FormField>
        <FormField form={form} name="debtor.name" label={t("debtorName")}>
          {(control) => <Input {...control} maxLength={REC_LIMITS.debtorName} autoComplete="off" />}
        </FormField>
        <DocumentField
          form={form}
          name="debtor.document"
          label={t("debtorDocument")}
          placeholder={t("debtorDocumentPlaceholder")}
        />
      </TitledCard>

      <TitledCard title={t("calendar")} contentClassName="grid gap-5 md:grid-cols-3">
        <DateField form={form} name="startDate" label={t("startDate")} min={todayInSaoPaulo()} />
        <DateField form={form} name="endDate" label={t("endDate")} hint={t("endHint")} min={startDate} />
        <SelectField form={form} name="periodicity" label={t("periodicity")}>
          {PERIODICITIES.map((value) => (
            <option key={value} value={value}>
              {periodicities(value)}
            </option>
          ))}
        </SelectField>
      </TitledCard>

      <TitledCard title={t("amountTitle")} contentClassName="grid gap-5">
        <ChoiceCards
          legend={t("amountKind")}
          name="amountKind"
          value={amountKind}
          onChange={(value) => {
            form.setValue("amountKind", value);
            // automatic billing charges a fixed amount only
            form.setValue("autoCharge", value === "fixed");
          }}
          choices={AMOUNT_KINDS.map((value) => ({ value, title: t(value), hint: t(`${value}Hint`) }))}
        />
        <div className="grid gap-5 md:grid-cols-2">
          <AmountField
            form={form}
            name="amount"
            label={amountKind === "fixed" ? t("amountFixed") : t("amountMinimum")}
          />
          <SelectField form={form} name="retryPolicy" label={t("retryPolicy")}>
            {RETRY_POLICIES.map((value) => (
              <option key={value} value={value}>
                {retryPolicies(value)}
              </option>
            ))}
          </SelectField>
        </div>
        <AutoChargeField
          field={form.register("autoCharge")}
          error={form.formState.errors.autoCharge?.message}
          fixed={amountKind === "fixed"}
        />
      </TitledCard>

      <CreateButton pending={create.isPending} icon={RefreshIcon} messages={t} testId="recurrence-submit" />
    </form>
  );
}
