"use client";

import { useMutation, useQuery } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { useEffect, useState } from "react";
import { entryHref } from "@/components/format/entry";
import { useMoney } from "@/components/format/money";
import { blankAsAbsent, FormField, showServiceError, useSchemaForm } from "@/components/forms/schema-form";
import { useTRPC } from "@/components/providers/trpc-provider";
import { Textarea } from "@/components/ui/fields";
import { SandboxMedOpen } from "@/server/meds/schema";
import {
  Outcome,
  OutcomeLink,
  PaymentField,
  PaymentForm,
  SandboxCard,
  type SandboxMed,
  useAfterSandbox,
  useSandboxError,
} from "./shared";

const medForm = SandboxMedOpen.extend({ details: blankAsAbsent(SandboxMedOpen.shape.details.unwrap()) });

/** "Open a MED": the payer's institution disputes a PIX the merchant received; its amount is blocked. */
export function MedCard() {
  const t = useTranslations("sandbox.med");
  const money = useMoney();
  const trpc = useTRPC();
  const explain = useSandboxError("med");
  const after = useAfterSandbox();
  const [opened, setOpened] = useState<SandboxMed | null>(null);
  // Received PIX (newest first) that can still be disputed: settled `pix_in:*` credits without a MED.
  const credits = useQuery(trpc.ledger.list.queryOptions({ type: "credit", status: "succeeded", limit: 50 }));
  const open = useMutation(trpc.sandbox.openMed.mutationOptions());
  const form = useSchemaForm(medForm, {
    defaultValues: { endToEndId: "", details: "" },
    messages: { endToEndId: t("paymentRequired") },
  });
  const received = (credits.data?.entries ?? []).filter(
    (entry) => entry.reason.startsWith("pix_in:") && !entry.medId && entry.endToEndId,
  );
  const none = credits.isSuccess && received.length === 0;
  const first = received[0]?.endToEndId;
  useEffect(() => {
    if (first && !received.some((entry) => entry.endToEndId === form.getValues("endToEndId")))
      form.setValue("endToEndId", first);
  }, [first, received, form]);

  const onSubmit = form.handleSubmit((values) => {
    if (open.isPending) return;
    open.mutate(values, {
      onSuccess: (med) => {
        form.reset({ endToEndId: "", details: "" });
        void after();
        setOpened(med);
      },
      onError: (cause) => showServiceError(form, explain(cause), { endToEndId: "endToEndId", details: "details" }),
    });
  });

  return (
    <SandboxCard title={t("title")} description={t("description")} testId="sandbox-med">
      <div className="space-y-5">
        <PaymentForm action="med" form={form} messages={t} empty={none} busy={open.isPending} onSubmit={onSubmit}>
          <PaymentField form={form} messages={t} payments={received} party="payer" disabled={credits.isPending} />
          <FormField form={form} name="details" label={t("details")}>
            {(control) => <Textarea {...control} rows={2} placeholder={t("detailsPlaceholder")} />}
          </FormField>
        </PaymentForm>
        {opened ? (
          <Outcome
            key={opened.id}
            testId="sandbox-med-outcome"
            links={
              <>
                <OutcomeLink href={`/meds/${opened.endToEndId}`} testId="sandbox-med-link">
                  {t("viewMed")}
                </OutcomeLink>
                <OutcomeLink href={entryHref({ id: opened.endToEndId, accountId: opened.accountId })}>
                  {t("viewEntry")}
                </OutcomeLink>
              </>
            }
          >
            {t("done", { amount: money(opened.blockedCents), disputed: money(opened.disputedCents) })}
          </Outcome>
        ) : null}
      </div>
    </SandboxCard>
  );
}
