"use client";

import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useMemo } from "react";
import { AccountOptions, useFirstAccount } from "@/components/balance/accounts";
import { AmountField } from "@/components/forms/amount-input";
import { DateField } from "@/components/forms/date-field";
import { useFormBasics } from "@/components/forms/form-basics";
import { markRefusedFields } from "@/components/forms/refused-fields";
import {
  type AnyForm,
  FormAlert,
  FormField,
  SelectField,
  showServiceError,
  useSchemaForm,
} from "@/components/forms/schema-form";
import { errorData } from "@/components/forms/service-error";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { TitledCard } from "@/components/ui/card";
import { CalendarIcon } from "@/components/ui/icons";
import { Input } from "@/components/ui/input";
import { Skeleton } from "@/components/ui/skeleton";
import { plusDays, todayInSaoPaulo } from "@/server/charges/due-date/calendar";
import { MAX_DESCRIPTION } from "@/server/fields/text";
import {
  chargeSchema,
  type DueDateFormValues,
  defaultValues,
  formPathOf,
  refusalKey,
  termsSchema,
} from "./form-schema";
import { PreviewTable } from "./preview-table";
import { DiscountField, RuleField } from "./rule-fields";

/** Marks each field the service refused with its sentence; true when some were marked. */
function useMarkRefused(form: AnyForm<DueDateFormValues>) {
  const t = useTranslations("dueDateCharges.refused");
  return (fields: string[]) =>
    markRefusedFields(form, fields, (field) => {
      const key = refusalKey(field);
      return key ? { message: t(key), path: formPathOf(field) } : null;
    });
}

/** The "new due-date charge" form beside the live preview of what the payer pays on each day. */
export function NewDueDateCharge() {
  const t = useTranslations("dueDateCharges.form");
  const router = useRouter();
  const basics = useFormBasics((trpc) => trpc.dueDateCharges.create.mutationOptions());
  const { locale, trpc, queryClient, explain, overview, accounts, mutation: create } = basics;
  const schema = useMemo(() => chargeSchema(locale), [locale]);
  const terms = useMemo(() => termsSchema(locale), [locale]);
  const form = useSchemaForm(schema, { defaultValues: defaultValues(plusDays(todayInSaoPaulo(), 7)) });
  useFirstAccount(form, accounts);
  const markRefused = useMarkRefused(form);
  const values = form.watch();
  const parsedTerms = terms.safeParse(values);

  if (overview.isPending) return <Skeleton className="h-96 w-full" />;
  if (overview.isError) return <Alert>{t("accountsError")}</Alert>;
  if (accounts.length === 0) return <p className="text-sm text-slate-600">{t("noAccount")}</p>;

  const onSubmit = form.handleSubmit((input) => {
    if (create.isPending) return;
    create.mutate(input, {
      onSuccess: ({ txId }) => {
        void queryClient.invalidateQueries(trpc.dueDateCharges.list.pathFilter());
        router.push(`/charges/due-date/${txId}`);
      },
      onError: (cause) => {
        const fields = (errorData(cause) as { fields?: string[] | null } | null)?.fields ?? [];
        if (!markRefused(fields)) showServiceError(form, explain(cause));
      },
    });
  });

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
          <FormField form={form} name="payer.document" label={t("payerDocument")}>
            {(control) => (
              <Input
                {...control}
                placeholder={t("payerDocumentPlaceholder")}
                inputMode="numeric"
                maxLength={18}
                autoComplete="off"
                className="tabular-nums"
              />
            )}
          </FormField>
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

        <div className="flex justify-end">
          <Button type="submit" loading={create.isPending} className="w-full sm:w-auto" data-testid="due-date-submit">
            {create.isPending ? null : <CalendarIcon className="size-4" />}
            {create.isPending ? t("creating") : t("submit")}
          </Button>
        </div>
      </div>

      <div className="lg:sticky lg:top-6">
        <PreviewTable terms={parsedTerms.success ? parsedTerms.data : null} onRefused={markRefused} />
      </div>
    </form>
  );
}
