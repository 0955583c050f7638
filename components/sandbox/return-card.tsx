"use client";

import { useMutation, useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useLocale, useTranslations } from "next-intl";
import { useMemo } from "react";
import { z } from "zod";
import { amountText } from "@/components/forms/amount";
import { AmountField } from "@/components/forms/amount-input";
import { blankAsAbsent, showServiceError, useSchemaForm } from "@/components/forms/schema-form";
import { useTRPC } from "@/components/providers/trpc-provider";
import { EndToEndId } from "@/server/fields/ids";
import { centsToBrl } from "@/server/money";
import {
  EntryOutcome,
  PaymentField,
  PaymentForm,
  SandboxCard,
  useEntryOutcome,
  useFirstChoice,
  useSandboxError,
} from "./shared";

/** What a receiver can send back: a settled PIX the merchant sent to a key, by bank details or by code. */
const RETURNABLE = new Set(["pix_out:processing", "pix_out:emv_pay"]);

/** "Return a PIX you sent": its receiver sends it back, all that is left or part of it. */
export function ReturnCard() {
  const t = useTranslations("sandbox.return");
  const locale = useLocale();
  const trpc = useTRPC();
  const explain = useSandboxError("return");
  const outcome = useEntryOutcome();
  const debits = useQuery(trpc.ledger.list.queryOptions({ type: "debit", status: "succeeded", limit: 50 }));
  const send = useMutation(trpc.sandbox.returnPayment.mutationOptions());
  const schema = useMemo(
    () => z.object({ endToEndId: EndToEndId, amount: blankAsAbsent(amountText(locale)) }),
    [locale],
  );
  const form = useSchemaForm(schema, {
    defaultValues: { endToEndId: "", amount: "" },
    messages: { endToEndId: t("paymentRequired") },
  });
  const sent = (debits.data?.entries ?? []).filter((entry) => RETURNABLE.has(entry.reason) && entry.endToEndId);
  const none = debits.isSuccess && sent.length === 0;
  useFirstChoice(
    form,
    "endToEndId",
    sent.map((entry) => entry.endToEndId ?? ""),
  );

  const onSubmit = form.handleSubmit((values) => {
    if (send.isPending) return;
    send.mutate(
      { endToEndId: values.endToEndId, amount: values.amount === undefined ? undefined : centsToBrl(values.amount) },
      {
        onSuccess: (entry) => {
          form.reset({ endToEndId: values.endToEndId, amount: "" });
          outcome.show(entry);
        },
        onError: (cause) => showServiceError(form, explain(cause), { endToEndId: "endToEndId", amount: "amount" }),
      },
    );
  });

  return (
    <SandboxCard title={t("title")} description={t("description")} testId="sandbox-return">
      <div className="space-y-5">
        <PaymentForm action="return" form={form} messages={t} empty={none} busy={send.isPending} onSubmit={onSubmit}>
          <div className="grid grid-cols-1 gap-5 md:grid-cols-2">
            <PaymentField form={form} messages={t} payments={sent} party="receiver" disabled={debits.isPending} />
            <AmountField form={form} name="amount" label={t("amount")} placeholder={t("amountPlaceholder")} />
          </div>
        </PaymentForm>
        <EntryOutcome action="return" entry={outcome.entry} />
        <p className="border-t border-slate-100 pt-4 text-xs text-slate-600" data-testid="sandbox-fail-hint">
          {t.rich("failHint", {
            code: (chunks) => <code className="rounded bg-slate-100 px-1 py-0.5 font-mono">{chunks}</code>,
            send: (chunks) => (
              <Link href="/send" className="font-medium text-emerald-800 underline underline-offset-2">
                {chunks}
              </Link>
            ),
          })}
        </p>
      </div>
    </SandboxCard>
  );
}
