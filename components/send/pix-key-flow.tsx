"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { inferRouterOutputs } from "@trpc/server";
import { useLocale, useTranslations } from "next-intl";
import { type FormEvent, useMemo } from "react";
import { z } from "zod";
import { amountText } from "@/components/forms/amount";
import { AmountInput } from "@/components/forms/amount-input";
import { FormAlert, FormField, showServiceError, useSchemaForm } from "@/components/forms/schema-form";
import { useMoney } from "@/components/ledger/format";
import { useTRPC } from "@/components/providers/trpc-provider";
import { Button } from "@/components/ui/button";
import { ArrowRightIcon } from "@/components/ui/icons";
import { Input } from "@/components/ui/input";
import { MAX_DESCRIPTION } from "@/server/fields/text";
import { centsToBrl } from "@/server/money";
import { ExternalTransfer, MAX_PIX_KEY, PixKey } from "@/server/transfers/schema";
import type { AppRouter } from "@/server/trpc/routers";
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

type Resolved = inferRouterOutputs<AppRouter>["transfers"]["resolveKey"];
type Review = { resolved: Resolved; cents: bigint; description: string | undefined };

const pixKeyForm = (locale: string) =>
  z.object({ pixKey: PixKey, amount: amountText(locale), description: ExternalTransfer.shape.description });

/** PIX to a key: key and amount → the resolved receiver → confirm → outcome. */
export function PixKeyFlow({ account }: { account: SourceAccount }) {
  const t = useTranslations("send");
  const locale = useLocale();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const money = useMoney();
  const overBalance = useBalanceCheck();
  const describeError = useSendError();
  const steps = useSendSteps<Review>();
  const { review } = steps;

  const schema = useMemo(() => pixKeyForm(locale), [locale]);
  const form = useSchemaForm(schema, {
    defaultValues: { pixKey: "", amount: "", description: "" },
    messages: { pixKey: { required: t("validation.pixKeyRequired") } },
  });

  const resolve = useMutation({
    mutationFn: (key: string) =>
      queryClient.fetchQuery({ ...trpc.transfers.resolveKey.queryOptions({ key }), staleTime: 0 }),
  });
  const send = useMutation(trpc.transfers.sendToKey.mutationOptions());
  const serviceFields = { pixKey: "pixKey", amount: "amount" } as const;

  const onContinue = form.handleSubmit(({ pixKey, amount, description }) => {
    const tooMuch = overBalance(amount, account.availableCents);
    if (tooMuch) return form.setError("amount", { message: tooMuch });
    resolve.mutate(pixKey, {
      onSuccess: (resolved) => steps.toReview({ resolved, cents: amount, description: description || undefined }),
      onError: (error) => showServiceError(form, describeError(error), serviceFields),
    });
  });

  function onConfirm(event: FormEvent) {
    event.preventDefault();
    if (!review || send.isPending) return;
    form.clearErrors("root");
    send.mutate(
      {
        accountId: account.accountId,
        pixKey: review.resolved.key,
        amount: centsToBrl(review.cents),
        description: review.description,
      },
      {
        onSuccess: steps.done,
        onError: steps.refused(form, serviceFields),
      },
    );
  }

  const reset = () => steps.reset(form, send, resolve);

  return (
    <div className="space-y-6">
      <StepIndicator step={steps.step} />
      {steps.step === "form" ? (
        <form onSubmit={onContinue} noValidate className="space-y-5" data-testid="pix-key-form">
          <FormAlert form={form} />
          <FormField form={form} name="pixKey" label={t("fields.pixKey")} hint={t("fields.pixKeyHint")}>
            {(control) => (
              <Input
                {...control}
                placeholder={t("fields.pixKeyPlaceholder")}
                autoComplete="off"
                autoCapitalize="none"
                spellCheck={false}
                maxLength={MAX_PIX_KEY}
              />
            )}
          </FormField>
          <FormField form={form} name="amount" label={t("fields.amount")}>
            {(control) => <AmountInput {...control} placeholder={t("fields.amountPlaceholder")} />}
          </FormField>
          <FormField form={form} name="description" label={t("fields.description")}>
            {(control) => (
              <Input {...control} placeholder={t("fields.descriptionPlaceholder")} maxLength={MAX_DESCRIPTION} />
            )}
          </FormField>
          <div className="flex justify-end">
            <Button type="submit" loading={resolve.isPending} className="w-full sm:w-auto">
              {resolve.isPending ? t("resolving") : t("continue")}
              {resolve.isPending ? null : <ArrowRightIcon className="size-4" />}
            </Button>
          </div>
        </form>
      ) : steps.step === "review" && review ? (
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
            {review.description ? <ReviewRow label={t("review.description")}>{review.description}</ReviewRow> : null}
          </dl>
          <p className="text-xs text-slate-500">{t("review.from", { account: account.accountId })}</p>
          <FormAlert form={form} />
          <ReviewActions onBack={steps.back} confirmLabel={t("confirm")} pending={send.isPending} />
        </form>
      ) : steps.sent ? (
        <ResultPanel sent={steps.sent} onAnother={reset} />
      ) : null}
    </div>
  );
}
