"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useLocale, useTranslations } from "next-intl";
import { useEffect, useId, useMemo, useRef, useState } from "react";
import { z } from "zod";
import { StatusBadge } from "@/components/format/entry";
import { useMoney } from "@/components/format/money";
import { amountText } from "@/components/forms/amount";
import { AmountField } from "@/components/forms/amount-input";
import { FormAlert, FormField, showServiceError, useSchemaForm } from "@/components/forms/schema-form";
import { useServiceError } from "@/components/forms/service-error";
import { useCan } from "@/components/layout/permissions";
import { useTRPC } from "@/components/providers/trpc-provider";
import { IdRow, ReviewRow } from "@/components/send/shared";
import { Button, ButtonLink } from "@/components/ui/button";
import { ChoiceCards } from "@/components/ui/choice-cards";
import { Dialog, DialogActions } from "@/components/ui/dialog";
import { ArrowRightIcon, ClockIcon, UndoIcon } from "@/components/ui/icons";
import { Input } from "@/components/ui/input";
import { MAX_DESCRIPTION } from "@/server/fields/text";
import { centsToBrl } from "@/server/money";
import { RefundRequest } from "@/server/refunds/schema";
import type { EntryView } from "@/server/trpc/routers/ledger";
import type { RefundView } from "@/server/trpc/routers/refunds";

/** The amount field is there only for a partial refund (fields unregister when hidden). */
const refundForm = (locale: string) =>
  z.object({ amount: amountText(locale).optional(), description: RefundRequest.shape.description });

/**
 * On a received PIX's detail: what can still be refunded, and the "Refund" action. Renders
 * nothing for entries the service does not refund (debits, transfers, unsettled credits).
 */
export function RefundAction({ entry }: { entry: EntryView }) {
  const t = useTranslations("refunds.action");
  const trpc = useTRPC();
  const money = useMoney();
  const [open, setOpen] = useState(false);
  const mayRefund = useCan("refunds.send");
  const refundable = useQuery({
    ...trpc.refunds.refundable.queryOptions({ id: entry.id, accountId: entry.accountId }),
    enabled: entry.type === "credit",
  });
  const data = refundable.data;
  if (entry.type !== "credit" || !data?.eligible) return null;
  const remaining = data.refundableCents;

  return (
    <div
      className="flex flex-col gap-3 border-t border-slate-100 bg-slate-50/70 px-5 py-4 sm:flex-row sm:items-center sm:justify-between sm:px-6"
      data-testid="refund-bar"
    >
      <div className="min-w-0 text-sm">
        <p className="font-medium text-slate-900">
          {remaining > 0n ? (
            <>
              {t("stillRefundable")}{" "}
              <span className="tabular-nums" data-testid="refund-bar-remaining">
                {money(remaining)}
              </span>
            </>
          ) : (
            t("fullyRefunded")
          )}
        </p>
        <p className="mt-0.5 text-xs text-slate-600">{t("hint")}</p>
      </div>
      {mayRefund ? (
        <Button
          variant="secondary"
          onClick={() => setOpen(true)}
          disabled={remaining <= 0n}
          className="w-full sm:w-auto"
          data-testid="refund-open"
        >
          <UndoIcon className="size-4" />
          {t("open")}
        </Button>
      ) : null}
      <Dialog
        open={open}
        onClose={() => setOpen(false)}
        title={t("dialogTitle")}
        description={t("dialogBody")}
        testId="refund-dialog"
      >
        <RefundForm
          entry={entry}
          originalCents={data.grossCents}
          remainingCents={remaining}
          endToEndId={data.endToEndId ?? entry.endToEndId ?? ""}
          onClose={() => setOpen(false)}
        />
      </Dialog>
    </div>
  );
}

export function RefundForm({
  entry,
  originalCents,
  remainingCents,
  endToEndId,
  onClose,
}: {
  entry: EntryView;
  originalCents: bigint;
  remainingCents: bigint;
  endToEndId: string;
  onClose: () => void;
}) {
  const t = useTranslations("refunds.action");
  const locale = useLocale();
  const money = useMoney();
  const id = useId();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const explain = useServiceError();
  const request = useMutation(trpc.refunds.request.mutationOptions());

  const [mode, setMode] = useState<"full" | "partial">("full");
  const [done, setDone] = useState<RefundView | null>(null);
  const schema = useMemo(() => refundForm(locale), [locale]);
  const form = useSchemaForm(schema, { defaultValues: { amount: "", description: "" }, shouldUnregister: true });

  const onSubmit = form.handleSubmit(({ amount, description }) => {
    if (request.isPending) return;
    if (amount !== undefined && amount > remainingCents) {
      return form.setError("amount", { message: t("overRefundable", { amount: money(remainingCents) }) });
    }
    request.mutate(
      { endToEndId, amount: amount === undefined ? null : centsToBrl(amount), description: description || undefined },
      {
        onSuccess: (refund) => {
          setDone(refund);
          void Promise.all([
            queryClient.invalidateQueries(trpc.refunds.pathFilter()),
            queryClient.invalidateQueries(trpc.account.pathFilter()),
            queryClient.invalidateQueries(trpc.ledger.pathFilter()),
            // a charge's page and list say what was refunded of it
            queryClient.invalidateQueries(trpc.charges.pathFilter()),
          ]);
        },
        onError: (cause) => showServiceError(form, explain(cause), mode === "partial" ? { amount: "amount" } : {}),
      },
    );
  });

  if (done) return <RefundResult refund={done} onClose={onClose} />;

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-5" data-testid="refund-form">
      <dl className="divide-y divide-slate-100 rounded-xl border border-slate-200 px-4">
        <ReviewRow label={t("original")} testId="refund-original">
          <span className="tabular-nums">{money(originalCents)}</span>
        </ReviewRow>
        <ReviewRow label={t("remaining")} testId="refund-remaining">
          <span className="text-base font-semibold tabular-nums">{money(remainingCents)}</span>
        </ReviewRow>
        {entry.payer ? <ReviewRow label={t("to")}>{entry.payer.name}</ReviewRow> : null}
      </dl>

      <ChoiceCards
        legend={t("amount")}
        name={`${id}-mode`}
        choices={[
          { value: "full", title: t("full"), hint: money(remainingCents) },
          { value: "partial", title: t("partial"), hint: t("partialHint") },
        ]}
        value={mode}
        onChange={setMode}
      />

      {mode === "partial" ? (
        <AmountField
          form={form}
          name="amount"
          label={t("partialAmount")}
          placeholder={t("amountPlaceholder")}
          autoFocus
        />
      ) : null}

      <FormField form={form} name="description" label={t("description")}>
        {(control) => <Input {...control} placeholder={t("descriptionPlaceholder")} maxLength={MAX_DESCRIPTION} />}
      </FormField>

      <FormAlert form={form} />

      <DialogActions>
        <Button variant="secondary" onClick={onClose} disabled={request.isPending}>
          {t("cancel")}
        </Button>
        <Button type="submit" loading={request.isPending} data-testid="refund-confirm">
          {request.isPending ? t("submitting") : t("confirm")}
        </Button>
      </DialogActions>
    </form>
  );
}

function RefundResult({ refund, onClose }: { refund: RefundView; onClose: () => void }) {
  const t = useTranslations("refunds.action");
  const money = useMoney();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <div className="space-y-5" data-testid="refund-result" data-status={refund.status}>
      <div className="flex flex-col items-center text-center">
        <span className="flex size-12 items-center justify-center rounded-full bg-amber-100 text-amber-700 ring-8 ring-amber-50">
          <ClockIcon className="size-6" />
        </span>
        <h3 ref={heading} tabIndex={-1} className="mt-4 text-base font-semibold text-slate-900 outline-none">
          {t("resultTitle")}
        </h3>
        <p className="mt-1 max-w-sm text-sm text-slate-600" role="status">
          {t("resultBody", { amount: money(refund.amountCents), name: refund.receiver?.name ?? "" })}
        </p>
      </div>
      <dl className="divide-y divide-slate-100 rounded-xl border border-slate-200 px-4">
        <ReviewRow label={t("resultAmount")}>
          <span className="tabular-nums" data-testid="refund-result-amount">
            {money(refund.amountCents)}
          </span>
        </ReviewRow>
        <ReviewRow label={t("resultStatus")}>
          <StatusBadge status={refund.status} />
        </ReviewRow>
        {refund.endToEndId ? (
          <IdRow label={t("refundEndToEnd")} value={refund.endToEndId} testId="refund-result-e2e" />
        ) : null}
      </dl>
      <DialogActions>
        <Button variant="secondary" onClick={onClose}>
          {t("close")}
        </Button>
        <ButtonLink href="/refunds" data-testid="refund-view-all">
          {t("viewRefunds")}
          <ArrowRightIcon className="size-4" />
        </ButtonLink>
      </DialogActions>
    </div>
  );
}
