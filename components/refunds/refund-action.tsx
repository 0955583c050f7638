"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useLocale, useTranslations } from "next-intl";
import { type FormEvent, useEffect, useId, useRef, useState } from "react";
import { StatusBadge } from "@/components/format/entry";
import { useMoney } from "@/components/format/money";
import { useAmountMessage } from "@/components/forms/field-check";
import { useServiceError } from "@/components/forms/service-error";
import { useTRPC } from "@/components/providers/trpc-provider";
import { parseAmount } from "@/components/send/amount";
import { AmountInput, ReviewRow } from "@/components/send/shared";
import { Alert } from "@/components/ui/alert";
import { Button, ButtonLink } from "@/components/ui/button";
import { ChoiceCards } from "@/components/ui/choice-cards";
import { CopyButton } from "@/components/ui/copy-button";
import { Dialog, DialogActions } from "@/components/ui/dialog";
import { describedBy, Field } from "@/components/ui/fields";
import { ArrowRightIcon, ClockIcon, UndoIcon } from "@/components/ui/icons";
import { Input } from "@/components/ui/input";
import { MAX_DESCRIPTION } from "@/server/fields/text";
import type { EntryView } from "@/server/trpc/routers/ledger";
import type { RefundView } from "@/server/trpc/routers/refunds";

/**
 * On a received PIX's detail: what can still be refunded, and the "Refund" action. Renders
 * nothing for entries the service does not refund (debits, transfers, unsettled credits).
 */
export function RefundAction({ entry }: { entry: EntryView }) {
  const t = useTranslations("refunds.action");
  const trpc = useTRPC();
  const money = useMoney();
  const [open, setOpen] = useState(false);
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
  const amountMessage = useAmountMessage();
  const locale = useLocale();
  const money = useMoney();
  const id = useId();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const explain = useServiceError();
  const request = useMutation(trpc.refunds.request.mutationOptions());

  const [mode, setMode] = useState<"full" | "partial">("full");
  const [amountText, setAmountText] = useState("");
  const [description, setDescription] = useState("");
  const [amountError, setAmountError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [done, setDone] = useState<RefundView | null>(null);

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (request.isPending) return;
    setFormError(null);
    let amount: number | null = null;
    if (mode === "partial") {
      const parsed = parseAmount(amountText, locale);
      const error = !parsed.ok
        ? amountMessage(parsed.error)
        : parsed.cents > remainingCents
          ? t("overRefundable", { amount: money(remainingCents) })
          : null;
      setAmountError(error);
      if (error || !parsed.ok) return;
      amount = parsed.value;
    }
    request.mutate(
      { endToEndId, amount, description: description.trim() || undefined },
      {
        onSuccess: (refund) => {
          setDone(refund);
          void Promise.all([
            queryClient.invalidateQueries(trpc.refunds.pathFilter()),
            queryClient.invalidateQueries(trpc.account.pathFilter()),
            queryClient.invalidateQueries(trpc.ledger.pathFilter()),
          ]);
        },
        onError: (cause) => {
          const { message, field } = explain(cause);
          if (field === "amount" && mode === "partial") setAmountError(message);
          else setFormError(message);
        },
      },
    );
  }

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
        <Field id={`${id}-amount`} label={t("partialAmount")} error={amountError}>
          <AmountInput
            id={`${id}-amount`}
            value={amountText}
            onChange={(event) => {
              setAmountText(event.target.value);
              setAmountError(null);
            }}
            placeholder={t("amountPlaceholder")}
            autoFocus
            {...describedBy(`${id}-amount`, amountError)}
          />
        </Field>
      ) : null}

      <Field id={`${id}-description`} label={t("description")}>
        <Input
          id={`${id}-description`}
          value={description}
          onChange={(event) => setDescription(event.target.value)}
          placeholder={t("descriptionPlaceholder")}
          maxLength={MAX_DESCRIPTION}
        />
      </Field>

      {formError ? <Alert>{formError}</Alert> : null}

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
          <ReviewRow label={t("refundEndToEnd")}>
            <span className="inline-flex max-w-full items-center gap-2">
              <span className="min-w-0 font-mono text-xs break-all" data-testid="refund-result-e2e">
                {refund.endToEndId}
              </span>
              <CopyButton value={refund.endToEndId} label={t("refundEndToEnd")} />
            </span>
          </ReviewRow>
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
