"use client";

/** The three steps of every send (details, review, outcome) and what each step's form shares. */
import { type FetchQueryOptions, type QueryKey, useMutation, useQueryClient } from "@tanstack/react-query";
import type { TRPCClientErrorLike } from "@trpc/client";
import type { AnyTRPCRouter } from "@trpc/server";
import { useTranslations } from "next-intl";
import { type FormEvent, type ReactNode, useId, useState } from "react";
import type { FieldValues, Path } from "react-hook-form";
import { useMoney } from "@/components/format/money";
import { AmountField } from "@/components/forms/amount-input";
import { useAmountLimits } from "@/components/forms/amount-limits";
import { type AnyForm, FormAlert, FormField, showServiceError } from "@/components/forms/schema-form";
import { useStepUp } from "@/components/security/step-up";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { cn } from "@/components/ui/cn";
import { ArrowRightIcon, CheckIcon } from "@/components/ui/icons";
import { Input } from "@/components/ui/input";
import { MAX_DESCRIPTION } from "@/server/fields/text";
import {
  ResultPanel,
  ReviewRow,
  type SentView,
  type SourceAccount,
  type Step,
  useAfterSend,
  useBalanceCheck,
  useSendError,
} from "./shared";

type SendMutation<Input> = {
  isPending: boolean;
  mutate: (input: Input, handlers: { onSuccess: (sent: SentView) => void; onError: (error: unknown) => void }) => void;
};

/**
 * What a send looks up before its review (the receiver, the key, the code): the query asked when
 * the form is sent, never from the cache, with a mutation's `isPending` and `reset`.
 */
export function useLookup<Input, Output, Key extends QueryKey>(
  options: (input: Input) => FetchQueryOptions<Output, TRPCClientErrorLike<AnyTRPCRouter>, Output, Key>,
) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: (input: Input) => queryClient.fetchQuery({ ...options(input), staleTime: 0 }) });
}

/**
 * The steps of a `flow`'s send from `account`: the form, its review (what was checked and looked
 * up), the outcome. A refusal of the confirmed send about a field of the form goes back to the form.
 */
export function useSendSteps<Review>(account: SourceAccount, flow: Flow) {
  const afterSend = useAfterSend();
  const describeError = useSendError();
  const balanceCheck = useBalanceCheck();
  const stepUp = useStepUp();
  const [step, setStep] = useState<Step>("form");
  const [review, setReview] = useState<Review | null>(null);
  const [sent, setSent] = useState<SentView | null>(null);
  const done = (result: SentView) => {
    setSent(result);
    setStep("done");
    void afterSend();
  };
  const refused =
    <V extends FieldValues>(form: AnyForm<V>, fields: Partial<Record<string, Path<V>>>) =>
    (error: unknown) => {
      const described = describeError(error);
      showServiceError(form, described, fields);
      if (described.field && described.field in fields) setStep("form");
    };
  return {
    account,
    flow,
    step,
    review,
    sent,
    toReview(next: Review) {
      setReview(next);
      setStep("review");
    },
    back: () => setStep("form"),
    /** The amount's refusal when it is more than the account has available, else null. */
    overBalance: (cents: bigint) => balanceCheck(cents, account.availableCents),
    explain: describeError,
    /** A refusal of the lookup that leads to the review: on the field it names, else above the form. */
    lookupRefused<V extends FieldValues>(form: AnyForm<V>, fields: Partial<Record<string, Path<V>>>) {
      return (error: unknown) => showServiceError(form, describeError(error), fields);
    },
    done,
    refused,
    /** The review's submit: sends what `input` makes of the review once; a refusal as `refused` places it. */
    confirm<V extends FieldValues, Input>(
      form: AnyForm<V>,
      send: SendMutation<Input>,
      input: (review: Review) => Input,
      fields: Partial<Record<string, Path<V>>>,
    ) {
      return (event: FormEvent) => {
        event.preventDefault();
        if (!review || send.isPending) return;
        form.clearErrors("root");
        // Above the step-up amount: confirm it is you, then the same send again.
        stepUp.run((onError) => send.mutate(input(review), { onSuccess: done, onError }), refused(form, fields));
      };
    },
    /** Back to an empty form; `parts` (the form, the mutations) are reset too. */
    reset(...parts: { reset: () => void }[]) {
      setStep("form");
      setReview(null);
      setSent(null);
      for (const part of parts) part.reset();
    },
  };
}

/**
 * The step indicator, then the current step: the details form, the review of what it led to, or the
 * outcome, whose "another" empties the send (`resets`: its forms and mutations).
 */
export function SendSteps<Review>({
  steps,
  resets,
  details,
  review,
}: {
  steps: {
    step: Step;
    review: Review | null;
    sent: SentView | null;
    reset: (...parts: { reset: () => void }[]) => void;
  };
  resets: { reset: () => void }[];
  details: ReactNode;
  review: (review: Review) => ReactNode;
}) {
  const { step, sent } = steps;
  return (
    <div className="space-y-6">
      <StepIndicator step={step} />
      {step === "form" ? (
        details
      ) : step === "review" ? (
        steps.review && review(steps.review)
      ) : sent ? (
        <ResultPanel sent={sent} onAnother={() => steps.reset(...resets)} />
      ) : null}
    </div>
  );
}

/** The three ways to send, as their steps' test ids and their review's messages name them. */
export type Flow = "internal" | "pix-key" | "paste";
const FLOW_MESSAGES = {
  internal: { looking: null, title: "review.internalTitle", body: "review.internalBody" },
  "pix-key": { looking: "resolving", title: "review.pixKeyTitle", body: "review.pixKeyBody" },
  paste: { looking: "decoding", title: "review.pasteTitle", body: "review.pasteBody" },
} as const;

/** The details form: its fields, a refusal above them, and "Continue" (busy while looking up). */
export function DetailsStep<V extends FieldValues>({
  steps: { flow },
  form,
  onSubmit,
  pending,
  children,
}: {
  steps: { flow: Flow };
  form: AnyForm<V>;
  onSubmit: (event: FormEvent) => void;
  pending: boolean;
  children: ReactNode;
}) {
  const t = useTranslations("send");
  const looking = FLOW_MESSAGES[flow].looking;
  const busy = pending && looking !== null;
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-5" data-testid={`${flow}-form`}>
      <FormAlert form={form} />
      {children}
      <div className="flex justify-end">
        <Button type="submit" loading={pending} className="w-full sm:w-auto">
          {busy ? t(looking) : t("continue")}
          {busy ? null : <ArrowRightIcon className="size-4" />}
        </Button>
      </div>
    </form>
  );
}

/** The review: what will be sent and to whom (`children`), from which account, then back or confirm. */
export function ReviewStep<V extends FieldValues>({
  form,
  onSubmit,
  steps,
  confirmLabel,
  pending,
  disabled = false,
  amountCents,
  disabledReason,
  children,
}: {
  form: AnyForm<V>;
  onSubmit: (event: FormEvent) => void;
  steps: { account: SourceAccount; flow: Flow; back: () => void };
  confirmLabel: string;
  pending: boolean;
  disabled?: boolean;
  /** what will be sent, when known: above the operator's setting the person confirms it once more */
  amountCents: bigint | null;
  /** why this cannot be confirmed at all (a charge already paid): said first, and it disables the button */
  disabledReason?: string | null;
  children: ReactNode;
}) {
  const t = useTranslations("send");
  const { flow } = steps;
  const money = useMoney();
  const limits = useAmountLimits();
  const [largeConfirmed, setLargeConfirmed] = useState(false);
  const large = amountCents !== null && limits !== null && amountCents > limits.confirmAboveCents;
  const reasonId = useId();
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-5" data-testid={`${flow}-review`}>
      <div>
        <h3 className="text-base font-semibold text-slate-900">{t(FLOW_MESSAGES[flow].title)}</h3>
        <p className="mt-1 text-sm text-slate-600">{t(FLOW_MESSAGES[flow].body)}</p>
      </div>
      {disabledReason ? (
        <Alert id={reasonId} data-testid={`${flow}-blocked-reason`}>
          {disabledReason}
        </Alert>
      ) : null}
      {children}
      <p className="text-xs text-slate-500">{t("review.from", { account: steps.account.accountId })}</p>
      {large ? (
        <label className="flex items-start gap-3 rounded-xl border border-amber-300 bg-amber-50 p-4 text-sm text-amber-900">
          <input
            type="checkbox"
            className="mt-0.5 size-4 accent-emerald-700"
            checked={largeConfirmed}
            onChange={(event) => setLargeConfirmed(event.target.checked)}
            data-testid="confirm-large-amount"
          />
          <span>{t("review.largeAmount", { amount: money(amountCents) })}</span>
        </label>
      ) : null}
      <FormAlert form={form} />
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={steps.back} disabled={pending}>
          {t("back")}
        </Button>
        <Button
          type="submit"
          loading={pending}
          disabled={disabled || Boolean(disabledReason) || (large && !largeConfirmed)}
          aria-describedby={disabledReason ? reasonId : undefined}
        >
          {pending ? t("sending") : confirmLabel}
        </Button>
      </div>
    </form>
  );
}

/** The details' amount, then an optional note to the receiver (`note`: its field, named as under `send.fields`). */
export function AmountAndNote<V extends FieldValues>({
  form,
  note,
}: {
  form: AnyForm<V>;
  note: Path<V> & ("obs" | "description");
}) {
  const t = useTranslations("send");
  const field: "obs" | "description" = note;
  return (
    <>
      <AmountField
        form={form}
        name={"amount" as Path<V>}
        label={t("fields.amount")}
        placeholder={t("fields.amountPlaceholder")}
      />
      <FormField form={form} name={note} label={t(`fields.${field}`)}>
        {(control) => <Input {...control} placeholder={t(`fields.${field}Placeholder`)} maxLength={MAX_DESCRIPTION} />}
      </FormField>
    </>
  );
}

/** The amount a review shows first ("—" while the payer has not typed it). */
function AmountRow({ cents }: { cents: bigint | null }) {
  const t = useTranslations("send");
  const money = useMoney();
  return (
    <ReviewRow label={t("review.amount")} testId="review-amount">
      {cents !== null ? (
        <span className="text-base font-semibold tabular-nums">{money(cents)}</span>
      ) : (
        <span className="text-slate-500">—</span>
      )}
    </ReviewRow>
  );
}

/** The list of what a review shows: the amount (`cents`, null while not typed), then one ReviewRow each. */
export function ReviewList({ cents, children }: { cents: bigint | null; children: ReactNode }) {
  return (
    <dl className="divide-y divide-slate-100 rounded-xl border border-slate-200 px-4 sm:px-5">
      <AmountRow cents={cents} />
      {children}
    </dl>
  );
}

export function StepIndicator({ step }: { step: Step }) {
  const t = useTranslations("send.steps");
  const steps: Step[] = ["form", "review", "done"];
  const labels: Record<Step, string> = { form: t("details"), review: t("review"), done: t("done") };
  const current = steps.indexOf(step);
  return (
    <ol className="flex items-center gap-2 text-xs font-medium" aria-label={labels[step]}>
      {steps.map((value, index) => (
        <li key={value} className="flex items-center gap-2" aria-current={index === current ? "step" : undefined}>
          {index > 0 ? <span aria-hidden="true" className="h-px w-4 bg-slate-300 sm:w-6" /> : null}
          <span
            className={cn(
              "flex size-5 items-center justify-center rounded-full text-[0.6875rem]",
              index < current && "bg-emerald-700 text-white",
              index === current && "bg-emerald-50 text-emerald-800 ring-1 ring-emerald-600",
              index > current && "bg-slate-100 text-slate-500",
            )}
          >
            {index < current ? <CheckIcon className="size-3" /> : index + 1}
          </span>
          <span className={cn(index === current ? "text-slate-900" : "text-slate-500", "hidden sm:inline")}>
            {labels[value]}
          </span>
        </li>
      ))}
    </ol>
  );
}
