"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useLocale, useTranslations } from "next-intl";
import { type FormEvent, useMemo } from "react";
import { z } from "zod";
import { amountText } from "@/components/forms/amount";
import { AmountInput } from "@/components/forms/amount-input";
import { FormAlert, FormField, showServiceError, useSchemaForm } from "@/components/forms/schema-form";
import { type Party, useMoney } from "@/components/ledger/format";
import { useTRPC } from "@/components/providers/trpc-provider";
import { Button } from "@/components/ui/button";
import { ArrowRightIcon } from "@/components/ui/icons";
import { Input } from "@/components/ui/input";
import { MAX_DESCRIPTION } from "@/server/fields/text";
import { centsToBrl } from "@/server/money";
import { InternalTransfer } from "@/server/transfers/schema";
import {
  ReceiverSummary,
  ResultPanel,
  ReviewActions,
  ReviewRow,
  type SourceAccount,
  StepIndicator,
  useBalanceCheck,
  useSendError,
  useSendSteps,
} from "./shared";

/** An account number as people write it ("1000 0000-0001"): its digits; anything else as typed. */
const accountDigits = (typed: string) => (/^[\d\s.-]+$/.test(typed) ? typed.replace(/\D/g, "") : typed);

function internalForm(locale: string, sourceAccountId: string) {
  return z.object({
    receiver: z
      .string()
      .trim()
      .min(1)
      .transform(accountDigits)
      .pipe(InternalTransfer.shape.receiverBankAccount)
      .refine((receiver) => receiver !== sourceAccountId),
    amount: amountText(locale),
    obs: InternalTransfer.shape.obs,
  });
}

type Review = { receiverAccountId: string; cents: bigint; obs: string | undefined; receiver: Party };

/** Between accounts of the platform: destination, amount and note → review → outcome. */
export function InternalFlow({ account }: { account: SourceAccount }) {
  const t = useTranslations("send");
  const locale = useLocale();
  const trpc = useTRPC();
  const money = useMoney();
  const overBalance = useBalanceCheck();
  const describeError = useSendError();
  const steps = useSendSteps<Review>();
  const { review } = steps;

  const schema = useMemo(() => internalForm(locale, account.accountId), [locale, account.accountId]);
  const form = useSchemaForm(schema, {
    defaultValues: { receiver: "", amount: "", obs: "" },
    messages: {
      receiver: {
        required: t("validation.accountRequired"),
        malformed: t("validation.accountFormat"),
        tooLong: t("validation.accountFormat"),
        invalid: t("validation.accountSame"),
      },
    },
  });

  const queryClient = useQueryClient();
  const lookup = useMutation({
    mutationFn: (receiverAccountId: string) =>
      queryClient.fetchQuery({ ...trpc.transfers.internalReceiver.queryOptions({ receiverAccountId }), staleTime: 0 }),
  });
  const transfer = useMutation(trpc.transfers.internal.mutationOptions());
  const serviceFields = { receiverBankAccount: "receiver", receiverAccountId: "receiver", amount: "amount" } as const;

  const onContinue = form.handleSubmit(({ receiver, amount, obs }) => {
    const tooMuch = overBalance(amount, account.availableCents);
    if (tooMuch) return form.setError("amount", { message: tooMuch });
    form.setValue("receiver", receiver);
    // The holder is looked up and shown before confirming; an unknown account stops here.
    lookup.mutate(receiver, {
      onSuccess: (found) =>
        steps.toReview({ receiverAccountId: receiver, cents: amount, obs: obs || undefined, receiver: found.receiver }),
      onError: (error) => showServiceError(form, describeError(error), serviceFields),
    });
  });

  function onConfirm(event: FormEvent) {
    event.preventDefault();
    if (!review || transfer.isPending) return;
    form.clearErrors("root");
    transfer.mutate(
      {
        accountId: account.accountId,
        receiverAccountId: review.receiverAccountId,
        amount: centsToBrl(review.cents),
        obs: review.obs,
      },
      {
        onSuccess: steps.done,
        onError: steps.refused(form, serviceFields),
      },
    );
  }

  const reset = () => steps.reset(form, transfer);

  return (
    <div className="space-y-6">
      <StepIndicator step={steps.step} />
      {steps.step === "form" ? (
        <form onSubmit={onContinue} noValidate className="space-y-5" data-testid="internal-form">
          <FormAlert form={form} />
          <FormField form={form} name="receiver" label={t("fields.account")} hint={t("fields.accountHint")}>
            {(control) => (
              <Input
                {...control}
                placeholder={t("fields.accountPlaceholder")}
                inputMode="numeric"
                autoComplete="off"
                className="tabular-nums"
              />
            )}
          </FormField>
          <FormField form={form} name="amount" label={t("fields.amount")}>
            {(control) => <AmountInput {...control} placeholder={t("fields.amountPlaceholder")} />}
          </FormField>
          <FormField form={form} name="obs" label={t("fields.obs")}>
            {(control) => <Input {...control} placeholder={t("fields.obsPlaceholder")} maxLength={MAX_DESCRIPTION} />}
          </FormField>
          <div className="flex justify-end">
            <Button type="submit" className="w-full sm:w-auto" loading={lookup.isPending}>
              {t("continue")}
              <ArrowRightIcon className="size-4" />
            </Button>
          </div>
        </form>
      ) : steps.step === "review" && review ? (
        <form onSubmit={onConfirm} className="space-y-5" data-testid="internal-review">
          <div>
            <h3 className="text-base font-semibold text-slate-900">{t("review.internalTitle")}</h3>
            <p className="mt-1 text-sm text-slate-600">{t("review.internalBody")}</p>
          </div>
          <ReceiverSummary receiver={review.receiver} onPlatform />
          <dl className="divide-y divide-slate-100 rounded-xl border border-slate-200 px-4 sm:px-5">
            <ReviewRow label={t("review.amount")} testId="review-amount">
              <span className="text-base font-semibold tabular-nums">{money(review.cents)}</span>
            </ReviewRow>
            <ReviewRow label={t("review.toAccount")} testId="review-account">
              <span className="tabular-nums">{review.receiverAccountId}</span>
            </ReviewRow>
            {review.obs ? <ReviewRow label={t("review.obs")}>{review.obs}</ReviewRow> : null}
          </dl>
          <p className="text-xs text-slate-500">{t("review.from", { account: account.accountId })}</p>
          <FormAlert form={form} />
          <ReviewActions onBack={steps.back} confirmLabel={t("confirmTransfer")} pending={transfer.isPending} />
        </form>
      ) : steps.sent ? (
        <ResultPanel sent={steps.sent} onAnother={reset} />
      ) : null}
    </div>
  );
}
