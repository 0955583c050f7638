"use client";

import { useTranslations } from "next-intl";
import { useMemo } from "react";
import { AccountOptions, useFirstAccount } from "@/components/balance/accounts";
import { AmountField } from "@/components/forms/amount-input";
import { CreateButton, useCreateSubmit } from "@/components/forms/create-form";
import { DateField } from "@/components/forms/date-field";
import { DocumentField } from "@/components/forms/document-field";
import { useFormBasics } from "@/components/forms/form-basics";
import { markRefusedFields } from "@/components/forms/refused-fields";
import { FormAlert, FormField, SelectField, useSchemaForm } from "@/components/forms/schema-form";
import { Alert } from "@/components/ui/alert";
import { TitledCard } from "@/components/ui/card";
import { CalendarIcon } from "@/components/ui/icons";
import { Input } from "@/components/ui/input";
import { Skeleton } from "@/components/ui/skeleton";
import { plusDays, todayInSaoPaulo } from "@/server/charges/due-date/calendar";
import { MAX_DESCRIPTION } from "@/server/fields/text";
import { chargeSchema, defaultValues, formPathOf, refusalKey, termsSchema } from "./form-schema";
import { PreviewTable } from "./preview-table";
import { DiscountField, RuleField } from "./rule-fields";

/** The "new due-date charge" form beside the live preview of what the payer pays on each day. */
export function NewDueDateCharge() {
  const t = useTranslations("dueDateCharges.form");
  const refusals = useTranslations("dueDateCharges.refused");
  const basics = useFormBasics((trpc) => trpc.dueDateCharges.create.mutationOptions());
  const { locale, trpc, overview, accounts, mutation: create } = basics;
  const schema = useMemo(() => chargeSchema(locale), [locale]);
  const terms = useMemo(() => termsSchema(locale), [locale]);
  const form = useSchemaForm(schema, { defaultValues: defaultValues(plusDays(todayInSaoPaulo(), 7)) });
  useFirstAccount(form, accounts);
  const values = form.watch();
  const parsedTerms = terms.safeParse(values);
  const mark = (field: string) => {
    const key = refusalKey(field);
    return key ? { message: refusals(key), path: formPathOf(field) } : null;
  };
  const onSubmit = useCreateSubmit(form, create, {
    mark,
    refresh: trpc.dueDateCharges.list.pathFilter(),
    href: ({ txId }) => `/charges/due-date/${txId}`,
  });

  if (overview.isPending) return <Skeleton className="h-96 w-full" />;
  if (overview.isError) return <Alert>{t("accountsError")}</Alert>;
  if (accounts.length === 0) return <p className="text-sm text-slate-600">{t("noAccount")}</p>;

  return (
    <form
      onSubmit={onSubmit}
      noValidate
      className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_22rem] lg:items-start"
      data-testid="due-date-form"
    >
      <div className="space-y-6">
        <FormAlert form={form} />
        <TitledCard title={t("payer")} contentClassName="grid gap-5 md:grid-cols-2">
          <FormField form={form} name="payer.name" label={t("payerName")}>
            {(control) => <Input {...control} maxLength={200} autoComplete="off" />}
          </FormField>
          <DocumentField
            form={form}
            name="payer.document"
            label={t("payerDocument")}
            placeholder={t("payerDocumentPlaceholder")}
          />
          <FormField form={form} name="payer.email" label={t("payerEmail")}>
            {(control) => <Input {...control} type="email" autoComplete="off" />}
          </FormField>
          <div className="grid grid-cols-[minmax(0,1fr)_6rem] gap-3">
            <FormField form={form} name="payer.city" label={t("payerCity")}>
              {(control) => <Input {...control} maxLength={200} />}
            </FormField>
            <FormField form={form} name="payer.state" label={t("payerState")}>
              {(control) => <Input {...control} maxLength={2} className="uppercase" />}
            </FormField>
          </div>
        </TitledCard>

        <TitledCard title={t("terms")} contentClassName="grid gap-5 md:grid-cols-2">
          <AmountField form={form} name="amount" label={t("amount")} />
          <DateField form={form} name="dueDate" label={t("dueDate")} min={todayInSaoPaulo()} />
          <FormField form={form} name="validityDays" label={t("validityDays")} hint={t("validityHint")}>
            {(control) => <Input {...control} inputMode="numeric" placeholder="30" className="tabular-nums" />}
          </FormField>
          {accounts.length > 1 ? (
            <SelectField form={form} name="accountId" label={t("account")}>
              <AccountOptions accounts={accounts} />
            </SelectField>
          ) : null}
          <div className="md:col-span-2">
            <FormField form={form} name="description" label={t("descriptionLabel")}>
              {(control) => (
                <Input {...control} placeholder={t("descriptionPlaceholder")} maxLength={MAX_DESCRIPTION} />
              )}
            </FormField>
          </div>
        </TitledCard>

        <TitledCard title={t("rules")} contentClassName="space-y-6">
          <RuleField form={form} name="fine" />
          <RuleField form={form} name="interest" />
          <RuleField form={form} name="rebate" hint={t("rebateHint")} />
          <DiscountField form={form} dueDate={values.dueDate} />
        </TitledCard>

        <CreateButton pending={create.isPending} icon={CalendarIcon} messages={t} testId="due-date-submit" />
      </div>

      <div className="lg:sticky lg:top-6">
        <PreviewTable
          terms={parsedTerms.success ? parsedTerms.data : null}
          onRefused={(fields) => markRefusedFields(form, fields, mark)}
        />
      </div>
    </form>
  );
}
