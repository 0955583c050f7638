"use client";

import { useMutation } from "@tanstack/react-query";
import type { inferRouterOutputs } from "@trpc/server";
import { useLocale, useTranslations } from "next-intl";
import { type FormEvent, useMemo } from "react";
import { z } from "zod";
import { amountText } from "@/components/forms/amount";
import { AmountField } from "@/components/forms/amount-input";
import { useTypedAmount } from "@/components/forms/amount-limits";
import { FormField, showServiceError, useSchemaForm } from "@/components/forms/schema-form";
import { useTRPC } from "@/components/providers/trpc-provider";
import { Alert } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Textarea } from "@/components/ui/fields";
import { AlertCircleIcon } from "@/components/ui/icons";
import { centsToBrl } from "@/server/money";
import { Emv, MAX_EMV } from "@/server/transfers/schema";
import type { AppRouter } from "@/server/trpc/routers";
import { ReceiverSummary, ReviewRow, type SourceAccount } from "./shared";
import { DetailsStep, ReviewList, ReviewStep, SendSteps, useLookup, useSendSteps } from "./steps";

type Preview = inferRouterOutputs<AppRouter>["transfers"]["previewBrCode"];

const CodeForm = z.object({ emv: Emv });

/** Paying a copy-and-paste code: paste → what it decodes to (and the amount, when it sets none) → confirm. */
export function PasteFlow({ account }: { account: SourceAccount }) {
  const t = useTranslations("send");
  const locale = useLocale();
  const trpc = useTRPC();
  const steps = useSendSteps<Preview>(account, "paste");
  const preview = steps.review;

  const codeForm = useSchemaForm(CodeForm, {
    defaultValues: { emv: "" },
    messages: { emv: { required: t("validation.emvRequired") } },
  });
  const amountSchema = useMemo(() => z.object({ amount: amountText(locale) }), [locale]);
  const amountForm = useSchemaForm(amountSchema, { defaultValues: { amount: "" } });

  const decode = useLookup((emv: string) => trpc.transfers.previewBrCode.queryOptions({ emv }));
  const pay = useMutation(trpc.transfers.payBrCode.mutationOptions());

  const reasons = useTranslations("serviceErrors.reasons");
  // this platform's charge, already paid or expired: said before anything can be confirmed
  const unpayable = preview?.unpayable ? reasons(preview.unpayable) : null;
  const fixedAmount = preview?.amountCents ?? null;
  const blocked = preview !== null && fixedAmount === null && preview.kind === "dynamic";
  const tooMuch = fixedAmount !== null ? steps.overBalance(fixedAmount) : null;
  const typedAmount = useTypedAmount(amountForm.watch("amount"));

  const onContinue = codeForm.handleSubmit(({ emv }) => {
    decode.mutate(emv, {
      onSuccess: (result) => {
        amountForm.reset();
        steps.toReview(result);
      },
      onError: (error) => {
        const { message, field } = steps.explain(error);
        // a code the service cannot read is about the pasted text, whatever part of it failed
        showServiceError(codeForm, { message, field: field ?? "emv" }, { emv: "emv", pixKey: "emv" });
      },
    });
  });

  function payWith(amount: bigint | null) {
    if (!preview || pay.isPending || blocked || unpayable) return;
    pay.mutate(
      {
        accountId: account.accountId,
        emv: codeForm.getValues("emv").trim(),
        amount: amount === null ? null : centsToBrl(amount),
      },
      {
        onSuccess: steps.done,
        onError: (error) =>
          showServiceError(amountForm, steps.explain(error), fixedAmount === null ? { amount: "amount" } : {}),
      },
    );
  }

  const onConfirm = (event: FormEvent) => {
    if (fixedAmount !== null) {
      event.preventDefault();
      amountForm.clearErrors("root");
      return payWith(null);
    }
    return amountForm.handleSubmit(({ amount }) => {
      const over = steps.overBalance(amount);
      if (over) return amountForm.setError("amount", { message: over });
      payWith(amount);
    })(event);
  };

  return (
    <SendSteps
      steps={steps}
      resets={[codeForm, amountForm, pay, decode]}
      details={
        <DetailsStep steps={steps} form={codeForm} onSubmit={onContinue} pending={decode.isPending}>
          <FormField form={codeForm} name="emv" label={t("fields.emv")} hint={t("fields.emvHint")}>
            {(control) => (
              <Textarea
                {...control}
                placeholder={t("fields.emvPlaceholder")}
                maxLength={MAX_EMV}
                rows={4}
                spellCheck={false}
                autoComplete="off"
              />
            )}
          </FormField>
        </DetailsStep>
      }
      review={(preview) => (
        <ReviewStep
          form={amountForm}
          onSubmit={onConfirm}
          steps={steps}
          amountCents={fixedAmount ?? typedAmount}
          confirmLabel={t("confirmPay")}
          pending={pay.isPending}
          disabled={blocked || tooMuch !== null}
          disabledReason={unpayable}
        >
          <ReviewList cents={fixedAmount}>
            <ReviewRow label={t("review.merchantName")} testId="review-merchant-name">
              {preview.merchantName}
            </ReviewRow>
            <ReviewRow label={t("review.merchantCity")} testId="review-merchant-city">
              {preview.merchantCity}
            </ReviewRow>
            <ReviewRow label={t("review.kind")}>
              <Badge>{preview.kind === "static" ? t("review.static") : t("review.dynamic")}</Badge>
            </ReviewRow>
            {preview.description ? (
              <ReviewRow label={t("review.description")} testId="review-description">
                {preview.description}
              </ReviewRow>
            ) : null}
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
          </ReviewList>
          <div className="space-y-2">
            <p className="text-sm font-medium text-slate-800">{t("review.receiver")}</p>
            <ReceiverSummary receiver={preview.receiver} onPlatform={preview.onPlatform} />
          </div>

          {unpayable ? null : blocked ? (
            <Alert>{t("review.dynamicWithoutAmount")}</Alert>
          ) : fixedAmount === null ? (
            <div className="space-y-3 rounded-xl border border-amber-200 bg-amber-50/60 p-4">
              <p className="flex items-start gap-2 text-sm text-amber-900">
                <AlertCircleIcon className="mt-0.5 size-4 shrink-0" />
                {t("review.amountFree")}
              </p>
              <AmountField
                form={amountForm}
                name="amount"
                label={t("fields.amount")}
                placeholder={t("fields.amountPlaceholder")}
              />
            </div>
          ) : tooMuch ? (
            <Alert>{tooMuch}</Alert>
          ) : null}
        </ReviewStep>
      )}
    />
  );
}
