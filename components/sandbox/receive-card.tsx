"use client";

import { useMutation, useQuery } from "@tanstack/react-query";
import { useLocale, useTranslations } from "next-intl";
import { useEffect, useId, useMemo, useState } from "react";
import { z } from "zod";
import { AccountOptions, useAccountsOverview, useFirstAccount } from "@/components/balance/accounts";
import { useMoney } from "@/components/format/money";
import { amountText } from "@/components/forms/amount";
import { AmountField } from "@/components/forms/amount-input";
import { FormAlert, FormField, SelectField, showServiceError, useSchemaForm } from "@/components/forms/schema-form";
import { useTRPC } from "@/components/providers/trpc-provider";
import { ButtonLink } from "@/components/ui/button";
import { ChoiceCards } from "@/components/ui/choice-cards";
import { Input } from "@/components/ui/input";
import { TxId } from "@/server/charges/schema";
import { AccountId } from "@/server/fields/ids";
import { centsToBrl } from "@/server/money";
import { PixKey } from "@/server/transfers/schema";
import { DueDateChargeForm } from "./due-date-pay-form";
import { type FormProps, PayerField, PayerName, payerOf, Submit } from "./receive-parts";
import { EntryOutcome, OutcomeLink, SandboxCard, useEntryOutcome, useFirstChoice, useSandboxError } from "./shared";

type Mode = "charge" | "dueDate" | "account" | "key";
const MODES: Mode[] = ["charge", "dueDate", "account", "key"];

/** "Receive a PIX": a payer at another institution pays a charge, or sends to an account or a key. */
export function ReceiveCard() {
  const t = useTranslations("sandbox.receive");
  const [mode, setMode] = useState<Mode>("charge");
  const outcome = useEntryOutcome();
  return (
    <SandboxCard title={t("title")} description={t("description")} testId="sandbox-receive">
      <div className="space-y-5">
        <ChoiceCards
          legend={t("mode")}
          name="sandbox-receive-mode"
          value={mode}
          onChange={(next) => {
            setMode(next);
            outcome.clear();
          }}
          choices={MODES.map((value) => ({
            value,
            title: t(`modes.${value}.title`),
            hint: t(`modes.${value}.hint`),
          }))}
        />
        {mode === "charge" ? <ChargeForm onDone={outcome.show} /> : null}
        {mode === "dueDate" ? <DueDateChargeForm onDone={outcome.show} /> : null}
        {mode === "account" ? <AccountForm onDone={outcome.show} /> : null}
        {mode === "key" ? <KeyForm onDone={outcome.show} /> : null}
        <EntryOutcome
          action="receive"
          entry={outcome.entry}
          more={
            outcome.entry?.reason === "pix_in:qrcode_paid" && outcome.entry.entryRef ? (
              <OutcomeLink
                href={`/charges/${mode === "dueDate" ? "due-date/" : ""}${outcome.entry.entryRef}`}
                testId="sandbox-view-charge"
              >
                {t("viewCharge")}
              </OutcomeLink>
            ) : null
          }
        />
      </div>
    </SandboxCard>
  );
}

function ChargeForm({ onDone }: FormProps) {
  const t = useTranslations("sandbox.receive");
  const money = useMoney();
  const trpc = useTRPC();
  const explain = useSandboxError("receive");
  const pending = useQuery(trpc.charges.list.queryOptions({ status: "created", limit: 50 }));
  const pay = useMutation(trpc.sandbox.payCharge.mutationOptions());
  const form = useSchemaForm(z.object({ txId: TxId, payerName: PayerName }), {
    defaultValues: { txId: "", payerName: "" },
    messages: { txId: t("chargeRequired") },
  });
  const charges = pending.data?.charges ?? [];
  useFirstChoice(
    form,
    "txId",
    charges.map((charge) => charge.txId),
  );

  if (pending.isSuccess && charges.length === 0) {
    return (
      <div className="flex flex-col items-start gap-3 rounded-lg border border-dashed border-slate-300 p-4 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-sm text-slate-600">{t("noCharges")}</p>
        <ButtonLink href="/charges" variant="secondary" size="sm">
          {t("newCharge")}
        </ButtonLink>
      </div>
    );
  }
  const onSubmit = form.handleSubmit((values) => {
    if (pay.isPending) return;
    pay.mutate(
      { txId: values.txId, payer: payerOf(values.payerName) },
      {
        onSuccess: (entry) => {
          form.reset({ txId: "", payerName: values.payerName ?? "" });
          onDone(entry);
        },
        onError: (cause) => showServiceError(form, explain(cause), { txId: "txId", payer: "payerName" }),
      },
    );
  });
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-5" data-testid="sandbox-charge-form">
      <FormAlert form={form} />
      <SelectField form={form} name="txId" label={t("charge")} disabled={pending.isPending}>
        {charges.map((charge) => (
          <option key={charge.txId} value={charge.txId}>
            {charge.description
              ? t("chargeOption", { amount: money(charge.amountCents), description: charge.description })
              : money(charge.amountCents)}
          </option>
        ))}
      </SelectField>
      <PayerField form={form} />
      <Submit loading={pay.isPending} />
    </form>
  );
}

function AccountForm({ onDone }: FormProps) {
  const t = useTranslations("sandbox.receive");
  const locale = useLocale();
  const trpc = useTRPC();
  const explain = useSandboxError("receive");
  const overview = useAccountsOverview();
  const credit = useMutation(trpc.sandbox.creditAccount.mutationOptions());
  const schema = useMemo(
    () => z.object({ accountId: AccountId, amount: amountText(locale), payerName: PayerName }),
    [locale],
  );
  const form = useSchemaForm(schema, { defaultValues: { accountId: "", amount: "", payerName: "" } });
  const accounts = overview.data?.accounts ?? [];
  useFirstAccount(form, accounts);

  const onSubmit = form.handleSubmit((values) => {
    if (credit.isPending) return;
    credit.mutate(
      { accountId: values.accountId, amount: centsToBrl(values.amount), payer: payerOf(values.payerName) },
      {
        onSuccess: (entry) => {
          form.reset({ accountId: values.accountId, amount: "", payerName: values.payerName ?? "" });
          onDone(entry);
        },
        onError: (cause) =>
          showServiceError(form, explain(cause), { accountId: "accountId", amount: "amount", payer: "payerName" }),
      },
    );
  });
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-5" data-testid="sandbox-account-form">
      <FormAlert form={form} />
      <div className="grid grid-cols-1 gap-5 md:grid-cols-2">
        <AmountField form={form} name="amount" label={t("amount")} />
        <SelectField form={form} name="accountId" label={t("account")} disabled={overview.isPending}>
          <AccountOptions accounts={accounts} />
        </SelectField>
      </div>
      <PayerField form={form} />
      <Submit loading={credit.isPending} />
    </form>
  );
}

function KeyForm({ onDone }: FormProps) {
  const t = useTranslations("sandbox.receive");
  const locale = useLocale();
  const listId = useId();
  const trpc = useTRPC();
  const explain = useSandboxError("receive");
  const rings = useQuery(trpc.pixKeys.accounts.queryOptions());
  const credit = useMutation(trpc.sandbox.creditKey.mutationOptions());
  const schema = useMemo(
    () => z.object({ pixKey: PixKey, amount: amountText(locale), payerName: PayerName }),
    [locale],
  );
  const form = useSchemaForm(schema, {
    defaultValues: { pixKey: "", amount: "", payerName: "" },
    messages: { pixKey: t("pixKeyRequired") },
  });
  const keys = (rings.data ?? []).flatMap((ring) => ring.keys.map((key) => key.key));
  const first = keys[0];
  useEffect(() => {
    if (first && !form.getValues("pixKey")) form.setValue("pixKey", first);
  }, [first, form]);

  const onSubmit = form.handleSubmit((values) => {
    if (credit.isPending) return;
    credit.mutate(
      { pixKey: values.pixKey, amount: centsToBrl(values.amount), payer: payerOf(values.payerName) },
      {
        onSuccess: (entry) => {
          form.reset({ pixKey: values.pixKey, amount: "", payerName: values.payerName ?? "" });
          onDone(entry);
        },
        onError: (cause) =>
          showServiceError(form, explain(cause), { pixKey: "pixKey", amount: "amount", payer: "payerName" }),
      },
    );
  });
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-5" data-testid="sandbox-key-form">
      <FormAlert form={form} />
      <div className="grid grid-cols-1 gap-5 md:grid-cols-2">
        <AmountField form={form} name="amount" label={t("amount")} />
        <FormField form={form} name="pixKey" label={t("pixKey")} hint={t("pixKeyHint")}>
          {(control) => <Input {...control} list={listId} autoComplete="off" placeholder={t("pixKeyPlaceholder")} />}
        </FormField>
        <datalist id={listId}>
          {keys.map((key) => (
            <option key={key} value={key} />
          ))}
        </datalist>
      </div>
      <PayerField form={form} />
      <Submit loading={credit.isPending} />
    </form>
  );
}
