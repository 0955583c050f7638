"use client";

import { useMutation } from "@tanstack/react-query";
import type { inferRouterOutputs } from "@trpc/server";
import { useLocale, useTranslations } from "next-intl";
import { useMemo } from "react";
import { z } from "zod";
import { amountText } from "@/components/forms/amount";
import { FormField, useSchemaForm } from "@/components/forms/schema-form";
import { useTRPC } from "@/components/providers/trpc-provider";
import { Input } from "@/components/ui/input";
import { centsToBrl } from "@/server/money";
import { MAX_PIX_KEY_LENGTH } from "@/server/pix/keys/schema";
import { ExternalTransfer, PixKey } from "@/server/transfers/schema";
import type { AppRouter } from "@/server/trpc/routers";
import { ReceiverSummary, ReviewRow, type SourceAccount } from "./shared";
import { AmountAndNote, DetailsStep, ReviewList, ReviewStep, SendSteps, useLookup, useSendSteps } from "./steps";

type Resolved = inferRouterOutputs<AppRouter>["transfers"]["resolveKey"];
type Review = { resolved: Resolved; cents: bigint; description: string | undefined };

const pixKeyForm = (locale: string) =>
  z.object({ pixKey: PixKey, amount: amountText(locale), description: ExternalTransfer.shape.description });

/** PIX to a key: key and amount → the resolved receiver → confirm → outcome. */
export function PixKeyFlow({ account }: { account: SourceAccount }) {
  const t = useTranslations("send");
  const locale = useLocale();
  const trpc = useTRPC();
  const steps = useSendSteps<Review>(account, "pix-key");

  const schema = useMemo(() => pixKeyForm(locale), [locale]);
  const form = useSchemaForm(schema, {
    defaultValues: { pixKey: "", amount: "", description: "" },
    messages: { pixKey: { required: t("validation.pixKeyRequired") } },
  });

  const resolve = useLookup((key: string) => trpc.transfers.resolveKey.queryOptions({ key }));
  const send = useMutation(trpc.transfers.sendToKey.mutationOptions());
  const serviceFields = { pixKey: "pixKey", amount: "amount" } as const;

  const onContinue = form.handleSubmit(({ pixKey, amount, description }) => {
    const tooMuch = steps.overBalance(amount);
    if (tooMuch) return form.setError("amount", { message: tooMuch });
    resolve.mutate(pixKey, {
      onSuccess: (resolved) => steps.toReview({ resolved, cents: amount, description: description || undefined }),
      onError: steps.lookupRefused(form, serviceFields),
    });
  });

  const onConfirm = steps.confirm(
    form,
    send,
    (confirmed) => ({
      accountId: account.accountId,
      pixKey: confirmed.resolved.key,
      amount: centsToBrl(confirmed.cents),
      description: confirmed.description,
    }),
    serviceFields,
  );

  return (
    <SendSteps
      steps={steps}
      resets={[form, send, resolve]}
      details={
        <DetailsStep steps={steps} form={form} onSubmit={onContinue} pending={resolve.isPending}>
          <FormField form={form} name="pixKey" label={t("fields.pixKey")} hint={t("fields.pixKeyHint")}>
            {(control) => (
              <Input
                {...control}
                placeholder={t("fields.pixKeyPlaceholder")}
                autoComplete="off"
                autoCapitalize="none"
                spellCheck={false}
                maxLength={MAX_PIX_KEY_LENGTH}
              />
            )}
          </FormField>
          <AmountAndNote form={form} note="description" />
        </DetailsStep>
      }
      review={(review) => (
        <ReviewStep
          form={form}
          onSubmit={onConfirm}
          steps={steps}
          amountCents={review.cents}
          confirmLabel={t("confirm")}
          pending={send.isPending}
        >
          <ReceiverSummary receiver={review.resolved.receiver} onPlatform={review.resolved.onPlatform} />
          <ReviewList cents={review.cents}>
            <ReviewRow label={t("review.key")}>
              <span className="break-all">{review.resolved.key}</span>
            </ReviewRow>
            <ReviewRow label={t("review.keyType")}>{t(`keyTypes.${review.resolved.keyType}`)}</ReviewRow>
            {review.description ? <ReviewRow label={t("review.description")}>{review.description}</ReviewRow> : null}
          </ReviewList>
        </ReviewStep>
      )}
    />
  );
}
