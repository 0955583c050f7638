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
import { lookUpReceiver, ReceiverSteps } from "./receiver-steps";
import { ReviewRow, type SourceAccount } from "./shared";
import { useLookup, useSendSteps } from "./steps";

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

  const onContinue = form.handleSubmit(({ pixKey, amount, description }) =>
    lookUpReceiver(steps, form, resolve, serviceFields, {
      amount,
      input: pixKey,
      review: (resolved) => ({ resolved, cents: amount, description: description || undefined }),
    }),
  );

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
    <ReceiverSteps
      steps={steps}
      form={form}
      resets={[form, send, resolve]}
      onContinue={onContinue}
      looking={resolve.isPending}
      receiverField={
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
      }
      note="description"
      onConfirm={onConfirm}
      confirmLabel={t("confirm")}
      sending={send.isPending}
      receiver={({ resolved }) => ({ receiver: resolved.receiver, onPlatform: resolved.onPlatform })}
      rows={(review) => (
        <>
          <ReviewRow label={t("review.key")}>
            <span className="break-all">{review.resolved.key}</span>
          </ReviewRow>
          <ReviewRow label={t("review.keyType")}>{t(`keyTypes.${review.resolved.keyType}`)}</ReviewRow>
          {review.description ? <ReviewRow label={t("review.description")}>{review.description}</ReviewRow> : null}
        </>
      )}
    />
  );
}
