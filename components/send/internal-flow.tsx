"use client";

import { useMutation } from "@tanstack/react-query";
import { useLocale, useTranslations } from "next-intl";
import { useMemo } from "react";
import { z } from "zod";
import type { Party } from "@/components/format/entry";
import { amountText } from "@/components/forms/amount";
import { FormField, useSchemaForm } from "@/components/forms/schema-form";
import { useTRPC } from "@/components/providers/trpc-provider";
import { Input } from "@/components/ui/input";
import { centsToBrl } from "@/server/money";
import { InternalTransfer } from "@/server/transfers/schema";
import { lookUpReceiver, ReceiverSteps } from "./receiver-steps";
import { ReviewRow, type SourceAccount } from "./shared";
import { useLookup, useSendSteps } from "./steps";

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
  const steps = useSendSteps<Review>(account, "internal");

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

  const lookup = useLookup((receiverAccountId: string) =>
    trpc.transfers.internalReceiver.queryOptions({ receiverAccountId }),
  );
  const transfer = useMutation(trpc.transfers.internal.mutationOptions());
  const serviceFields = { receiverBankAccount: "receiver", receiverAccountId: "receiver", amount: "amount" } as const;

  const onContinue = form.handleSubmit(({ receiver, amount, obs }) => {
    form.setValue("receiver", receiver);
    // The holder is looked up and shown before confirming; an unknown account stops here.
    lookUpReceiver(steps, form, lookup, serviceFields, {
      amount,
      input: receiver,
      review: (found) => ({
        receiverAccountId: receiver,
        cents: amount,
        obs: obs || undefined,
        receiver: found.receiver,
      }),
    });
  });

  const onConfirm = steps.confirm(
    form,
    transfer,
    (confirmed) => ({
      accountId: account.accountId,
      receiverAccountId: confirmed.receiverAccountId,
      amount: centsToBrl(confirmed.cents),
      obs: confirmed.obs,
    }),
    serviceFields,
  );

  return (
    <ReceiverSteps
      steps={steps}
      form={form}
      resets={[form, transfer]}
      onContinue={onContinue}
      looking={lookup.isPending}
      receiverField={
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
      }
      note="obs"
      onConfirm={onConfirm}
      confirmLabel={t("confirmTransfer")}
      sending={transfer.isPending}
      receiver={(review) => ({ receiver: review.receiver, onPlatform: true })}
      rows={(review) => (
        <>
          <ReviewRow label={t("review.toAccount")} testId="review-account">
            <span className="tabular-nums">{review.receiverAccountId}</span>
          </ReviewRow>
          {review.obs ? <ReviewRow label={t("review.obs")}>{review.obs}</ReviewRow> : null}
        </>
      )}
    />
  );
}
