"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { inferRouterOutputs } from "@trpc/server";
import { useTranslations } from "next-intl";
import { type FormEvent, useId, useState } from "react";
import { useMoney } from "@/components/format/money";
import { useTRPC } from "@/components/providers/trpc-provider";
import { Alert } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { describedBy, Field, Textarea } from "@/components/ui/fields";
import { AlertCircleIcon, ArrowRightIcon } from "@/components/ui/icons";
import { MAX_EMV } from "@/server/transfers/schema";
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

type Preview = inferRouterOutputs<AppRouter>["transfers"]["previewBrCode"];

/** Paying a copy-and-paste code: paste → what it decodes to (and the amount, when it sets none) → confirm. */
export function PasteFlow({ account }: { account: SourceAccount }) {
  const t = useTranslations("send");
  const id = useId();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const money = useMoney();
  const checkAmount = useAmountCheck();
  const describeError = useSendError();
  const afterSend = useAfterSend();

  const [step, setStep] = useState<Step>("form");
  const [emv, setEmv] = useState("");
  const [emvError, setEmvError] = useState<string | null>(null);
  const [amountText, setAmountText] = useState("");
  const [amountError, setAmountError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [preview, setPreview] = useState<Preview | null>(null);
  const [sent, setSent] = useState<SentView | null>(null);

  const decode = useMutation({
    mutationFn: (code: string) =>
      queryClient.fetchQuery({ ...trpc.transfers.previewBrCode.queryOptions({ emv: code }), staleTime: 0 }),
  });
  const pay = useMutation(trpc.transfers.payBrCode.mutationOptions());

  const fixedAmount = preview?.amountCents ?? null;
  const blocked = preview !== null && fixedAmount === null && preview.kind === "dynamic";
  const overBalance = fixedAmount !== null && fixedAmount > account.availableCents;

  function onContinue(event: FormEvent) {
    event.preventDefault();
    setFormError(null);
    const code = emv.trim();
    if (!code) {
      setEmvError(t("validation.emvRequired"));
      return;
    }
    setEmvError(null);
    decode.mutate(code, {
      onSuccess: (result) => {
        setPreview(result);
        setAmountText("");
        setAmountError(null);
        setStep("review");
      },
      onError: (error) => {
        const { message, field } = describeError(error);
        if (field === "emv" || field === "pixKey" || field === null) setEmvError(message);
        else setFormError(message);
      },
    });
  }

  function onConfirm(event: FormEvent) {
    event.preventDefault();
    if (!preview || pay.isPending || blocked) return;
    setFormError(null);
    let amount: number | null = null;
    if (fixedAmount === null) {
      const checked = checkAmount(amountText, account.availableCents);
      setAmountError(checked.error);
      if (checked.error || !checked.parsed.ok) return;
      amount = checked.parsed.value;
    }
    pay.mutate(
      { accountId: account.accountId, emv: emv.trim(), amount },
      {
        onSuccess: (result) => {
          setSent(result);
          setStep("done");
          void afterSend();
        },
        onError: (error) => {
          const { message, field } = describeError(error);
          if (field === "amount" && fixedAmount === null) setAmountError(message);
          else setFormError(message);
        },
      },
    );
  }

  function reset() {
    setStep("form");
    setEmv("");
    setEmvError(null);
    setAmountText("");
    setAmountError(null);
    setFormError(null);
    setPreview(null);
    setSent(null);
    pay.reset();
    decode.reset();
  }

  return (
    <div className="space-y-6">
      <StepIndicator step={step} />
      {step === "form" ? (
        <form onSubmit={onContinue} noValidate className="space-y-5" data-testid="paste-form">
          {formError ? <Alert>{formError}</Alert> : null}
          <Field id={`${id}-emv`} label={t("fields.emv")} hint={t("fields.emvHint")} error={emvError}>
            <Textarea
              id={`${id}-emv`}
              value={emv}
              onChange={(event) => setEmv(event.target.value)}
              placeholder={t("fields.emvPlaceholder")}
              maxLength={MAX_EMV}
              rows={4}
              spellCheck={false}
              autoComplete="off"
              {...describedBy(`${id}-emv`, emvError, t("fields.emvHint"))}
            />
          </Field>
          <div className="flex justify-end">
            <Button type="submit" loading={decode.isPending} className="w-full sm:w-auto">
              {decode.isPending ? t("decoding") : t("continue")}
              {decode.isPending ? null : <ArrowRightIcon className="size-4" />}
            </Button>
          </div>
        </form>
      ) : step === "review" && preview ? (
        <form onSubmit={onConfirm} noValidate className="space-y-5" data-testid="paste-review">
          <div>
            <h3 className="text-base font-semibold text-slate-900">{t("review.pasteTitle")}</h3>
            <p className="mt-1 text-sm text-slate-600">{t("review.pasteBody")}</p>
          </div>
          <dl className="divide-y divide-slate-100 rounded-xl border border-slate-200 px-4 sm:px-5">
            <ReviewRow label={t("review.amount")} testId="review-amount">
              {fixedAmount !== null ? (
                <span className="text-base font-semibold tabular-nums">{money(fixedAmount)}</span>
              ) : (
                <span className="text-slate-500">—</span>
              )}
            </ReviewRow>
            <ReviewRow label={t("review.merchantName")} testId="review-merchant-name">
              {preview.merchantName}
            </ReviewRow>
            <ReviewRow label={t("review.merchantCity")} testId="review-merchant-city">
              {preview.merchantCity}
            </ReviewRow>
            <ReviewRow label={t("review.kind")}>
              <Badge>{preview.kind === "static" ? t("review.static") : t("review.dynamic")}</Badge>
            </ReviewRow>
            {preview.description ? <ReviewRow label={t("review.description")}>{preview.description}</ReviewRow> : null}
            {preview.pixKey ? (
              <ReviewRow label={t("review.key")}>
                <span className="break-all">{preview.pixKey}</span>
              </ReviewRow>
            ) : null}
            {preview.txid ? (
              <ReviewRow label={t("review.txid")}>
                <span className="font-mono text-xs break-all">{preview.txid}</span>
              </ReviewRow>
            ) : null}
            {preview.url ? (
              <ReviewRow label={t("review.url")}>
                <span className="font-mono text-xs break-all">{preview.url}</span>
              </ReviewRow>
            ) : null}
          </dl>

          <div className="space-y-2">
            <p className="text-sm font-medium text-slate-800">{t("review.receiver")}</p>
            <ReceiverSummary receiver={preview.receiver} onPlatform={preview.onPlatform} />
          </div>

          {blocked ? (
            <Alert>{t("review.dynamicWithoutAmount")}</Alert>
          ) : fixedAmount === null ? (
            <div className="space-y-3 rounded-xl border border-amber-200 bg-amber-50/60 p-4">
              <p className="flex items-start gap-2 text-sm text-amber-900">
                <AlertCircleIcon className="mt-0.5 size-4 shrink-0" />
                {t("review.amountFree")}
              </p>
              <Field id={`${id}-amount`} label={t("fields.amount")} error={amountError}>
                <AmountInput
                  id={`${id}-amount`}
                  value={amountText}
                  onChange={(event) => setAmountText(event.target.value)}
                  placeholder={t("fields.amountPlaceholder")}
                  {...describedBy(`${id}-amount`, amountError)}
                />
              </Field>
            </div>
          ) : overBalance ? (
            <Alert>{t("validation.amountOverBalance", { available: money(account.availableCents) })}</Alert>
          ) : null}

          <p className="text-xs text-slate-500">{t("review.from", { account: account.accountId })}</p>
          {formError ? <Alert>{formError}</Alert> : null}
          <ReviewActions
            onBack={() => setStep("form")}
            confirmLabel={t("confirmPay")}
            pending={pay.isPending}
            disabled={blocked || overBalance}
          />
        </form>
      ) : sent ? (
        <ResultPanel sent={sent} onAnother={reset} />
      ) : null}
    </div>
  );
}
