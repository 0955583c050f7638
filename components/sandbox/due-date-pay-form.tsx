"use client";

import { useMutation, useQuery } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { z } from "zod";
import { useCalendarDate } from "@/components/format/date-time";
import { useMoney } from "@/components/format/money";
import { DateField } from "@/components/forms/date-field";
import { FormAlert, SelectField, showServiceError, useSchemaForm } from "@/components/forms/schema-form";
import { useTRPC } from "@/components/providers/trpc-provider";
import { ButtonLink } from "@/components/ui/button";
import { todayInSaoPaulo } from "@/server/charges/due-date/calendar";
import { IsoDate } from "@/server/charges/due-date/validate";
import { TxId } from "@/server/charges/schema";
import { type FormProps, PayerField, PayerName, payerOf, Submit } from "./receive-parts";
import { useFirstChoice, useSandboxError } from "./shared";

/**
 * A payer pays one of the merchant's open due-date charges as if on a day of the merchant's
 * choosing: after the due date the fine and interest of that day are paid, before a discount date
 * the discount is taken (issue 32, item 8).
 */
export function DueDateChargeForm({ onDone }: FormProps) {
  const t = useTranslations("sandbox.receive");
  const money = useMoney();
  const day = useCalendarDate();
  const trpc = useTRPC();
  const explain = useSandboxError("receive");
  const open = useQuery(trpc.dueDateCharges.list.queryOptions({ status: "created", limit: 50 }));
  const pay = useMutation(trpc.sandbox.payCharge.mutationOptions());
  const form = useSchemaForm(z.object({ txId: TxId, paidOn: IsoDate, payerName: PayerName }), {
    defaultValues: { txId: "", paidOn: todayInSaoPaulo(), payerName: "" },
    messages: { txId: t("chargeRequired") },
  });
  const charges = open.data?.charges ?? [];
  useFirstChoice(
    form,
    "txId",
    charges.map((charge) => charge.txId),
  );

  if (open.isSuccess && charges.length === 0) {
    return (
      <div className="flex flex-col items-start gap-3 rounded-lg border border-dashed border-slate-300 p-4 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-sm text-slate-600">{t("noDueDateCharges")}</p>
        <ButtonLink href="/charges/due-date/new" variant="secondary" size="sm">
          {t("newDueDateCharge")}
        </ButtonLink>
      </div>
    );
  }
  const onSubmit = form.handleSubmit((values) => {
    if (pay.isPending) return;
    pay.mutate(
      { txId: values.txId, paidOn: values.paidOn, payer: payerOf(values.payerName) },
      {
        onSuccess: (entry) => {
          form.reset({ txId: "", paidOn: values.paidOn, payerName: values.payerName ?? "" });
          onDone(entry);
        },
        onError: (cause) =>
          showServiceError(form, explain(cause), { txId: "txId", paidOn: "paidOn", payer: "payerName" }),
      },
    );
  });
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-5" data-testid="sandbox-due-date-form">
      <FormAlert form={form} />
      <div className="grid grid-cols-1 gap-5 md:grid-cols-[minmax(0,1fr)_12rem]">
        <SelectField form={form} name="txId" label={t("dueDateCharge")} disabled={open.isPending}>
          {charges.map((charge) => (
            <option key={charge.txId} value={charge.txId}>
              {t("dueDateOption", {
                payer: charge.payerName,
                amount: money(charge.amountCents),
                date: day(charge.dueDate),
              })}
            </option>
          ))}
        </SelectField>
        <DateField form={form} name="paidOn" label={t("paidOn")} hint={t("paidOnHint")} />
      </div>
      <PayerField form={form} />
      <Submit loading={pay.isPending} />
    </form>
  );
}
