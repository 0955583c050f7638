"use client";

import type { FormEvent, ReactNode } from "react";
import type { FieldValues, Path } from "react-hook-form";
import type { Party } from "@/components/format/entry";
import type { AnyForm } from "@/components/forms/schema-form";
import { ReceiverSummary } from "./shared";
import { AmountAndNote, DetailsStep, ReviewList, ReviewStep, SendSteps, type useSendSteps } from "./steps";

type Lookup<Input, Found> = {
  isPending: boolean;
  mutate: (input: Input, handlers: { onSuccess: (found: Found) => void; onError: (error: unknown) => void }) => void;
};

/**
 * The details' submit of a send that looks its receiver up first (an account, a key): an amount
 * over the balance stops on the amount field; else `lookup` of `input`, then the review `review`
 * makes of what it found; a refusal of the lookup lands on the field of `fields` it names.
 */
export function lookUpReceiver<V extends FieldValues, Review, Input, Found>(
  steps: ReturnType<typeof useSendSteps<Review>>,
  form: AnyForm<V>,
  lookup: Lookup<Input, Found>,
  fields: Partial<Record<string, Path<V>>>,
  { amount, input, review }: { amount: bigint; input: Input; review: (found: Found) => Review },
) {
  const tooMuch = steps.overBalance(amount);
  if (tooMuch) return form.setError("amount" as Path<V>, { message: tooMuch });
  lookup.mutate(input, {
    onSuccess: (found) => steps.toReview(review(found)),
    onError: steps.lookupRefused(form, fields),
  });
}

/**
 * The steps of a send to a receiver looked up first: the receiver's field (`receiverField`), the
 * amount and the note (`note`) → who receives (`receiver`), the amount and the send's own rows
 * (`rows`) → confirm → outcome.
 */
export function ReceiverSteps<V extends FieldValues, Review extends { cents: bigint }>({
  steps,
  form,
  resets,
  onContinue,
  looking,
  receiverField,
  note,
  onConfirm,
  confirmLabel,
  sending,
  receiver,
  rows,
}: {
  steps: ReturnType<typeof useSendSteps<Review>>;
  form: AnyForm<V>;
  resets: { reset: () => void }[];
  onContinue: (event: FormEvent) => void;
  /** the lookup is under way */
  looking: boolean;
  receiverField: ReactNode;
  note: Path<V> & ("obs" | "description");
  onConfirm: (event: FormEvent) => void;
  confirmLabel: string;
  /** the confirmed send is under way */
  sending: boolean;
  receiver: (review: Review) => { receiver: Party; onPlatform: boolean };
  rows: (review: Review) => ReactNode;
}) {
  return (
    <SendSteps
      steps={steps}
      resets={resets}
      details={
        <DetailsStep steps={steps} form={form} onSubmit={onContinue} pending={looking}>
          {receiverField}
          <AmountAndNote form={form} note={note} />
        </DetailsStep>
      }
      review={(review) => (
        <ReviewStep
          form={form}
          onSubmit={onConfirm}
          steps={steps}
          amountCents={review.cents}
          confirmLabel={confirmLabel}
          pending={sending}
        >
          <ReceiverSummary receiver={receiver(review).receiver} onPlatform={receiver(review).onPlatform} />
          <ReviewList cents={review.cents}>{rows(review)}</ReviewList>
        </ReviewStep>
      )}
    />
  );
}
