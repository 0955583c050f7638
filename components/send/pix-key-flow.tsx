"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { inferRouterOutputs } from "@trpc/server";
import { useTranslations } from "next-intl";
import { type FormEvent, useId, useState } from "react";
import { useMoney } from "@/components/format/money";
import { useFieldCheck } from "@/components/forms/field-check";
import { useTRPC } from "@/components/providers/trpc-provider";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { describedBy, Field } from "@/components/ui/fields";
import { ArrowRightIcon } from "@/components/ui/icons";
import { Input } from "@/components/ui/input";
import { Description, MAX_DESCRIPTION } from "@/server/fields/text";
import type { AppRouter } from "@/server/trpc/routers";
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

type Resolved = inferRouterOutputs<AppRouter>["transfers"]["resolveKey"];
type Errors = { pixKey?: string | null; amount?: string | null; description?: string | null };

/** PIX to a key: key and amount → the resolved receiver → confirm → outcome. */
export function PixKeyFlow({ account }: { account: SourceAccount }) {
  const t = useTranslations("send");
  const id = useId();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const money = useMoney();
  const checkAmount = useAmountCheck();
  const check = useFieldCheck();
  const describeError = useSendError();
  const afterSend = useAfterSend();

  const [step, setStep] = useState<Step>("form");
  const [pixKey, setPixKey] = useState("");
  const [amountText, setAmountText] = useState("");
  const [description, setDescription] = useState("");
  const [errors, setErrors] = useState<Errors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [review, setReview] = useState<{ resolved: Resolved; cents: bigint; value: number } | null>(null);
  const [sent, setSent] = useState<SentView | null>(null);

  const resolve = useMutation({
    mutationFn: (key: string) =>
      queryClient.fetchQuery({ ...trpc.transfers.resolveKey.queryOptions({ key }), staleTime: 0 }),
  });
  const send = useMutation(trpc.transfers.sendToKey.mutationOptions());

  function onContinue(event: FormEvent) {
    event.preventDefault();
    setFormError(null);
    const amount = checkAmount(amountText, account.availableCents);
    const next: Errors = {
      pixKey: pixKey.trim() ? null : t("validation.pixKeyRequired"),
      amount: amount.error,
      description: check(Description, description),
    };
    setErrors(next);
    if (next.pixKey || next.amount || next.description || !amount.parsed.ok) return;
    const { cents, value } = amount.parsed;
    resolve.mutate(pixKey.trim(), {
      onSuccess: (resolved) => {
        setReview({ resolved, cents, value });
        setStep("review");
      },
      onError: (error) => {
        const { message, field } = describeError(error);
        if (field === "pixKey") setErrors((current) => ({ ...current, pixKey: message }));
        else setFormError(message);
      },
    });
  }

  function onConfirm(event: FormEvent) {
    event.preventDefault();
    if (!review || send.isPending) return;
    setFormError(null);
    send.mutate(
      {
        accountId: account.accountId,
        pixKey: review.resolved.key,
        amount: review.value,
        description: description.trim() || undefined,
      },
      {
        onSuccess: (result) => {
          setSent(result);
          setStep("done");
          void afterSend();
        },
        onError: (error) => {
          const { message, field } = describeError(error);
          if (field === "amount" || field === "pixKey") {
            setErrors({ [field]: message });
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
    setPixKey("");
    setAmountText("");
    setDescription("");
    setErrors({});
    setFormError(null);
    setReview(null);
    setSent(null);
    send.reset();
    resolve.reset();
  }

  return (
    <div className="space-y-6">
      <StepIndicator step={step} />
      {step === "form" ? (
        <form onSubmit={onContinue} noValidate className="space-y-5" data-testid="pix-key-form">
          {formError ? <Alert>{formError}</Alert> : null}
          <Field id={`${id}-key`} label={t("fields.pixKey")} hint={t("fields.pixKeyHint")} error={errors.pixKey}>
            <Input
              id={`${id}-key`}
              value={pixKey}
              onChange={(event) => setPixKey(event.target.value)}
              placeholder={t("fields.pixKeyPlaceholder")}
              autoComplete="off"
              autoCapitalize="none"
              spellCheck={false}
              maxLength={77}
              {...describedBy(`${id}-key`, errors.pixKey, t("fields.pixKeyHint"))}
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
          <Field id={`${id}-description`} label={t("fields.description")} error={errors.description}>
            <Input
              id={`${id}-description`}
              value={description}
              onChange={(event) => setDescription(event.target.value)}
              placeholder={t("fields.descriptionPlaceholder")}
              maxLength={MAX_DESCRIPTION}
              {...describedBy(`${id}-description`, errors.description)}
            />
          </Field>
          <div className="flex justify-end">
            <Button type="submit" loading={resolve.isPending} className="w-full sm:w-auto">
              {resolve.isPending ? t("resolving") : t("continue")}
              {resolve.isPending ? null : <ArrowRightIcon className="size-4" />}
            </Button>
          </div>
        </form>
      ) : step === "review" && review ? (
        <form onSubmit={onConfirm} className="space-y-5" data-testid="pix-key-review">
          <div>
            <h3 className="text-base font-semibold text-slate-900">{t("review.pixKeyTitle")}</h3>
            <p className="mt-1 text-sm text-slate-600">{t("review.pixKeyBody")}</p>
          </div>
          <ReceiverSummary receiver={review.resolved.receiver} onPlatform={review.resolved.onPlatform} />
          <dl className="divide-y divide-slate-100 rounded-xl border border-slate-200 px-4 sm:px-5">
            <ReviewRow label={t("review.amount")} testId="review-amount">
              <span className="text-base font-semibold tabular-nums">{money(review.cents)}</span>
            </ReviewRow>
            <ReviewRow label={t("review.key")}>
              <span className="break-all">{review.resolved.key}</span>
            </ReviewRow>
            <ReviewRow label={t("review.keyType")}>{t(`keyTypes.${review.resolved.keyType}`)}</ReviewRow>
            {description.trim() ? <ReviewRow label={t("review.description")}>{description.trim()}</ReviewRow> : null}
          </dl>
          <p className="text-xs text-slate-500">{t("review.from", { account: account.accountId })}</p>
          {formError ? <Alert>{formError}</Alert> : null}
          <ReviewActions onBack={() => setStep("form")} confirmLabel={t("confirm")} pending={send.isPending} />
        </form>
      ) : sent ? (
        <ResultPanel sent={sent} onAnother={reset} />
      ) : null}
    </div>
  );
}
