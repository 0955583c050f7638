"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { type FormEvent, useId, useState } from "react";
import type { Party } from "@/components/format/entry";
import { useMoney } from "@/components/format/money";
import { useFieldCheck } from "@/components/forms/field-check";
import { useTRPC } from "@/components/providers/trpc-provider";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { describedBy, Field } from "@/components/ui/fields";
import { ArrowRightIcon } from "@/components/ui/icons";
import { Input } from "@/components/ui/input";
import { ACCOUNT_ID_PATTERN } from "@/server/fields/ids";
import { MAX_DESCRIPTION } from "@/server/fields/text";
import { Obs } from "@/server/transfers/schema";
import {
  AmountInput,
  ReceiverSummary,
  ResultPanel,
  ReviewActions,
  ReviewRow,
  type SentView,
  type SourceAccount,
  type Step,
  StepIndicator,
  useAfterSend,
  useAmountCheck,
  useSendError,
} from "./shared";

type Errors = { account?: string | null; amount?: string | null; obs?: string | null };

/** Between accounts of the platform: destination, amount and note → review → outcome. */
export function InternalFlow({ account }: { account: SourceAccount }) {
  const t = useTranslations("send");
  const id = useId();
  const trpc = useTRPC();
  const money = useMoney();
  const checkAmount = useAmountCheck();
  const check = useFieldCheck();
  const describeError = useSendError();
  const afterSend = useAfterSend();

  const [step, setStep] = useState<Step>("form");
  const [receiver, setReceiver] = useState("");
  const [amountText, setAmountText] = useState("");
  const [obs, setObs] = useState("");
  const [errors, setErrors] = useState<Errors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [review, setReview] = useState<{ cents: bigint; value: number; receiver: Party } | null>(null);
  const [sent, setSent] = useState<SentView | null>(null);

  const queryClient = useQueryClient();
  const lookup = useMutation({
    mutationFn: (receiverAccountId: string) =>
      queryClient.fetchQuery({ ...trpc.transfers.internalReceiver.queryOptions({ receiverAccountId }), staleTime: 0 }),
  });
  const transfer = useMutation(trpc.transfers.internal.mutationOptions());

  function onContinue(event: FormEvent) {
    event.preventDefault();
    setFormError(null);
    const number = receiver.replace(/\D/g, "");
    const amount = checkAmount(amountText, account.availableCents);
    const next: Errors = {
      account: !receiver.trim()
        ? t("validation.accountRequired")
        : !ACCOUNT_ID_PATTERN.test(number) || /[^\d\s.-]/.test(receiver)
          ? t("validation.accountFormat")
          : number === account.accountId
            ? t("validation.accountSame")
            : null,
      amount: amount.error,
      obs: check(Obs, obs),
    };
    setErrors(next);
    if (next.account || next.amount || next.obs || !amount.parsed.ok) return;
    const { cents, value } = amount.parsed;
    setReceiver(number);
    // The holder is looked up and shown before confirming; an unknown account stops here.
    lookup.mutate(number, {
      onSuccess: (found) => {
        setReview({ cents, value, receiver: found.receiver });
        setStep("review");
      },
      onError: (error) => {
        const { message, field } = describeError(error);
        if (field === "receiverBankAccount" || field === "receiverAccountId")
          setErrors((current) => ({ ...current, account: message }));
        else setFormError(message);
      },
    });
  }

  function onConfirm(event: FormEvent) {
    event.preventDefault();
    if (!review || transfer.isPending) return;
    setFormError(null);
    transfer.mutate(
      {
        accountId: account.accountId,
        receiverAccountId: receiver,
        amount: review.value,
        obs: obs.trim() || undefined,
      },
      {
        onSuccess: (result) => {
          setSent(result);
          setStep("done");
          void afterSend();
        },
        onError: (error) => {
          const { message, field } = describeError(error);
          if (field === "receiverBankAccount" || field === "amount") {
            setErrors({ [field === "amount" ? "amount" : "account"]: message });
            setStep("form");
          } else {
            setFormError(message);
          }
        },
      },
    );
  }

  function reset() {
    setStep("form");
    setReceiver("");
    setAmountText("");
    setObs("");
    setErrors({});
    setFormError(null);
    setReview(null);
    setSent(null);
    transfer.reset();
  }

  return (
    <div className="space-y-6">
      <StepIndicator step={step} />
      {step === "form" ? (
        <form onSubmit={onContinue} noValidate className="space-y-5" data-testid="internal-form">
          {formError ? <Alert>{formError}</Alert> : null}
          <Field id={`${id}-account`} label={t("fields.account")} hint={t("fields.accountHint")} error={errors.account}>
            <Input
              id={`${id}-account`}
              value={receiver}
              onChange={(event) => setReceiver(event.target.value)}
              placeholder={t("fields.accountPlaceholder")}
              inputMode="numeric"
              autoComplete="off"
              maxLength={20}
              className="tabular-nums"
              {...describedBy(`${id}-account`, errors.account, t("fields.accountHint"))}
            />
          </Field>
          <Field id={`${id}-amount`} label={t("fields.amount")} error={errors.amount}>
            <AmountInput
              id={`${id}-amount`}
              value={amountText}
              onChange={(event) => setAmountText(event.target.value)}
              placeholder={t("fields.amountPlaceholder")}
              {...describedBy(`${id}-amount`, errors.amount)}
            />
          </Field>
          <Field id={`${id}-obs`} label={t("fields.obs")} error={errors.obs}>
            <Input
              id={`${id}-obs`}
              value={obs}
              onChange={(event) => setObs(event.target.value)}
              placeholder={t("fields.obsPlaceholder")}
              maxLength={MAX_DESCRIPTION}
              {...describedBy(`${id}-obs`, errors.obs)}
            />
          </Field>
          <div className="flex justify-end">
            <Button type="submit" className="w-full sm:w-auto" loading={lookup.isPending}>
              {t("continue")}
              <ArrowRightIcon className="size-4" />
            </Button>
          </div>
        </form>
      ) : step === "review" && review ? (
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
              <span className="tabular-nums">{receiver}</span>
            </ReviewRow>
            {obs.trim() ? <ReviewRow label={t("review.obs")}>{obs.trim()}</ReviewRow> : null}
          </dl>
          <p className="text-xs text-slate-500">{t("review.from", { account: account.accountId })}</p>
          {formError ? <Alert>{formError}</Alert> : null}
          <ReviewActions
            onBack={() => setStep("form")}
            confirmLabel={t("confirmTransfer")}
            pending={transfer.isPending}
          />
        </form>
      ) : sent ? (
        <ResultPanel sent={sent} onAnother={reset} />
      ) : null}
    </div>
  );
}
